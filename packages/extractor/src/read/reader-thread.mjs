// A reader thread's entry: the thread starts without the parent's TypeScript loader (Node 20
// applies `--import tsx` to the main thread only), so register it here, then run the reader.
import { register } from 'tsx/esm/api';

register();
await import('./reader-thread.ts');
