import type { A } from './a.ts';
export const b = (a: A) => a;
