import path from 'node:path';
import { defineConfig } from 'vitest/config';

// A console.error fails every kind of test (STYLE.md 19).
const failOnConsoleError = 'src/server/testing/fail-on-console-error.ts';

export default defineConfig({
  resolve: {
    alias: { '~': path.resolve(import.meta.dirname, 'src') },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
          // Each test file gets its own database; starting one (PGlite plus migrations) takes a few seconds.
          testTimeout: 20_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: {
          // Component tests: the real pages and routes in a simulated browser, the API faked per test
          // (src/client/testing/render-route.tsx).
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: [failOnConsoleError, 'src/client/testing/setup-dom.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
