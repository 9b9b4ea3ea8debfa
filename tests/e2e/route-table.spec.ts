import type { Page } from '@playwright/test';
import type { Role } from '../../src/shared/permissions';
import { type LayoutKind, type PageId, pageIds, paths } from '../../src/shared/routes';
import { expect, test } from './support/test';

// Every path of the route table renders its page in the right layout.

const sampleParams = { slug: 'saas-startup-growth', id: '42', token: 'no-such-room' };

// The public job page's sample names no job: the server answers 404 for crawlers, and the page still
// renders in its layout to say the job is not available.
const answersNotFound: PageId[] = ['jobPost'];

function sampleUrl(id: PageId): string {
  return paths[id].path.replace(/:([A-Za-z]+)/g, (_, name: keyof typeof sampleParams) => sampleParams[name]);
}

// A link that only that layout's navigation has.
const layoutMarkers: Record<LayoutKind, { navigation: string; link: string }> = {
  public: { navigation: 'Main', link: 'Case Studies' },
  auth: { navigation: '', link: '' },
  company: { navigation: 'Company Portal navigation', link: 'Talent Search' },
  applicant: { navigation: 'Talent Portal navigation', link: 'Find Jobs' },
  admin: { navigation: 'Admin Console navigation', link: 'Audit Logs' },
  manager: { navigation: 'Manager Portal navigation', link: 'My Companies' },
};

// Portal pages are for their own role, signed in.
const layoutRoles: Partial<Record<LayoutKind, Role>> = {
  company: 'company',
  applicant: 'applicant',
  admin: 'admin',
  manager: 'account_manager',
};

// Pages in groups of eight: both workers share the seventy-odd pages, and each group pays for one browser
// context, one sign-in and a warm cache (one test per page cost more than twice the time of the loop).
const PAGES_PER_TEST = 8;

async function expectPageInLayout(page: Page, id: PageId, layout: LayoutKind) {
  const url = sampleUrl(id);
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(answersNotFound.includes(id) ? 404 : 200);
  if (id === 'meetingRoom') {
    // A meeting room is for its participants: a visitor is asked to sign in first.
    await expect(page, url).toHaveURL(/\/login/);
    await expect(page, url).toHaveTitle('Sign In · Tandem');
    return;
  }
  if (layout === 'public') {
    // Marketing pages write their own headline; the route's title names the page in the browser tab.
    await expect(page.getByRole('heading', { level: 1 }), url).toBeVisible();
    if (!paths[id].path.includes(':')) await expect(page, url).toHaveTitle(`${paths[id].title} · Tandem`);
  } else {
    await expect(page.getByRole('heading', { level: 1 }), url).toHaveText(paths[id].title);
    await expect(page, url).toHaveTitle(`${paths[id].title} · Tandem`);
  }

  // The unsubscribe page's read of the sample token is answered 400: wait for the page to say so, so the
  // browser has logged the refused request before the next page (or the test's end) comes.
  if (id === 'jobAlertUnsubscribe') await expect(page.getByRole('alert'), url).toBeVisible();

  const marker = layoutMarkers[layout];
  if (layout === 'auth') {
    await expect(page.getByRole('link', { name: 'Tandem' }), url).toHaveAttribute('href', '/');
    await expect(page.getByRole('navigation'), url).toHaveCount(0);
  } else {
    const navigation = page.getByRole('navigation', { name: marker.navigation }).first();
    await expect(navigation.getByRole('link', { name: marker.link, exact: true }), url).toBeVisible();
  }
  // Only the layout of its own role: no portal sidebar of another role.
  for (const [otherLayout, other] of Object.entries(layoutMarkers)) {
    if (otherLayout === layout || !other.navigation || otherLayout === 'public') continue;
    await expect(page.getByRole('navigation', { name: other.navigation }), url).toHaveCount(0);
  }
}

for (const layout of Object.keys(layoutMarkers) as LayoutKind[]) {
  const ids = pageIds.filter((pageId) => paths[pageId].layout === layout);
  for (let first = 0; first < ids.length; first += PAGES_PER_TEST) {
    const group = ids.slice(first, first + PAGES_PER_TEST);
    test.describe(() => {
      // The browser reports a document's own 404 status as a console error.
      if (group.some((id) => answersNotFound.includes(id))) {
        test.use({ expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });
      }
      // The sample token is not a job alert's token: the unsubscribe page's read is answered 400, and says so.
      if (group.includes('jobAlertUnsubscribe')) {
        test.use({ expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });
      }
      test(`every ${layout} page renders in the ${layout} layout: ${group.map(sampleUrl).join(' ')}`, async ({
        page,
        workerAccount,
        signIn,
      }) => {
        const role = layoutRoles[layout];
        if (role) await signIn(await workerAccount(role));
        for (const id of group) await expectPageInLayout(page, id, layout);
      });
    });
  }
}
