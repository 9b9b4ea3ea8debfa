import type { APIRequestContext, Browser, BrowserContextOptions } from '@playwright/test';
import { expect } from '@playwright/test';
import { chooseEssentialCookies } from './auth';

// Another person's browser beside the test's own (the other side of a conversation or a meeting),
// signed in as `email` through the test endpoints. Its page errors and console errors are collected in
// `errors`: the test checks them at the end, as the fixture does for its own page.
export async function openSecondBrowser({
  browser,
  request,
  baseURL,
  email,
  options = {},
}: {
  browser: Browser;
  request: APIRequestContext;
  baseURL: string | undefined;
  email: string;
  options?: BrowserContextOptions;
}) {
  const context = await browser.newContext({ baseURL, ...options });
  await chooseEssentialCookies(context, baseURL);
  const session = await request.post('/api/testing/sessions', { data: { email } });
  expect(session.ok(), await session.text()).toBe(true);
  const { token } = (await session.json()) as { token: string };
  await context.addCookies([
    { name: 'tandem_session', value: token, url: baseURL ?? '', httpOnly: true, sameSite: 'Lax' },
  ]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}
