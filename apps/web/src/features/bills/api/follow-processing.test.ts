import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followBillProcessing, type ProcessingHandlers } from './follow-processing.ts';

class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly listeners = new Map<string, (event: { data: string }) => void>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, listener);
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) });
  }
  close() {
    this.closed = true;
  }
}

function handlers() {
  return { onProgress: vi.fn(), onDone: vi.fn(), onFailed: vi.fn() } satisfies ProcessingHandlers;
}

function billResponse(status: string, extra: Record<string, unknown> = {}) {
  return new Response(JSON.stringify({ bill: { id: 'b1', status, progress: status === 'processing' ? 50 : 100, failureReason: null, ...extra } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeEventSource.last = null;
});

describe('followBillProcessing', () => {
  it('follows the event stream of the bill and stops at done', () => {
    const h = handlers();
    followBillProcessing('b1', h);
    const source = FakeEventSource.last;
    expect(source?.url).toBe('/api/bills/b1/events');
    source?.emit('progress', { status: 'processing', progress: 50, step: 'reading_bill' });
    source?.emit('done', { bill: { id: 'b1', status: 'processed' } });
    expect(h.onProgress).toHaveBeenCalledWith({ status: 'processing', progress: 50, step: 'reading_bill' });
    expect(h.onDone).toHaveBeenCalledWith({ id: 'b1', status: 'processed' });
    expect(source?.closed).toBe(true);
  });

  it('reports the reason of a failed job', () => {
    const h = handlers();
    followBillProcessing('b1', h);
    FakeEventSource.last?.emit('failed', { reason: 'The PDF is damaged or incomplete.' });
    expect(h.onFailed).toHaveBeenCalledWith('The PDF is damaged or incomplete.');
    expect(h.onDone).not.toHaveBeenCalled();
  });

  it('falls back to polling the bill when the stream breaks', async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(billResponse('processing')).mockResolvedValueOnce(billResponse('processed'));
    vi.stubGlobal('fetch', fetchMock);
    const h = handlers();
    followBillProcessing('b1', h);
    FakeEventSource.last?.onerror?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.onProgress).toHaveBeenCalledWith({ status: 'processing', progress: 50, step: null });
    await vi.advanceTimersByTimeAsync(1500);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/bills/b1');
    expect(h.onDone).toHaveBeenCalledTimes(1);
  });

  it('stops following when cancelled', async () => {
    const fetchMock = vi.fn().mockResolvedValue(billResponse('processing'));
    vi.stubGlobal('fetch', fetchMock);
    const h = handlers();
    const stop = followBillProcessing('b1', h);
    FakeEventSource.last?.onerror?.();
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    FakeEventSource.last?.emit('done', { bill: { id: 'b1' } });
    expect(h.onDone).not.toHaveBeenCalled();
  });
});
