import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { savedSearchesContract } from '~/shared/contracts/saved-searches';
import { paths } from '~/shared/routes';
import { type JobAlertSubscription, savedSearchTexts } from '~/shared/saved-searches';

const token = 'alert_token_abcdefghijklmnopqrstuvwxyz012345';
const unsubscribePath = paths.jobAlertUnsubscribe.getHref({ token });

function subscription(overrides: Partial<JobAlertSubscription> = {}): JobAlertSubscription {
  return {
    search_name: 'React contracts',
    frequency: 'weekly',
    manage_url: 'http://localhost/applicant-saved-searches',
    ...overrides,
  };
}

const unsubscribeCalls = (server: ReturnType<typeof createFakeServer>) =>
  server.requests.filter((request) => request.method === 'POST');

// /job-alerts/:token/unsubscribe: the link at the foot of an alert email, opened without signing in.
describe('the job alert unsubscribe page', () => {
  it('names the search and turns its alerts off only when asked — opening the link changes nothing', async () => {
    const server = createFakeServer();
    server.on(savedSearchesContract.alert, () => subscription());
    server.on(savedSearchesContract.unsubscribe, () => subscription({ frequency: 'none' }));
    const { events } = await renderRoute(unsubscribePath, { server });

    expect(
      await screen.findByText('Your saved search “React contracts” emails you its new jobs every week.'),
    ).toBeInTheDocument();
    expect(unsubscribeCalls(server)).toHaveLength(0);

    await events.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are unsubscribed from “React contracts”.')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(savedSearchTexts.unsubscribed))).toBeInTheDocument();
    expect(unsubscribeCalls(server)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Manage saved searches' })).toHaveAttribute(
      'href',
      paths.applicantSavedSearches.getHref(),
    );
  });

  it('says so when the search already sends no emails, and offers no button', async () => {
    const server = createFakeServer();
    server.on(savedSearchesContract.alert, () => subscription({ frequency: 'none' }));
    await renderRoute(unsubscribePath, { server });
    expect(await screen.findByText('“React contracts” sends no emails.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('says when the link names no saved search any more', async () => {
    const server = createFakeServer();
    server.on(savedSearchesContract.alert, () => replyError(404, 'not_found', savedSearchTexts.unsubscribeNotFound));
    await renderRoute(unsubscribePath, { server });
    expect(await screen.findByText(savedSearchTexts.unsubscribeNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('offers to try again when the alerts cannot be read, and reads them again', async () => {
    const server = createFakeServer();
    let isDown = true;
    server.on(savedSearchesContract.alert, () =>
      isDown ? replyError(503, 'unavailable', 'Tandem is busy right now.') : subscription(),
    );
    const { events } = await renderRoute(unsubscribePath, { server });
    expect(await screen.findByText('Tandem is busy right now.')).toBeInTheDocument();
    isDown = false;
    await events.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
  });

  it('keeps the button when turning the alerts off fails, and says why', async () => {
    const server = createFakeServer();
    server.on(savedSearchesContract.alert, () => subscription({ frequency: 'daily' }));
    server.on(savedSearchesContract.unsubscribe, () =>
      replyError(503, 'unavailable', 'Tandem is busy right now. Please try again in a moment.'),
    );
    const { events } = await renderRoute(unsubscribePath, { server });
    await events.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Tandem is busy right now. Please try again in a moment.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });
});
