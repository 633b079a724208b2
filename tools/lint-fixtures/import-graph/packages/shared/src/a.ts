// A loop of two modules, one side type-only: still a loop.
import { b } from './b.ts';
export type A = { b: typeof b };
