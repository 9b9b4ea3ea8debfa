import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { preloadPages, renderRoute } from '~/client/testing/render-route';
import type { AgreementSummary } from '~/shared/agreements';
import { agreementsContract } from '~/shared/contracts/agreements';
import { paths } from '~/shared/routes';

// The company's Agreements list (issue 57): each hire's agreements with their state, narrowed by state and search
// on the server, with its empty and error states.

const summary = (title: string, state: AgreementSummary['state']): AgreementSummary => ({
  id: fakeId(),
  kind: 'nda',
  title,
  state,
  company_id: fakeId(),
  company_name: 'Harbor Goods',
  talent_id: fakeId(),
  talent_name: 'Lena Ortiz',
  role: 'Support Lead',
  application_id: fakeId(),
  assignment_id: null,
  countersign: true,
  blocks_work: true,
  sent_at: '2026-11-29T10:00:00.000Z',
  expires_at: '2026-12-13T10:00:00.000Z',
  completed_at: null,
  decline_reason: null,
  sealed: false,
});

const owner = () => companyUser({ company: { id: fakeId(), name: 'Harbor Goods', role: 'owner', currency: 'USD' } });

describe('the company’s agreements', () => {
  beforeAll(() => preloadPages(paths.companyAgreements.getHref()));

  it('lists each agreement with its state, and asks the server for the state chosen', async () => {
    const server = createFakeServer();
    const items = [summary('Non-disclosure agreement', 'awaiting_company'), summary('Offer letter', 'awaiting_talent')];
    server.on(agreementsContract.companyAgreements, ({ query }) => {
      const shown = query.get('state') === 'to_sign' ? items.slice(0, 1) : items;
      return { items: shown, total: shown.length, page: 1, page_size: 20 };
    });
    const { events } = await renderRoute(paths.companyAgreements.getHref(), { user: owner(), server });
    const table = await screen.findByRole('table', { name: 'Agreements' });
    expect(await within(table).findByRole('link', { name: 'Offer letter' })).toBeInTheDocument();
    expect(within(table).getByText('Waiting for countersignature')).toBeInTheDocument();
    expect(within(table).getAllByText('Lena Ortiz')).toHaveLength(2);

    await events.selectOptions(screen.getByLabelText('Status'), 'To countersign');
    await expect
      .poll(() => within(table).queryByRole('link', { name: 'Offer letter' }), { timeout: 10_000 })
      .toBeNull();
    expect(within(table).getByRole('link', { name: 'Non-disclosure agreement' })).toBeInTheDocument();
    const asked = server.requests.filter((request) => request.path === '/api/company/agreements');
    expect(asked.at(-1)?.query.get('state')).toBe('to_sign');
  });

  it('says when there are none yet, and how they come', async () => {
    const empty = createFakeServer();
    empty.on(agreementsContract.companyAgreements, () => ({ items: [], total: 0, page: 1, page_size: 20 }));
    await renderRoute(paths.companyAgreements.getHref(), { user: owner(), server: empty });
    expect(await screen.findByText('No agreements yet')).toBeInTheDocument();
    expect(screen.getByText('Attach agreements to an offer (Make Offer) and they appear here.')).toBeInTheDocument();
  });

  it('says when the agreements cannot be loaded', async () => {
    const failing = createFakeServer();
    failing.on(agreementsContract.companyAgreements, () => replyError(500, 'internal', 'Something went wrong.'));
    await renderRoute(paths.companyAgreements.getHref(), { user: owner(), server: failing });
    expect(await screen.findByText('Failed to load agreements')).toBeInTheDocument();
  });
});
