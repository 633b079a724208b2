// Lint fixture: the database layer importing the platform above it (forbidden).
import type { Storage } from '../platform/storage.ts';

export const backup = async (storage: Storage): Promise<number> => (await storage.get('a'))?.length ?? 0;
