import fs from 'node:fs/promises';
import path from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { CompanyRole, Role } from '../../../src/shared/permissions';

export interface TestAccount {
  id: string;
  email: string;
  name: string;
  role: Role;
  password: string;
}

interface AccountOptions {
  email?: string;
  name?: string;
  password?: string;
  company_name?: string;
  email_verified?: boolean;
  totp_secret?: string;
  // The IANA zone the person chose in Settings (an applicant's is their profile's).
  time_zone?: string;
  // A company account joining the company of this company account's email, in this role.
  colleague_of?: string;
  company_role?: CompanyRole;
  // A company account that belongs to no company (removed from its team).
  without_company?: boolean;
}

// Every browser test fails on a page error or a console error (docs/style.md 19). A test that expects a
// particular console error names it with test.use({ expectedConsoleErrors: [/.../] }) and must then
// see it; every console line is readable through `consoleMessages`.
export const test = base.extend<
  {
    consoleMessages: string[];
    expectedConsoleErrors: RegExp[];
    // Creates an account through the test endpoints (ENABLE_TEST_ROUTES) and returns it, password included.
    createAccount: (role: Role, options?: AccountOptions) => Promise<TestAccount>;
    // Signs this browser in as an existing account, without the form (docs/style.md 20).
    signIn: (account: TestAccount) => Promise<void>;
    // Creates an account and signs this browser in as it, without the form (docs/style.md 20).
    loginAs: (role: Role, options?: AccountOptions) => Promise<TestAccount>;
  },
  {
    // One account of the role for every test of this worker: for tests that only look at pages and
    // change nothing, so each does not pay for a new account (its password hash) just to sign in.
    workerAccount: (role: Role) => Promise<TestAccount>;
  }
>({
  createAccount: async ({ request }, use) => {
    await use(async (role, options = {}) => {
      const response = await request.post('/api/testing/accounts', { data: { role, ...options } });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as TestAccount;
    });
  },
  signIn: async ({ request, page, baseURL }, use) => {
    await use(async (account) => {
      const response = await request.post('/api/testing/sessions', { data: { email: account.email } });
      expect(response.ok(), await response.text()).toBe(true);
      const { token } = (await response.json()) as { token: string };
      await page
        .context()
        .addCookies([{ name: 'tandem_session', value: token, url: baseURL ?? '', httpOnly: true, sameSite: 'Lax' }]);
    });
  },
  loginAs: async ({ createAccount, signIn }, use) => {
    await use(async (role, options = {}) => {
      const account = await createAccount(role, options);
      await signIn(account);
      return account;
    });
  },
  workerAccount: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
      const accounts = new Map<Role, Promise<TestAccount>>();
      await use((role) => {
        let account = accounts.get(role);
        if (!account) {
          account = request.post('/api/testing/accounts', { data: { role } }).then(async (response) => {
            expect(response.status(), await response.text()).toBe(201);
            return (await response.json()) as TestAccount;
          });
          accounts.set(role, account);
        }
        return account;
      });
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  // A prerendered page paints before its JavaScript runs: a click in between would be lost, so every
  // navigation waits until React has hydrated the page (src/client/app/hydration-marker.tsx).
  page: async ({ page }, use) => {
    const untilInteractive = () =>
      page.waitForFunction(
        () =>
          document.getElementById('root')?.dataset.prerendered !== 'true' ||
          document.documentElement.dataset.hydrated === 'true',
      );
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()['content-type']?.includes('text/html')) await untilInteractive();
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (response?.headers()['content-type']?.includes('text/html')) await untilInteractive();
      return response;
    };
    await use(page);
  },
  expectedConsoleErrors: [[], { option: true }],
  consoleMessages: [
    async ({ page, expectedConsoleErrors }, use) => {
      const messages: string[] = [];
      const errors: string[] = [];
      page.on('console', (message) => {
        messages.push(`${message.type()}: ${message.text()}`);
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      // The browser reports what the content security policy blocked; nothing we ship may be blocked.
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/csp-reports') {
          errors.push(`CSP violation: ${request.postData()}`);
        }
      });
      await use(messages);
      for (const expected of expectedConsoleErrors) {
        expect(
          errors.some((error) => expected.test(error)),
          `expected console error ${expected}`,
        ).toBe(true);
      }
      const unexpected = errors.filter((error) => !expectedConsoleErrors.some((expected) => expected.test(error)));
      expect(unexpected, 'console errors and page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;

// Pictures are for a person reviewing the look (`SCREENSHOTS=1 npx playwright test`): nothing compares
// them, so a run that did not ask for them skips the capture and its viewport changes. Every
// screenshot goes through here; the assertions around a call run either way.
const screenshotsWanted = process.env.SCREENSHOTS === '1';
const screenshotDirectory = path.resolve('test-results/screenshots');

// Saves one screenshot of the page at its current size as test-results/screenshots/<name>.png.
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!screenshotsWanted) return;
  await fs.mkdir(screenshotDirectory, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDirectory, `${name}.png`), fullPage: options.fullPage ?? false });
}

// Saves a full-page screenshot at desktop (1280px) and mobile (375px) widths,
// then gives the page its own size back so the test goes on as it started. `scrollTo` names what must be in
// the picture inside something that scrolls on its own (a field low in a dialog), scrolled to at each width.
export async function saveScreenshots(page: Page, name: string, { scrollTo }: { scrollTo?: Locator } = {}) {
  if (!screenshotsWanted) return;
  const original = page.viewportSize();
  // From the top: a page scrolled down pictures its sticky header in the middle.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  for (const [label, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => document.fonts.ready);
    await scrollTo?.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `${name}-${label}`, { fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
