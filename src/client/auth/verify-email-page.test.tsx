import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicantUser } from '~/client/testing/data-generators';
import { createFakeServer } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { authContract } from '~/shared/contracts/auth';
import { paths } from '~/shared/routes';

// The emailed confirmation link of a new account: once confirmed, on to where the person was going when they
// registered (the link carries it, from a job page say), else to their dashboard.
function confirmingServer() {
  const server = createFakeServer();
  server.on(authContract.confirmEmail, () => ({ message: 'Your email address is confirmed.' }));
  return server;
}

const job = '/jobs/5b0b5d0e-8d1f-4d55-9d52-3c3c5c1b2a10?apply=1';

describe('the email confirmation page', () => {
  it('leads on to where the person was going when they registered', async () => {
    const href = `${paths.verifyEmail.getHref()}?${new URLSearchParams({ token: 't1', next: job })}`;
    await renderRoute(href, { user: applicantUser(), server: confirmingServer() });
    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue where you left off' })).toHaveAttribute('href', job);
  });

  it('leads to the dashboard without a destination, and never off the site', async () => {
    const href = `${paths.verifyEmail.getHref()}?${new URLSearchParams({ token: 't1', next: 'https://evil.example/' })}`;
    await renderRoute(href, { user: applicantUser(), server: confirmingServer() });
    expect(await screen.findByText('Your email address is confirmed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      paths.applicantDashboard.getHref(),
    );
  });
});
