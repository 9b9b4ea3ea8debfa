import { afterAll, afterEach, vi } from 'vitest';

// A console.error during a test is a bug the test did not notice; fail it (docs/style.md 19).
const errors: string[] = [];

const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args.map(String).join(' '));
});

afterEach(() => {
  if (errors.length === 0) return;
  const logged = errors.splice(0);
  throw new Error(`console.error was called during the test:\n${logged.join('\n')}`);
});

// Files that share a worker each run this setup again; each puts back what it changed, fake timers included.
afterAll(() => {
  consoleError.mockRestore();
  vi.useRealTimers();
});
