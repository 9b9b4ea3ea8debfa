import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect } from '@playwright/test';
import { CONSENT_COOKIE_NAME } from '../../../src/shared/cookie-consent';

// Fresh addresses and passwords for journeys that create accounts through the forms (tests run in parallel).
export function uniqueEmail(label: string) {
  return `${label}-${randomBytes(5).toString('hex')}@example.test`;
}

export function uniquePassword() {
  return `Pw-${randomBytes(9).toString('base64url')}`;
}

// The link (path and query) of the newest email to `to` whose link starts with `pathPrefix`.
// `containing` picks the email about one thing among several to the same person (administrators hear of every
// contact message, including those other tests send meanwhile).
export async function readEmailLink(
  request: APIRequestContext,
  to: string,
  pathPrefix: string,
  { containing }: { containing?: string } = {},
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/testing/outbox?to=${encodeURIComponent(to)}`);
      const { items } = (await response.json()) as { items: Array<{ subject: string; text: string }> };
      for (const item of items) {
        if (containing && !item.text.includes(containing)) continue;
        const match = item.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === pathPrefix);
        if (match) {
          const url = new URL(match);
          link = `${url.pathname}${url.search}`;
          return true;
        }
      }
      return false;
    }, `an email to ${to} with a ${pathPrefix} link`)
    .toBe(true);
  if (!link) throw new Error(`No ${pathPrefix} link was emailed to ${to}`);
  return link;
}

// The cookie choice already made, so pictures of a page show the page rather than the consent banner.
export async function chooseEssentialCookies(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: CONSENT_COOKIE_NAME, value: 'essential', url: baseURL ?? '', sameSite: 'Lax' }]);
}
