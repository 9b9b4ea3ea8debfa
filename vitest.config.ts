import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '~': path.resolve(import.meta.dirname, 'src') },
  },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/server/testing/fail-on-console-error.ts'],
    // Each test file gets its own database; starting one (PGlite plus migrations) takes a few seconds.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
