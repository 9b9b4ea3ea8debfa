import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser } from '~/client/testing/data-generators';
import { fakeBillingApi } from '~/client/testing/fake-billing-api';
import { createFakeServer } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { authContract } from '~/shared/contracts/auth';
import { paths } from '~/shared/routes';

// A portal page opened from a link or a bookmark: while the portal asks who is signed in, it shows its own
// frame (the portal's name, the header with the logo) around the spinner, not a white page; then the page.
describe('a portal page opened directly', () => {
  it('shows the portal’s frame while it learns who is signed in', async () => {
    const server = createFakeServer();
    fakeBillingApi(server);
    let answer: (user: ReturnType<typeof companyUser>) => void = () => undefined;
    server.on(authContract.me, () => new Promise((resolve) => (answer = (user) => resolve({ user }))));
    await renderRoute(paths.companyBilling.getHref(), { server });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    expect(screen.getByText('Company Portal')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toContainElement(screen.getByRole('link', { name: /Tandem/ }));
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('status'));

    answer(companyUser());
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing & Invoices' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Company Portal navigation' })).toBeInTheDocument();
  });
});
