import { clsx, type ClassValue } from 'clsx';
import { mergeClasses } from './class-merge.ts';

/** Joins class lists, later Tailwind classes winning over earlier conflicting ones (lib/class-merge.ts). */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
