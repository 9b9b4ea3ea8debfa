import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { DeferredToasters } from '~/client/app/deferred-toasters';
import { preloadRouteModules, routes } from '~/client/routes';
import type { CurrentUser } from '~/shared/auth';
import { createFakeServer, type FakeServer } from './fake-server';

// Renders the app at `path` as the browser would: the real route table (layout, portal guard, page),
// the app's query cache and notification areas, a memory history, and `fetch` answered by a fake
// server (./fake-server.ts). `user` is who /api/auth/me says is signed in (null: nobody).

interface RenderRouteOptions {
  user?: CurrentUser | null;
  server?: FakeServer;
}

export async function renderRoute(path: string, { user = null, server = createFakeServer() }: RenderRouteOptions = {}) {
  server.fallback('GET', '/api/auth/me', () => ({ user }));
  vi.stubGlobal('fetch', server.fetch);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // As main.tsx: the page's modules are loaded before the first render.
  await preloadRouteModules(router.state.location.pathname);
  // No pause between keystrokes: the tests type a lot, and nothing here depends on timing.
  const events = userEvent.setup({ delay: null });
  const view = render(
    <>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
      <DeferredToasters />
    </>,
  );
  return { ...view, router, server, events };
}
