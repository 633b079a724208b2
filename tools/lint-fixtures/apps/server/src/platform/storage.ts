// Lint fixture: a platform adapter.
export type Storage = { get(key: string): Promise<Uint8Array | null> };
