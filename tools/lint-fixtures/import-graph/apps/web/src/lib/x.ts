// A loop through the web's `@/` alias and an extensionless import.
import { y } from '@/lib/y.ts';
export const x = () => y;
