import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedApplicationDrawer } from '~/client/testing/application-drawer-fixture';
import { companyUser, fakeId, scheduledMeeting } from '~/client/testing/data-generators';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { meetingsContract } from '~/shared/contracts/meetings';
import type { Meeting } from '~/shared/meetings';

// Meet Now from an application (Upwork's "meet now"): an intro starting on the next minute, the applicant
// asked to join, the organizer taken into the room; or the server's sentence when it cannot be scheduled.
async function openDrawer(answer: (body: { starts_at: string; duration_minutes: number }) => Meeting | Response) {
  const server = createFakeServer();
  const { path, detail } = seedApplicationDrawer(server);
  const sent: unknown[] = [];
  server.on(meetingsContract.schedule, ({ body }) => {
    sent.push(body);
    return answer(body) as Meeting;
  });
  // The room, once there: still loading is enough here.
  server.on(meetingsContract.room, () => new Promise<never>(() => {}));
  const view = await renderRoute(path, { user: companyUser(), server });
  const drawer = await screen.findByRole('dialog', { name: /Grace Hopper/ });
  return { ...view, drawer, sent, detail };
}

describe('Meet Now', () => {
  it('schedules an intro on the next minute and opens its room', async () => {
    const { events, drawer, sent, detail, router } = await openDrawer((body) =>
      scheduledMeeting({ ...body, application_id: fakeId() }),
    );
    const before = Date.now();
    await events.click(within(drawer).getByRole('button', { name: 'Meet Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/meet/abcdefghijklmnopqrstuvwx'));
    expect(sent).toEqual([
      {
        application_id: detail.id,
        type: 'intro',
        starts_at: expect.any(String),
        duration_minutes: 30,
        title: 'Call with Grace Hopper',
      },
    ]);
    const startsAt = Date.parse((sent[0] as { starts_at: string }).starts_at);
    expect(startsAt % 60_000).toBe(0);
    expect(startsAt).toBeGreaterThan(before);
    expect(startsAt - before).toBeLessThanOrEqual(90_000);
  });

  it('says why when the call cannot be started', async () => {
    const { events, drawer, router } = await openDrawer(
      () => replyError(409, 'conflict', 'Set your time zone first.') as unknown as Response,
    );
    const path = router.state.location.pathname;
    await events.click(within(drawer).getByRole('button', { name: 'Meet Now' }));
    // The drawer is modal: the notification area outside it is hidden from the accessibility tree, and the
    // toaster's code may still be loading on a busy machine, so the sentence is looked for as text.
    expect(
      (await screen.findAllByText('Set your time zone first.', undefined, { timeout: 5_000 }))[0],
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });
});
