import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createMemoryRouter, Outlet, parsePath, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { DeferredToasters } from '~/client/app/deferred-toasters';
import { preloadRouteModules, routes } from '~/client/routes';
import { type CurrentUser, principalOfUser } from '~/shared/auth';
import { accountContract } from '~/shared/contracts/account';
import { agreementsContract } from '~/shared/contracts/agreements';
import { authContract } from '~/shared/contracts/auth';
import { companyApiKeysContract } from '~/shared/contracts/company-api-keys';
import { hiringTeamContract } from '~/shared/contracts/hiring-team';
import { meetingsContract } from '~/shared/contracts/meetings';
import { messagingContract } from '~/shared/contracts/messaging';
import { notificationsContract } from '~/shared/contracts/notifications';
import { payoutsContract } from '~/shared/contracts/payouts';
import { scorecardsContract } from '~/shared/contracts/scorecards';
import { settingsContract } from '~/shared/contracts/settings';
import { adminWebhooksContract, companyWebhooksContract } from '~/shared/contracts/webhooks';
import { emailPreferenceTypesOf } from '~/shared/notifications';
import { DEFAULT_SCORECARD_CRITERIA } from '~/shared/scorecards';
import { defaultPlatformSettings } from '~/shared/settings';
import { createFakeServer, type FakeServer } from './fake-server';

// Renders the app at `path` as the browser would: the real route table (layout, portal guard, page),
// the app's query cache and notification areas, a memory history, and `fetch` answered by a fake
// server (./fake-server.ts). `user` is who authContract.me says is signed in (null: nobody).

interface RenderRouteOptions {
  user?: CurrentUser | null;
  server?: FakeServer;
  // The history entry's state, as a link that passes one (<Link state>) leaves it.
  historyState?: unknown;
}

// A file's pages, imported in its beforeAll: the first import of a page is cold (seconds on a slow machine,
// untransformed on a fresh clone), and would otherwise count against the file's first test. The two
// notification systems too: they load with the first notification (app/deferred-toasters.tsx), which a
// test then waits for within the 5 s of findBy — not enough for a cold import on a busy CI.
export async function preloadPages(...hrefs: string[]): Promise<void> {
  await Promise.all([
    ...hrefs.map((href) => preloadRouteModules(new URL(href, 'http://localhost').pathname)),
    import('~/client/components/ui/toaster'),
    import('~/client/components/ui/sonner'),
  ]);
}

export async function renderRoute(
  path: string,
  { user = null, server = createFakeServer(), historyState }: RenderRouteOptions = {},
) {
  server.fallback(authContract.me, () => ({ user }));
  // The sign-in page lists the identity providers (a portal that signs out or is signed out lands there):
  // none configured.
  server.fallback(authContract.providers, () => ({ providers: [] }));
  // The portal header's bell, and the settings' email notifications: nothing yet, all on.
  server.fallback(notificationsContract.list, ({ query }) => ({
    items: [],
    total: 0,
    page: Number(query.get('page') ?? 1),
    page_size: Number(query.get('page_size') ?? 10),
    unread_count: 0,
  }));
  server.fallback(notificationsContract.preferences, () => ({
    preferences: user ? emailPreferenceTypesOf(principalOfUser(user)).map((type) => ({ type, email: true })) : [],
  }));
  // The person's own time zone (lib/own-time-zone.ts): none set, unless a test answers otherwise.
  server.fallback(accountContract.timeZone, () => ({ time_zone: null }));
  // The header's Message button counts unread messages (messaging/unread-messages-badge.tsx).
  server.fallback(messagingContract.unreadCount, () => ({ unread_count: 0 }));
  // The administrators' portal reads System Settings for its maintenance banner: the defaults, mode off.
  server.fallback(settingsContract.read, () => ({ settings: defaultPlatformSettings }));
  // A talent's view of a company's amounts in their payout currency: paid in dollars, so none is shown.
  server.fallback(payoutsContract.conversionRates, () => ({
    payout_currency: 'USD' as const,
    margin_basis_points: 0,
    rates: [],
  }));
  // A company job page's hiring team, an application's scorecards and the colleagues to pick: none yet.
  server.fallback(hiringTeamContract.get, () => ({
    members: [],
    scorecard_criteria: [...DEFAULT_SCORECARD_CRITERIA],
    default_criteria: true,
  }));
  server.fallback(hiringTeamContract.pipelineMembers, () => ({ items: [] }));
  // Make Offer and Settings read the company's agreement templates and how its hires sign (issue 57): none of
  // its own, nothing ticked, Tandem's defaults otherwise.
  server.fallback(agreementsContract.templates, ({ query }) => ({
    defaults: [],
    items: [],
    total: 0,
    page: 1,
    page_size: Number(query.get('page_size') ?? 10),
  }));
  // Settings → Integrations (issue 58): no API keys made yet.
  server.fallback(companyApiKeysContract.list, () => ({ keys: [], scopes: [], rate_limit_per_minute: 600 }));
  // System Settings and Integrations list webhook endpoints: none.
  server.fallback(adminWebhooksContract.list, () => ({ endpoints: [], event_types: [] }));
  server.fallback(companyWebhooksContract.list, () => ({ endpoints: [], event_types: [] }));
  server.fallback(agreementsContract.jobAgreements, () => ({ templates: null, effective: [] }));
  server.fallback(agreementsContract.settings, () => ({
    default_templates: [],
    countersign: true,
    work_waits_for_signatures: true,
    governing_law: '',
    notice_period: '',
  }));
  server.fallback(scorecardsContract.list, () => ({
    criteria: [...DEFAULT_SCORECARD_CRITERIA],
    default_stage: 'shortlisted' as const,
    count: 0,
    overall_average: null,
    criterion_averages: [],
    scorecards: [],
    can_fill: user?.role === 'company',
  }));
  // An invitee's other meetings, under the Schedule Meeting time: none, unless a test answers otherwise.
  server.fallback(meetingsContract.inviteeBusy, () => ({ items: [] }));
  vi.stubGlobal('fetch', server.fetch);
  // The notification areas inside the router, as App puts them (app/app.tsx): a toast's action may be a link.
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <DeferredToasters />
          </>
        ),
        children: routes,
      },
    ],
    { initialEntries: [historyState === undefined ? path : { ...parsePath(path), state: historyState }] },
  );
  // As main.tsx: the page's modules are loaded before the first render.
  await preloadRouteModules(router.state.location.pathname);
  // No pause between keystrokes: the tests type a lot, and nothing here depends on timing.
  const events = userEvent.setup({ delay: null });
  const view = render(
    <Suspense fallback={null}>
      <RouterProvider router={router} />
    </Suspense>,
  );
  return { ...view, router, server, events };
}
