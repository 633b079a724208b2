export const y = async () => (await import('./x')).x;
