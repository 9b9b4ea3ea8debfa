import path from 'node:path';
import { defineConfig } from 'vite';

// The production server (`npm start`) as plain JavaScript: src/server/main.ts and what it imports from
// src, bundled into build/server/main.js; packages stay in node_modules, but for the two named below. Files the server reads next to
// its code (migrations, the common-password list) are copied beside the bundle by scripts/build-server.ts.
export default defineConfig({
  // The client's public files are the client build's business.
  publicDir: false,
  resolve: {
    alias: { '~': path.resolve(import.meta.dirname, 'src') },
  },
  ssr: {
    // Bundled rather than loaded from node_modules: Node reads a file's package.json to load it, and these two
    // packages have hundreds of files and 180-200 KB package.json files. Loaded from node_modules, date-fns
    // alone took 1.9 s of a start (npm run bench:start); bundled, only the functions the server uses load.
    noExternal: ['date-fns', 'drizzle-orm'],
  },
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'build/server',
    emptyOutDir: true,
    target: 'node24',
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      output: {
        // A chunk imported on demand (the test routes) keeps its name; what it shares with main.js is one
        // chunk main.js imports at start, named for what it is rather than for one of its modules.
        chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'chunks/[name]-[hash].js' : 'chunks/shared-[hash].js'),
      },
    },
  },
});
