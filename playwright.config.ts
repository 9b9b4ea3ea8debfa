import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium: test tools cannot download a browser here. Its headless shell first (apt-get install
// chromium-headless-shell): the same engine without the browser's shell, a third less CPU for the same suite
// (decision 025); the full browser when only it is installed.
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync(
      'sh',
      ['-c', 'command -v chromium-headless-shell || command -v chromium || command -v chromium-browser'],
      {
        encoding: 'utf8',
      },
    ).trim();
  } catch {
    return undefined;
  }
}

const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

const SITE_WIDE_TESTS = /maintenance-mode\.spec\.ts/;
// Calls in the video room: Chromium's fake camera and microphone (a test pattern and a beep), granted
// without asking, and sound allowed to play before a click.
const MEDIA_TESTS = /meeting-room\.spec\.ts/;
const chromiumWithMedia = {
  ...chromium,
  launchOptions: {
    ...chromium.launchOptions,
    args: [
      ...chromium.launchOptions.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  // Three on two cores: with two, a third of the CPU sat idle while tests waited on the server and the
  // browser (vmstat over a whole run: 36 % idle); with three, 6 %, and the suite took 298 s instead of 327 s.
  workers: 3,
  forbidOnly: true,
  // A failure runs once more with a trace (use.trace below); a test that passes only on its retry
  // still fails the run, so the retry records the failure without hiding a flaky test.
  retries: 1,
  failOnFlakyTests: true,
  // The longest journeys (search, save, apply, then axe on the page) take 25-35 s on a slow day of
  // this two-core machine, with the other worker and the server beside them.
  timeout: 60_000,
  // The workers, their browsers and the server share two cores: a portal page's first paint of data
  // has been measured at up to 6 s under that load (1.2 s on an idle machine), past the 5 s default.
  expect: { timeout: 10_000 },
  // The durations reporter feeds `npm run test:durations` (docs/testing.md).
  reporter: [['list'], ['./tests/e2e/support/durations-reporter.ts']],
  // Starts the built server on a free port with a fresh database (support/global-setup.ts).
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // Recording every test cost ~100 s of CPU a run (~50 s on two cores; retain-on-failure vs off,
    // measured on the whole suite): the trace is recorded only on a failed test's retry.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // As a person who asked their system for less motion: nothing animates (the app and sonner honour it), so
    // no click waits for a transition to settle, and a toast is either fully shown or gone — the accessibility
    // check reads it as shown instead of waiting 5 s for it to fade out (support/accessibility.ts).
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [SITE_WIDE_TESTS, MEDIA_TESTS],
      use: chromium,
    },
    {
      name: 'media',
      testMatch: MEDIA_TESTS,
      use: chromiumWithMedia,
    },
    {
      // Journeys that change the whole site (maintenance mode answers 503 to every browser but an
      // administrator's): they run on their own, after every other test, and put the site back.
      name: 'site-wide',
      testMatch: SITE_WIDE_TESTS,
      dependencies: ['chromium'],
      use: chromium,
    },
  ],
});
