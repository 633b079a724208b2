import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress, preloadLatinFont } from './build-plugins.ts';

const FIRST_LOAD_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;
/** lucide-react's icon runtime (not the icons): the header's icons need it on every first load. */
const LUCIDE_RUNTIME = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context)\.mjs$|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]shared[\\/]/;
const LATER_ONLY = /react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)$|@tanstack[\\/]react-query[\\/].*[\\/](useMutation|useMutationState|useIsMutating)\.js$|mutationObserver\.js$/;

/** Libraries the first page of every visit runs (the vendor chunk). */
function isFirstLoadLibrary(id: string): boolean {
  return (FIRST_LOAD_LIBRARIES.test(id) || LUCIDE_RUNTIME.test(id)) && !LATER_ONLY.test(id);
}

const root = path.dirname(fileURLToPath(import.meta.url));
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadLatinFont(), precompress()],
  resolve: { alias: { '@': path.join(root, 'src') } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
    },
  },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // What every page runs first, in one file: one request and one compression window
        // instead of five small shared chunks (smaller in total than the split). Parts of these
        // libraries that only signed-in screens use (portals, mutations) stay out of it.
        codeSplitting: { groups: [{ name: 'vendor', test: isFirstLoadLibrary }] },
      },
    },
  },
});
