const loading = new Map<string, Promise<void>>();

/** Adds a third-party script once; used only when a hosted captcha provider is configured. */
export function loadScript(src: string): Promise<void> {
  const existing = loading.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.defer = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      reject(new Error('failed to load script'));
    };
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}

/** Polls until `check` returns a value or the timeout passes (captcha loader: 100 ms polling). */
export async function waitFor<T>(check: () => T | undefined, timeoutMs: number, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timeout');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
