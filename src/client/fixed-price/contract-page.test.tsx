import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toIsoDay } from '~/client/lib/iso-day';
import { pickDayWith } from '~/client/testing/calendar';
import { applicantUser, companyUser } from '~/client/testing/data-generators';
import { savedMethod } from '~/client/testing/fake-billing-api';
import { fakeContract, fakeMilestone, fakeMilestonesApi } from '~/client/testing/fake-milestones-api';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import type { CurrentUser } from '~/shared/auth';
import { invoicesContract } from '~/shared/contracts/billing';
import { fixedPriceContract } from '~/shared/contracts/fixed-price';
import { paymentsContract } from '~/shared/contracts/payments';
import { messagingTexts } from '~/shared/messaging';
import { type Contract, type MilestoneFile, type MilestoneProposal, milestoneTexts } from '~/shared/milestones';
import type { CompanyRole } from '~/shared/permissions';
import { paths } from '~/shared/routes';

// A fixed-price contract (docs/decisions/035), as the company and the talent see it: where the money is,
// each milestone with its status, and the moves each side may make — the company funds (the charge shown
// before paying, then the saved or new method, with an Idempotency-Key), approves (the escrowed amount
// released) or sends the work back; the talent submits funded work. Controls a role may not use are hidden.

const memberOf = (role: CompanyRole): CurrentUser =>
  companyUser({ name: 'Bea Member', company: { id: crypto.randomUUID(), name: 'Acme', role, currency: 'USD' } });

// Wireframes: $1,500.00, a 10% fee ($150.00) and 8.25% tax ($136.13): $1,786.13 to pay.
function seedContract(overrides: Partial<Contract> = {}) {
  return fakeContract({
    milestones: [
      fakeMilestone({ title: 'Wireframes', amount_cents: 150_000 }),
      fakeMilestone({ title: 'Final designs', amount_cents: 350_000, position: 2, due_date: '2027-01-15' }),
    ],
    ...overrides,
  });
}

async function openContract(
  contract: Contract,
  {
    side = 'company',
    user = side === 'company' ? companyUser() : applicantUser(),
    fundingOutcome,
    answer,
  }: {
    side?: 'company' | 'applicant';
    user?: CurrentUser;
    fundingOutcome?: 'completed' | 'pending';
    answer?: (server: FakeServer) => void;
  } = {},
) {
  const server = createFakeServer();
  const store = fakeMilestonesApi(server, { contracts: [contract], fundingOutcome });
  server.on(paymentsContract.paymentMethods, () => ({ items: [savedMethod({ is_default: true })] }));
  answer?.(server);
  const path =
    side === 'company'
      ? paths.companyContract.getHref({ id: contract.id })
      : paths.applicantContract.getHref({ id: contract.id });
  const view = await renderRoute(path, { user, server });
  return { ...view, store };
}

const milestoneCard = (title: string) => screen.getByRole('article', { name: title });
const summaryCard = (label: string) =>
  within(screen.getByRole('region', { name: 'Contract summary' })).getByRole('heading', { name: label })
    .parentElement as HTMLElement;
const posts = (server: FakeServer) => server.requests.filter((request) => request.method === 'POST');
const moves = (server: FakeServer) =>
  server.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`);

// A file waiting on a milestone for its next submission.
const waitingFile = (name: string): MilestoneFile => ({
  id: crypto.randomUUID(),
  name,
  content_type: 'application/pdf',
  size: 2_048,
  submitted_at: null,
  download_url: `/api/applicant/milestones/m/files/${name}`,
});

async function findNotification(text: string) {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
  return within(region).findByText(text);
}

describe('a fixed-price contract, for the company', () => {
  it('shows the contract: role, talent, status, start date, the money, and each milestone', async () => {
    const contract = seedContract();
    await openContract(contract);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mobile App Designer' })).toBeInTheDocument();
    expect(screen.getByText('Fixed-price contract with Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Dec 1, 2026')).toBeInTheDocument();
    expect(summaryCard('Total price')).toHaveTextContent('$5,000.00');
    expect(summaryCard('In escrow')).toHaveTextContent('$0.00');
    expect(summaryCard('Released')).toHaveTextContent('$0.00');
    const wireframes = milestoneCard('Wireframes');
    expect(within(wireframes).getByText('Not funded')).toBeInTheDocument();
    expect(within(wireframes).getByText('$1,500.00')).toBeInTheDocument();
    expect(within(wireframes).getByText('Dec 15, 2026')).toBeInTheDocument();
    expect(within(wireframes).getByText('Low-fidelity wireframes of the five main screens.')).toBeInTheDocument();
    // One Fund button a milestone, each named by its milestone.
    expect(screen.getByRole('button', { name: 'Fund Wireframes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fund Final designs' })).toBeInTheDocument();
  });

  it('writes a euro company’s contract in euros: the money, each milestone, the charge and the amounts typed', async () => {
    const contract = seedContract({ currency: 'EUR' });
    const { events, server } = await openContract(contract);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mobile App Designer' })).toBeInTheDocument();
    expect(summaryCard('Total price')).toHaveTextContent('€5,000.00');
    expect(summaryCard('In escrow')).toHaveTextContent('€0.00');
    expect(within(milestoneCard('Wireframes')).getByText('€1,500.00')).toBeInTheDocument();
    expect(within(milestoneCard('Final designs')).getByText('€3,500.00')).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Fund Wireframes' }));
    const funding = await screen.findByRole('dialog', { name: 'Fund Milestone' });
    const charge = within(funding).getByLabelText('Charge for this milestone');
    expect(charge).toHaveTextContent('Milestone amount€1,500.00');
    expect(charge).toHaveTextContent('Platform fee (10%)€150.00');
    expect(charge).toHaveTextContent('Tax (8.25%)€136.13');
    expect(charge).toHaveTextContent('Total€1,786.13');
    expect(within(funding).getByRole('button', { name: 'Pay €1,786.13' })).toBeInTheDocument();
    await events.click(within(funding).getByRole('button', { name: 'Cancel' }));

    // A change is typed in euros, with their two decimals, and sent as cents.
    await events.click(screen.getByRole('button', { name: 'Propose changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose Milestone Changes' });
    const first = within(dialog).getByRole('group', { name: 'Milestone 1' });
    expect(within(first).getByLabelText('Amount (EUR)')).toHaveValue('1500.00');
    expect(first).toHaveTextContent('Now: Wireframes, €1,500.00, due');
    await events.clear(within(first).getByLabelText('Amount (EUR)'));
    await events.type(within(first).getByLabelText('Amount (EUR)'), '€1,250.50');
    expect(dialog).toHaveTextContent('Unfunded milestones: €4,750.50 (was €5,000.00)');
    await events.click(within(dialog).getByRole('button', { name: 'Send Proposal' }));
    expect(await findNotification('Proposal sent')).toBeInTheDocument();
    const [proposal] = posts(server);
    expect(proposal?.body).toMatchObject({ milestones: [{ title: 'Wireframes', amount_cents: 125_050 }, {}] });
  });

  it('shows the charge before paying, then funds with the default method and an Idempotency-Key', async () => {
    const contract = seedContract();
    const { events, server, store } = await openContract(contract);
    await events.click(await screen.findByRole('button', { name: 'Fund Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fund Milestone' });
    const charge = within(dialog).getByLabelText('Charge for this milestone');
    expect(charge).toHaveTextContent('Milestone amount$1,500.00');
    expect(charge).toHaveTextContent('Platform fee (10%)$150.00');
    expect(charge).toHaveTextContent('Tax (8.25%)$136.13');
    expect(charge).toHaveTextContent('Total$1,786.13');
    const pay = within(dialog).getByRole('button', { name: 'Pay $1,786.13' });
    expect(posts(server)).toHaveLength(0);

    // The default card is chosen already: Pay is ready once the methods have loaded.
    expect(await within(dialog).findByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
    expect(pay).toBeEnabled();
    await events.click(pay);
    expect(await findNotification('Milestone funded')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Fund Milestone' })).not.toBeInTheDocument();
    const [request] = posts(server);
    expect(request?.path).toBe(`/api/company/milestones/${contract.milestones[0]?.id}/fund`);
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.body).toEqual({ payment_method_id: expect.any(String), save_method: false });
    expect(store.fundKeys).toHaveLength(1);
    await waitFor(() => expect(within(milestoneCard('Wireframes')).getByText('Funded')).toBeInTheDocument());
    expect(summaryCard('In escrow')).toHaveTextContent('$1,500.00');
    expect(screen.queryByRole('button', { name: 'Fund Wireframes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fund Final designs' })).toBeInTheDocument();
  });

  it('says a funding the provider confirms later is processing', async () => {
    const { events } = await openContract(seedContract(), { fundingOutcome: 'pending' });
    await events.click(await screen.findByRole('button', { name: 'Fund Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fund Milestone' });
    await events.click(await within(dialog).findByRole('radio', { name: /Visa ending in 4242/ }));
    await events.click(within(dialog).getByRole('button', { name: 'Pay $1,786.13' }));
    expect(await findNotification('Payment Processing')).toBeInTheDocument();
    expect(
      screen.getByText('The payment for “Wireframes” is on its way; the milestone shows Funded once it completes.'),
    ).toBeInTheDocument();
    expect(within(milestoneCard('Wireframes')).getByText('Not funded')).toBeInTheDocument();
  });

  it('shows a declined funding in the dialog, and toasts nothing', async () => {
    const { events } = await openContract(seedContract(), {
      answer: (server) =>
        server.on(fixedPriceContract.fund, () => replyError(402, 'payment_declined', 'Your card was declined.')),
    });
    await events.click(await screen.findByRole('button', { name: 'Fund Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fund Milestone' });
    await events.click(await within(dialog).findByRole('radio', { name: /Visa ending in 4242/ }));
    await events.click(within(dialog).getByRole('button', { name: 'Pay $1,786.13' }));
    expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Fund Milestone' })).toBeInTheDocument();
    expect(screen.queryByText('Milestone funded')).not.toBeInTheDocument();
  });

  it('approves a submitted milestone after saying the escrowed amount is released to the talent', async () => {
    const contract = seedContract({
      milestones: [
        fakeMilestone({
          title: 'Wireframes',
          amount_cents: 150_000,
          status: 'submitted',
          funded_at: '2026-12-02T10:00:00.000Z',
          submitted_at: '2026-12-10T10:00:00.000Z',
          submission_message: 'The wireframes are in the shared folder.',
          files: [
            {
              id: 'file-1',
              name: 'wireframes.pdf',
              content_type: 'application/pdf',
              size: 1_468_006,
              submitted_at: '2026-12-10T10:00:00.000Z',
              download_url: '/api/company/milestones/m/files/file-1',
            },
          ],
          auto_approve_on: '2026-12-24',
        }),
      ],
    });
    const { events, server } = await openContract(contract);
    const card = await screen.findByRole('article', { name: 'Wireframes' });
    expect(within(card).getByText('Submitted')).toBeInTheDocument();
    expect(within(card).getByText('The wireframes are in the shared folder.')).toBeInTheDocument();
    const files = within(card).getByRole('list', { name: 'Files of Wireframes' });
    expect(within(files).getByRole('link', { name: 'wireframes.pdf' })).toHaveAttribute(
      'href',
      '/api/company/milestones/m/files/file-1',
    );
    expect(files).toHaveTextContent('1.4 MB');
    expect(within(card).getByText('Approves automatically on Dec 24, 2026')).toBeInTheDocument();
    expect(summaryCard('In escrow')).toHaveTextContent('$1,500.00');

    await events.click(within(card).getByRole('button', { name: 'Approve Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this milestone?' });
    expect(dialog).toHaveTextContent('$1,500.00 held in escrow for “Wireframes” is released to Grace Hopper');
    expect(posts(server)).toHaveLength(0);
    await events.click(within(dialog).getByRole('button', { name: 'Approve and Release' }));
    expect(await findNotification('Milestone approved')).toBeInTheDocument();
    expect(posts(server).map((request) => request.path)).toEqual([
      `/api/company/milestones/${contract.milestones[0]?.id}/approve`,
    ]);
    await waitFor(() => expect(within(milestoneCard('Wireframes')).getByText('Approved')).toBeInTheDocument());
    expect(summaryCard('Released')).toHaveTextContent('$1,500.00');
    expect(summaryCard('In escrow')).toHaveTextContent('$0.00');
    expect(screen.queryByText('Approves automatically on Dec 24, 2026')).not.toBeInTheDocument();
  });

  it('keeps a refused approval in its dialog', async () => {
    const contract = seedContract({
      milestones: [fakeMilestone({ title: 'Wireframes', status: 'submitted', submission_message: 'Done.' })],
    });
    const { events } = await openContract(contract, {
      answer: (server) =>
        server.on(fixedPriceContract.approve, () => replyError(409, 'conflict', milestoneTexts.cannotReview)),
    });
    await events.click(await screen.findByRole('button', { name: 'Approve Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this milestone?' });
    await events.click(within(dialog).getByRole('button', { name: 'Approve and Release' }));
    expect(await within(dialog).findByText(milestoneTexts.cannotReview)).toBeInTheDocument();
    expect(screen.queryByText('Milestone approved')).not.toBeInTheDocument();
  });

  it('sends submitted work back only with a comment', async () => {
    const contract = seedContract({
      milestones: [fakeMilestone({ title: 'Wireframes', status: 'submitted', submission_message: 'Done.' })],
    });
    const { events, server } = await openContract(contract);
    await events.click(await screen.findByRole('button', { name: 'Request changes to Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Changes' });
    await events.click(within(dialog).getByRole('button', { name: 'Request Changes' }));
    expect(await within(dialog).findByText(milestoneTexts.commentRequired)).toBeInTheDocument();
    expect(posts(server)).toHaveLength(0);

    await events.type(within(dialog).getByLabelText('What needs to change'), 'Add the settings screen.');
    await events.click(within(dialog).getByRole('button', { name: 'Request Changes' }));
    expect(await findNotification('Changes requested')).toBeInTheDocument();
    expect(posts(server).map((request) => request.body)).toEqual([{ comment: 'Add the settings screen.' }]);
    const card = milestoneCard('Wireframes');
    await waitFor(() => expect(within(card).getByText('Add the settings screen.')).toBeInTheDocument());
    expect(within(card).queryByRole('button', { name: 'Approve Wireframes' })).not.toBeInTheDocument();
  });
});

describe('what each company role may do on a contract', () => {
  const mixed = () =>
    seedContract({
      milestones: [
        fakeMilestone({ title: 'Wireframes', status: 'submitted', submission_message: 'Done.' }),
        fakeMilestone({ title: 'Final designs', position: 2 }),
      ],
    });

  it('gives a Hiring Manager Approve and Request changes, and no Fund', async () => {
    await openContract(mixed(), { user: memberOf('hiring_manager') });
    expect(await screen.findByRole('button', { name: 'Approve Wireframes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request changes to Wireframes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Fund / })).not.toBeInTheDocument();
  });

  it('gives a Billing member Fund, and no review', async () => {
    await openContract(mixed(), { user: memberOf('billing') });
    expect(await screen.findByRole('button', { name: 'Fund Final designs' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve Wireframes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request changes to Wireframes' })).not.toBeInTheDocument();
  });

  it('shows a Viewer the contract and no controls', async () => {
    await openContract(mixed(), { user: memberOf('viewer') });
    const card = await screen.findByRole('article', { name: 'Final designs' });
    expect(within(card).getByText('Not funded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Fund|Approve|Request changes) / })).not.toBeInTheDocument();
  });
});

describe('a fixed-price contract, for the talent', () => {
  it('says clearly which milestones are funded, and submits funded work with a message', async () => {
    const contract = seedContract({
      milestones: [
        fakeMilestone({ title: 'Wireframes', status: 'funded', funded_at: '2026-12-02T10:00:00.000Z' }),
        fakeMilestone({ title: 'Final designs', position: 2 }),
      ],
    });
    const { events, server } = await openContract(contract, { side: 'applicant' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mobile App Designer' })).toBeInTheDocument();
    expect(screen.getByText('Fixed-price contract with Acme')).toBeInTheDocument();
    const funded = milestoneCard('Wireframes');
    expect(
      within(funded).getByText('$1,500.00 is held in escrow for you. You can start the work.'),
    ).toBeInTheDocument();
    const unfunded = milestoneCard('Final designs');
    expect(
      within(unfunded).getByText('Not funded yet: wait for Acme to fund it before you start this work.'),
    ).toBeInTheDocument();
    expect(within(unfunded).queryByRole('button', { name: /Submit work/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Fund / })).not.toBeInTheDocument();

    await events.click(within(funded).getByRole('button', { name: 'Submit work for Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Work' });
    await events.click(within(dialog).getByRole('button', { name: 'Submit Work' }));
    expect(await within(dialog).findByText(milestoneTexts.messageRequired)).toBeInTheDocument();
    expect(posts(server)).toHaveLength(0);

    await events.type(within(dialog).getByLabelText('Message'), 'All five screens are in Figma.');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Work' }));
    expect(await findNotification('Work submitted')).toBeInTheDocument();
    expect(posts(server).map((request) => [request.path, request.body])).toEqual([
      [`/api/applicant/milestones/${contract.milestones[0]?.id}/submit`, { message: 'All five screens are in Figma.' }],
    ]);
    await waitFor(() => expect(within(milestoneCard('Wireframes')).getByText('Submitted')).toBeInTheDocument());
    expect(within(milestoneCard('Wireframes')).getByText('All five screens are in Figma.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit work for Wireframes' })).not.toBeInTheDocument();
  });

  it('resubmits work sent back, showing the company’s comment', async () => {
    const contract = seedContract({
      milestones: [
        fakeMilestone({
          title: 'Wireframes',
          status: 'changes_requested',
          submission_message: 'First version.',
          changes_comment: 'Add the settings screen.',
        }),
      ],
    });
    await openContract(contract, { side: 'applicant' });
    const card = await screen.findByRole('article', { name: 'Wireframes' });
    expect(within(card).getByText('Changes requested', { selector: 'p' })).toBeInTheDocument();
    expect(within(card).getByText('Add the settings screen.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Submit work for Wireframes' })).toBeInTheDocument();
  });
});

describe('the files of a submission', () => {
  const fundedWireframes = () =>
    seedContract({
      milestones: [fakeMilestone({ title: 'Wireframes', status: 'funded', funded_at: '2026-12-02T10:00:00.000Z' })],
    });

  it('uploads each chosen file at once, lists it as waiting, removes one, and hands the rest in with the work', async () => {
    const contract = fundedWireframes();
    const milestoneId = contract.milestones[0]?.id;
    const { events, server } = await openContract(contract, { side: 'applicant' });
    await events.click(await screen.findByRole('button', { name: 'Submit work for Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Work' });
    const input = within(dialog).getByLabelText('Attach files');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).not.toHaveAttribute('tabindex', '-1');

    await events.upload(input, [
      new File(['%PDF-1.7'], 'wireframes v2.pdf', { type: 'application/pdf' }),
      new File(['notes'], 'notes.txt', { type: 'text/plain' }),
    ]);
    const waiting = await within(dialog).findByRole('list', { name: 'Files to submit' });
    await waitFor(() => expect(within(waiting).getAllByRole('listitem')).toHaveLength(2));
    expect(waiting).toHaveTextContent('wireframes v2.pdf');
    expect(waiting).toHaveTextContent('8 B');
    const uploads = server.requests.filter((request) => request.path.endsWith('/files'));
    expect(uploads.map((request) => [request.headers['x-file-name'], request.headers['content-type']])).toEqual([
      [encodeURIComponent('wireframes v2.pdf'), 'application/pdf'],
      ['notes.txt', 'text/plain'],
    ]);
    expect(uploads[0]?.path).toBe(`/api/applicant/milestones/${milestoneId}/files`);
    // Uploading is not submitting: nothing is handed in, nothing toasted.
    expect(screen.queryByText('Work submitted')).not.toBeInTheDocument();

    await events.click(within(waiting).getByRole('button', { name: 'Remove notes.txt' }));
    await waitFor(() => expect(within(waiting).queryByText('notes.txt')).not.toBeInTheDocument());
    expect(server.requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);

    await events.type(within(dialog).getByLabelText('Message'), 'The wireframes are attached.');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Work' }));
    expect(await findNotification('Work submitted')).toBeInTheDocument();
    expect(moves(server).at(-1)).toBe(`POST /api/applicant/milestones/${milestoneId}/submit`);
    const card = milestoneCard('Wireframes');
    const files = await within(card).findByRole('list', { name: 'Files of Wireframes' });
    expect(within(files).getByRole('link', { name: 'wireframes v2.pdf' })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`^/api/applicant/milestones/${milestoneId}/files/`)),
    );
    expect(within(files).queryByText('notes.txt')).not.toBeInTheDocument();
  });

  it('shows the server’s sentence beside the control when it refuses a file, and keeps the others', async () => {
    const contract = seedContract({
      milestones: [
        fakeMilestone({
          title: 'Wireframes',
          status: 'changes_requested',
          submission_message: 'First version.',
          changes_comment: 'Add the settings screen.',
          files: ['one.pdf', 'two.pdf', 'three.pdf', 'four.pdf'].map(waitingFile),
        }),
      ],
    });
    const { server } = await openContract(contract, { side: 'applicant' });
    const unfiltered = userEvent.setup({ delay: null, applyAccept: false });
    await unfiltered.click(await screen.findByRole('button', { name: 'Submit work for Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Work' });
    const input = within(dialog).getByLabelText('Attach files');

    // A type the server refuses (415), past the chooser's filter.
    await unfiltered.upload(input, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    const problems = await within(dialog).findByRole('alert');
    expect(problems).toHaveTextContent(`setup.exe: ${messagingTexts.attachmentType}`);
    expect(input).toHaveAccessibleDescription(expect.stringContaining(messagingTexts.attachmentType));

    // The fifth is taken, the sixth refused (409).
    await unfiltered.upload(input, [
      new File(['five'], 'five.pdf', { type: 'application/pdf' }),
      new File(['six'], 'six.pdf', { type: 'application/pdf' }),
    ]);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(`six.pdf: ${milestoneTexts.tooManyFiles}`),
    );
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent('setup.exe');
    const waiting = within(dialog).getByRole('list', { name: 'Files to submit' });
    expect(within(waiting).getAllByRole('listitem')).toHaveLength(5);
    expect(waiting).toHaveTextContent('five.pdf');
    expect(posts(server).filter((request) => request.path.endsWith('/files'))).toHaveLength(3);
    expect(screen.queryByText('Work submitted')).not.toBeInTheDocument();
  });
});

describe('disputes and refunds', () => {
  const submittedWireframes = () =>
    seedContract({
      milestones: [
        fakeMilestone({
          title: 'Wireframes',
          status: 'submitted',
          funded_at: '2026-12-02T10:00:00.000Z',
          submitted_at: '2026-12-10T10:00:00.000Z',
          submission_message: 'Done.',
          auto_approve_on: '2026-12-24',
        }),
      ],
    });

  it('lets the company dispute submitted work, only with a reason, after saying an administrator settles it', async () => {
    const contract = submittedWireframes();
    const { events, server } = await openContract(contract);
    await events.click(await screen.findByRole('button', { name: 'Dispute Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute Milestone' });
    expect(dialog).toHaveTextContent('An administrator will review the contract, its messages and files');
    expect(dialog).toHaveTextContent('The $1,500.00 stays in escrow meanwhile.');
    await events.click(within(dialog).getByRole('button', { name: 'Open Dispute' }));
    expect(await within(dialog).findByText(milestoneTexts.reasonRequired)).toBeInTheDocument();
    expect(posts(server)).toHaveLength(0);

    await events.type(within(dialog).getByLabelText('Reason'), 'Two of the five screens are missing.');
    await events.click(within(dialog).getByRole('button', { name: 'Open Dispute' }));
    expect(await findNotification('Dispute opened')).toBeInTheDocument();
    expect(posts(server).map((request) => [request.path, request.body])).toEqual([
      [
        `/api/company/milestones/${contract.milestones[0]?.id}/dispute`,
        { reason: 'Two of the five screens are missing.' },
      ],
    ]);
    const card = milestoneCard('Wireframes');
    await waitFor(() => expect(within(card).getByText('In dispute')).toBeInTheDocument());
    expect(
      within(card).getByText(/^In dispute since [A-Z][a-z]{2} \d{1,2}, \d{4}: Two of the five screens are missing\.$/),
    ).toBeInTheDocument();
    expect(within(card).getByText('Opened by Acme.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Approve Wireframes' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Dispute Wireframes' })).not.toBeInTheDocument();
    expect(summaryCard('In escrow')).toHaveTextContent('$1,500.00');
  });

  it('lets the talent dispute the review of submitted work, and keeps a refusal in the dialog', async () => {
    const contract = submittedWireframes();
    const { events, server } = await openContract(contract, { side: 'applicant' });
    await events.click(await screen.findByRole('button', { name: 'Dispute Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute Milestone' });
    await events.type(within(dialog).getByLabelText('Reason'), 'No answer for three weeks.');
    await events.click(within(dialog).getByRole('button', { name: 'Open Dispute' }));
    expect(await findNotification('Dispute opened')).toBeInTheDocument();
    expect(posts(server).map((request) => request.path)).toEqual([
      `/api/applicant/milestones/${contract.milestones[0]?.id}/dispute`,
    ]);
    const card = milestoneCard('Wireframes');
    await waitFor(() => expect(within(card).getByText('Opened by Grace Hopper.')).toBeInTheDocument());
    expect(within(card).getByText(/: No answer for three weeks\.$/)).toBeInTheDocument();
  });

  it('keeps a refused dispute in its dialog', async () => {
    const { events } = await openContract(submittedWireframes(), {
      side: 'applicant',
      answer: (server) =>
        server.on(fixedPriceContract.applicantDispute, () => replyError(409, 'conflict', milestoneTexts.cannotDispute)),
    });
    await events.click(await screen.findByRole('button', { name: 'Dispute Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute Milestone' });
    await events.type(within(dialog).getByLabelText('Reason'), 'No answer.');
    await events.click(within(dialog).getByRole('button', { name: 'Open Dispute' }));
    expect(await within(dialog).findByText(milestoneTexts.cannotDispute)).toBeInTheDocument();
    expect(screen.queryByText('Dispute opened')).not.toBeInTheDocument();
  });

  it('shows how an administrator settled a dispute: the note, and what went to each side', async () => {
    const contract = seedContract({
      milestones: [
        fakeMilestone({
          title: 'Wireframes',
          status: 'settled',
          submission_message: 'Done.',
          released_cents: 100_000,
          refunded_cents: 50_000,
          dispute: {
            reason: 'Two screens are missing.',
            opened_by: 'company',
            opened_at: '2026-12-12T12:00:00.000Z',
            settled_at: '2026-12-18T12:00:00.000Z',
            settlement_note: 'Three of five screens were delivered.',
          },
        }),
      ],
    });
    await openContract(contract, { side: 'applicant' });
    const card = await screen.findByRole('article', { name: 'Wireframes' });
    expect(within(card).getByText('Settled', { selector: 'span, div' })).toBeInTheDocument();
    expect(within(card).getByText('In dispute since Dec 12, 2026: Two screens are missing.')).toBeInTheDocument();
    expect(
      within(card).getByText('Settled on Dec 18, 2026: Three of five screens were delivered.'),
    ).toBeInTheDocument();
    expect(
      within(card).getByText('Released to Grace Hopper: $1,000.00. Refunded to Acme: $500.00.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Wireframes/ })).not.toBeInTheDocument();
  });

  // Decision 048: the company reads what went back to its card, fee and tax included, with its credit note.
  it('shows the company what a settlement refunded to its card, and downloads the credit note', async () => {
    const contract = seedContract({
      milestones: [
        fakeMilestone({
          title: 'Wireframes',
          status: 'settled',
          released_cents: 100_000,
          refunded_cents: 50_000,
          credit_note: {
            id: 'cn-3',
            number: 'CN-2026-000003',
            total_cents: 59_542,
            issued_at: '2026-12-18T12:00:00.000Z',
          },
          dispute: {
            reason: 'Two screens are missing.',
            opened_by: 'company',
            opened_at: '2026-12-12T12:00:00.000Z',
            settled_at: '2026-12-18T12:00:00.000Z',
            settlement_note: 'Three of five screens were delivered.',
          },
        }),
      ],
    });
    URL.createObjectURL = vi.fn(() => 'blob:credit-note');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { events, server } = await openContract(contract, {
      answer: (fake) => fake.on(invoicesContract.creditNotePdf, () => new Blob(['pdf'], { type: 'application/pdf' })),
    });
    const card = await screen.findByRole('article', { name: 'Wireframes' });
    expect(card).toHaveTextContent('Refunded $595.42 to your card on Dec 18, 2026 (with its platform fee and tax)');
    expect(summaryCard('Refunded')).toHaveTextContent('$595.42');
    await events.click(within(card).getByRole('button', { name: 'Credit note CN-2026-000003' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.requests.some((request) => request.path === '/api/company/credit-notes/cn-3/pdf')).toBe(true);
  });

  it('lets the talent give a funded milestone’s money back after saying the whole charge goes to the company', async () => {
    const contract = seedContract({
      milestones: [
        fakeMilestone({ title: 'Wireframes', status: 'funded', funded_at: '2026-12-02T10:00:00.000Z' }),
        fakeMilestone({ title: 'Final designs', position: 2 }),
      ],
    });
    const { events, server } = await openContract(contract, { side: 'applicant' });
    expect(await screen.findByRole('button', { name: 'Refund to company for Wireframes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund to company for Final designs' })).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Refund to company for Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this milestone?' });
    expect(dialog).toHaveTextContent(
      'The whole charge for “Wireframes”, $1,786.13 with the platform fee and tax, goes back to Acme',
    );
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(posts(server)).toHaveLength(0);

    await events.click(within(dialog).getByRole('button', { name: 'Refund to Company' }));
    expect(await findNotification('Milestone refunded')).toBeInTheDocument();
    expect(posts(server).map((request) => request.path)).toEqual([
      `/api/applicant/milestones/${contract.milestones[0]?.id}/refund`,
    ]);
    const card = milestoneCard('Wireframes');
    await waitFor(() => expect(within(card).getByText('Refunded')).toBeInTheDocument());
    expect(
      within(card).getByText('Given back to Acme: the whole charge for this milestone was refunded.'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Submit work for Wireframes' })).not.toBeInTheDocument();
    expect(summaryCard('In escrow')).toHaveTextContent('$0.00');
  });

  it('keeps a refund the payment provider did not complete in its dialog, with the server’s sentence', async () => {
    const contract = seedContract({
      milestones: [fakeMilestone({ title: 'Wireframes', status: 'changes_requested', submission_message: 'v1' })],
    });
    const { events } = await openContract(contract, {
      side: 'applicant',
      answer: (server) =>
        server.on(fixedPriceContract.refund, () => replyError(502, 'unavailable', milestoneTexts.refundUnavailable)),
    });
    await events.click(await screen.findByRole('button', { name: 'Refund to company for Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this milestone?' });
    await events.click(within(dialog).getByRole('button', { name: 'Refund to Company' }));
    expect(await within(dialog).findByText(milestoneTexts.refundUnavailable)).toBeInTheDocument();
    expect(screen.queryByText('Milestone refunded')).not.toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      within(milestoneCard('Wireframes')).getByText('Changes requested', { selector: 'span, div' }),
    ).toBeInTheDocument();
  });

  it('gives a Hiring Manager the company’s Dispute', async () => {
    await openContract(submittedWireframes(), { user: memberOf('hiring_manager') });
    expect(await screen.findByRole('button', { name: 'Dispute Wireframes' })).toBeInTheDocument();
  });

  it('hides Dispute from a Billing member', async () => {
    await openContract(submittedWireframes(), { user: memberOf('billing') });
    await screen.findByRole('article', { name: 'Wireframes' });
    expect(screen.queryByRole('button', { name: 'Dispute Wireframes' })).not.toBeInTheDocument();
  });
});

describe('an ended contract', () => {
  const ended = () =>
    seedContract({
      status: 'ended',
      end_date: '2026-12-20',
      milestones: [
        fakeMilestone({ title: 'Wireframes', status: 'submitted', submission_message: 'Done.' }),
        fakeMilestone({ title: 'Final designs', amount_cents: 350_000, position: 2, status: 'cancelled' }),
      ],
    });

  it('still offers the company Approve on submitted work, never Fund, and shows cancelled milestones out of the total', async () => {
    const { events } = await openContract(ended());
    const cancelled = await screen.findByRole('article', { name: 'Final designs' });
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
    expect(
      within(cancelled).getByText('Cancelled when the contract ended, before it was funded: not part of the total.'),
    ).toBeInTheDocument();
    expect(summaryCard('Total price')).toHaveTextContent('$1,500.00');
    expect(summaryCard('Total price')).toHaveTextContent('1 milestone, 1 cancelled');
    expect(screen.queryByRole('button', { name: /^Fund / })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request changes to Wireframes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dispute Wireframes' })).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Approve Wireframes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this milestone?' });
    await events.click(within(dialog).getByRole('button', { name: 'Approve and Release' }));
    expect(await findNotification('Milestone approved')).toBeInTheDocument();
    await waitFor(() => expect(within(milestoneCard('Wireframes')).getByText('Approved')).toBeInTheDocument());
  });

  it('never offers Fund on an ended contract, even for a milestone the end left unfunded', async () => {
    await openContract(
      seedContract({ status: 'ended', end_date: '2026-12-20', milestones: [fakeMilestone({ title: 'Wireframes' })] }),
    );
    await screen.findByRole('article', { name: 'Wireframes' });
    expect(screen.queryByRole('button', { name: 'Fund Wireframes' })).not.toBeInTheDocument();
  });

  it('still lets the talent submit, or give back, funded work', async () => {
    await openContract(
      seedContract({
        status: 'ended',
        end_date: '2026-12-20',
        milestones: [fakeMilestone({ title: 'Wireframes', status: 'funded', funded_at: '2026-12-02T10:00:00.000Z' })],
      }),
      { side: 'applicant' },
    );
    expect(await screen.findByRole('button', { name: 'Submit work for Wireframes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund to company for Wireframes' })).toBeInTheDocument();
  });
});

describe('the contract page’s states', () => {
  it('says when the contract does not exist', async () => {
    const server = createFakeServer();
    server.on(fixedPriceContract.companyContract, () => replyError(404, 'not_found', milestoneTexts.contractNotFound));
    await renderRoute(paths.companyContract.getHref({ id: crypto.randomUUID() }), { user: companyUser(), server });
    expect(await screen.findByText(milestoneTexts.contractNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Assignments' })).toBeInTheDocument();
  });

  it('leads back to the dashboard when opened from it, else to Billing’s assignments', async () => {
    const server = createFakeServer();
    server.on(fixedPriceContract.companyContract, () => replyError(404, 'not_found', milestoneTexts.contractNotFound));
    await renderRoute(paths.companyContract.getHref({ id: crypto.randomUUID() }), {
      user: companyUser(),
      server,
      historyState: { from: 'dashboard' },
    });
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      paths.companyDashboard.getHref(),
    );
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to Assignments' })).not.toBeInTheDocument();
  });

  it('says a link that names no contract leads nowhere, without asking the server', async () => {
    const server = createFakeServer();
    await renderRoute(paths.companyContract.getHref({ id: '42' }), { user: companyUser(), server });
    expect(await screen.findByText(milestoneTexts.contractNotFound)).toBeInTheDocument();
    expect(server.requests.filter((request) => request.path.startsWith('/api/company/contracts'))).toEqual([]);
  });

  it('says when the contract cannot be loaded, and tries again', async () => {
    const contract = seedContract();
    const server = createFakeServer();
    let calls = 0;
    server.on(fixedPriceContract.applicantContract, () => {
      calls += 1;
      // A refusal is not retried by itself (a 5xx would be, twice, before the page says so).
      return calls === 1 ? replyError(429, 'rate_limited', 'Too many requests. Please wait a moment.') : contract;
    });
    const { events } = await renderRoute(paths.applicantContract.getHref({ id: contract.id }), {
      user: applicantUser(),
      server,
    });
    expect(await screen.findByText('Too many requests. Please wait a moment.')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mobile App Designer' })).toBeInTheDocument();
  });
});

describe('a change to the milestones not funded yet', () => {
  // Research is funded: it never takes part in a proposal.
  function threeMilestones(overrides: Partial<Contract> = {}) {
    return fakeContract({
      milestones: [
        fakeMilestone({ title: 'Research', amount_cents: 80_000, status: 'funded', funded_at: '2026-12-02T10:00:00Z' }),
        fakeMilestone({ title: 'Wireframes', amount_cents: 150_000, position: 2 }),
        fakeMilestone({ title: 'Final designs', amount_cents: 350_000, position: 3, due_date: '2027-01-15' }),
      ],
      ...overrides,
    });
  }

  // The company proposes: Wireframes for $1,250.50, Final designs removed, Usability test added.
  function withProposal(contract: Contract, proposedBy: 'company' | 'applicant' = 'company'): Contract {
    const [, wireframes, finalDesigns] = contract.milestones;
    const proposal: MilestoneProposal = {
      id: crypto.randomUUID(),
      proposed_by: proposedBy,
      proposed_by_name: proposedBy === 'company' ? 'Bea Member' : null,
      created_at: '2026-12-05T12:00:00.000Z',
      status: 'pending',
      milestones: [
        {
          id: wireframes?.id ?? null,
          title: 'Wireframes',
          description: '',
          amount_cents: 125_050,
          due_date: '2026-12-20',
        },
        { id: null, title: 'Usability test', description: 'Five users.', amount_cents: 40_000, due_date: '2027-02-01' },
      ],
      removed_ids: [finalDesigns?.id ?? ''],
    };
    return { ...contract, pending_proposal: proposal };
  }

  const proposalCard = () => screen.getByRole('region', { name: 'Proposed milestone changes' });
  it('lets the company propose an edit, an added milestone and a removal, ids kept and cents exact', async () => {
    const contract = threeMilestones();
    const [, wireframes] = contract.milestones;
    const { events, server } = await openContract(contract);
    await events.click(await screen.findByRole('button', { name: 'Propose changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose Milestone Changes' });
    expect(dialog).toHaveTextContent('Funded milestones cannot change. Grace Hopper must accept the changes');
    // Only the unfunded ones, prefilled.
    expect(within(dialog).queryByDisplayValue('Research')).not.toBeInTheDocument();
    const first = within(dialog).getByRole('group', { name: 'Milestone 1' });
    expect(within(first).getByLabelText('Title')).toHaveValue('Wireframes');
    expect(within(first).getByLabelText('Amount (USD)')).toHaveValue('1500.00');
    expect(within(dialog).getByRole('group', { name: 'Milestone 2' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Unfunded milestones: $5,000.00 (was $5,000.00)');

    // Nothing changed yet: nothing is sent.
    await events.click(within(dialog).getByRole('button', { name: 'Send Proposal' }));
    expect(await within(dialog).findByText(milestoneTexts.proposalUnchanged)).toBeInTheDocument();
    expect(posts(server)).toHaveLength(0);

    await events.clear(within(first).getByLabelText('Amount (USD)'));
    await events.type(within(first).getByLabelText('Amount (USD)'), '1,250.50');
    await events.click(within(dialog).getByRole('button', { name: 'Remove milestone 2' }));
    await events.click(within(dialog).getByRole('button', { name: 'Add milestone' }));
    const added = within(dialog).getByRole('group', { name: 'Milestone 2' });
    expect(within(added).getByText('New')).toBeInTheDocument();
    await events.type(within(added).getByLabelText('Title'), 'Usability test');
    await events.type(within(added).getByLabelText('Amount (USD)'), '400');
    // A new row needs a due date.
    await events.click(within(dialog).getByRole('button', { name: 'Send Proposal' }));
    expect(await within(added).findByText(milestoneTexts.dueDateRequired)).toBeInTheDocument();
    expect(posts(server)).toHaveLength(0);

    const due = new Date();
    due.setHours(0, 0, 0, 0);
    due.setDate(due.getDate() + 20);
    await pickDayWith(events, within(added).getByRole('button', { name: /^Due date:/ }), due);
    expect(dialog).toHaveTextContent('Unfunded milestones: $1,650.50 (was $5,000.00)');
    await events.click(within(dialog).getByRole('button', { name: 'Send Proposal' }));
    expect(await findNotification('Proposal sent')).toBeInTheDocument();
    expect(posts(server).map((request) => [request.path, request.body])).toEqual([
      [
        `/api/company/contracts/${contract.id}/proposals`,
        {
          milestones: [
            {
              id: wireframes?.id,
              title: 'Wireframes',
              description: 'Low-fidelity wireframes of the five main screens.',
              amount_cents: 125_050,
              due_date: '2026-12-15',
            },
            { title: 'Usability test', description: '', amount_cents: 40_000, due_date: toIsoDay(due) },
          ],
        },
      ],
    ]);
    expect(screen.queryByRole('dialog', { name: 'Propose Milestone Changes' })).not.toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Proposed milestone changes' });
    expect(card).toHaveTextContent(/^.*Acme proposed changes on [A-Z][a-z]{2} \d{1,2}, \d{4}\./);
    expect(within(card).getByText('Removed: Final designs')).toBeInTheDocument();
    expect(within(card).getByText('New')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Withdraw Proposal' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Accept Changes' })).not.toBeInTheDocument();
    // One proposal at a time; nothing changes until the talent accepts.
    expect(screen.queryByRole('button', { name: 'Propose changes' })).not.toBeInTheDocument();
    expect(within(milestoneCard('Wireframes')).getByText('$1,500.00')).toBeInTheDocument();
    expect(milestoneCard('Final designs')).toBeInTheDocument();
  });

  it('shows the talent the company’s proposal before and after, and applies it once accepted', async () => {
    const contract = withProposal(threeMilestones());
    const { events, server } = await openContract(contract, { side: 'applicant' });
    const card = await screen.findByRole('region', { name: 'Proposed milestone changes' });
    expect(card).toHaveTextContent('Bea Member proposed changes on Dec 5, 2026.');
    const proposed = within(card).getByRole('list', { name: 'Proposed milestones' });
    const [edited, added] = within(proposed).getAllByRole('listitem');
    expect(edited).toHaveTextContent('Wireframes · $1,500.00 · due Dec 15, 2026');
    expect(edited).toHaveTextContent('becomes');
    expect(edited).toHaveTextContent('Wireframes · $1,250.50 · due Dec 20, 2026');
    expect(added).toHaveTextContent('New');
    expect(added).toHaveTextContent('Usability test · $400.00 · due Feb 1, 2027');
    expect(within(card).getByText('Removed: Final designs')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Withdraw Proposal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose changes' })).not.toBeInTheDocument();

    await events.click(within(card).getByRole('button', { name: 'Accept Changes' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Accept these changes?' });
    expect(posts(server)).toHaveLength(0);
    await events.click(within(confirm).getByRole('button', { name: 'Accept Changes' }));
    expect(await findNotification('Changes accepted')).toBeInTheDocument();
    expect(posts(server).map((request) => [request.path, request.body])).toEqual([
      [`/api/applicant/proposals/${contract.pending_proposal?.id}/answer`, { answer: 'accept' }],
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Proposed milestone changes' })).not.toBeInTheDocument(),
    );
    expect(within(milestoneCard('Wireframes')).getByText('$1,250.50')).toBeInTheDocument();
    expect(within(milestoneCard('Usability test')).getByText('Not funded')).toBeInTheDocument();
    expect(within(milestoneCard('Final designs')).getByText('Cancelled')).toBeInTheDocument();
    expect(
      within(milestoneCard('Final designs')).getByText(
        'Removed by an accepted change, before it was funded: not part of the total.',
      ),
    ).toBeInTheDocument();
    expect(summaryCard('Total price')).toHaveTextContent('$2,450.50');
    expect(screen.getByRole('button', { name: 'Propose changes' })).toBeInTheDocument();
  });

  it('lets the talent decline a proposal: the milestones stay as they were', async () => {
    const contract = withProposal(threeMilestones());
    const { events, server } = await openContract(contract, { side: 'applicant' });
    const card = await screen.findByRole('region', { name: 'Proposed milestone changes' });
    await events.click(within(card).getByRole('button', { name: 'Decline' }));
    expect(await findNotification('Proposal declined')).toBeInTheDocument();
    expect(posts(server).map((request) => [request.path, request.body])).toEqual([
      [`/api/applicant/proposals/${contract.pending_proposal?.id}/answer`, { answer: 'decline' }],
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Proposed milestone changes' })).not.toBeInTheDocument(),
    );
    expect(within(milestoneCard('Wireframes')).getByText('$1,500.00')).toBeInTheDocument();
    expect(within(milestoneCard('Final designs')).getByText('Not funded')).toBeInTheDocument();
  });

  it('lets the proposer withdraw the proposal', async () => {
    const contract = withProposal(threeMilestones(), 'applicant');
    const { events, server } = await openContract(contract, { side: 'applicant' });
    const card = await screen.findByRole('region', { name: 'Proposed milestone changes' });
    expect(card).toHaveTextContent(
      'Grace Hopper proposed changes on Dec 5, 2026. Waiting for Acme to accept or decline.',
    );
    expect(within(card).queryByRole('button', { name: 'Accept Changes' })).not.toBeInTheDocument();
    await events.click(within(card).getByRole('button', { name: 'Withdraw Proposal' }));
    expect(await findNotification('Proposal withdrawn')).toBeInTheDocument();
    expect(posts(server).map((request) => [request.path, request.body])).toEqual([
      [`/api/applicant/proposals/${contract.pending_proposal?.id}/answer`, { answer: 'withdraw' }],
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Proposed milestone changes' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Propose changes' })).toBeInTheDocument();
  });

  it('shows a stale proposal’s sentence in the card, and changes nothing', async () => {
    const contract = withProposal(threeMilestones(), 'applicant');
    const { events } = await openContract(contract, {
      answer: (server) =>
        server.on(fixedPriceContract.companyAnswerProposal, () =>
          replyError(409, 'conflict', milestoneTexts.proposalStale),
        ),
    });
    const card = await screen.findByRole('region', { name: 'Proposed milestone changes' });
    await events.click(within(card).getByRole('button', { name: 'Accept Changes' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Accept these changes?' });
    await events.click(within(confirm).getByRole('button', { name: 'Accept Changes' }));
    expect(await within(proposalCard()).findByText(milestoneTexts.proposalStale)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Changes accepted')).not.toBeInTheDocument();
    expect(within(milestoneCard('Wireframes')).getByText('$1,500.00')).toBeInTheDocument();
  });

  it('keeps a refused proposal in its dialog with the server’s sentence', async () => {
    const { events } = await openContract(threeMilestones(), {
      side: 'applicant',
      answer: (server) =>
        server.on(fixedPriceContract.applicantPropose, () => replyError(409, 'conflict', milestoneTexts.proposalStale)),
    });
    await events.click(await screen.findByRole('button', { name: 'Propose changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose Milestone Changes' });
    await events.click(within(dialog).getByRole('button', { name: 'Remove milestone 2' }));
    await events.click(within(dialog).getByRole('button', { name: 'Send Proposal' }));
    expect(await within(dialog).findByText(milestoneTexts.proposalStale)).toBeInTheDocument();
    expect(screen.queryByText('Proposal sent')).not.toBeInTheDocument();
  });

  it('puts the server’s field messages on their rows', async () => {
    const { events } = await openContract(threeMilestones(), {
      answer: (server) =>
        server.on(fixedPriceContract.companyPropose, () =>
          replyError(400, 'validation', 'Check the milestones.', {
            'milestones.1.due_date': milestoneTexts.dueBeforeStart,
          }),
        ),
    });
    await events.click(await screen.findByRole('button', { name: 'Propose changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose Milestone Changes' });
    const second = within(dialog).getByRole('group', { name: 'Milestone 2' });
    await events.clear(within(second).getByLabelText('Title'));
    await events.type(within(second).getByLabelText('Title'), 'Final screens');
    await events.click(within(dialog).getByRole('button', { name: 'Send Proposal' }));
    expect(await within(second).findByText(milestoneTexts.dueBeforeStart)).toBeInTheDocument();
  });

  it('gives a Hiring Manager Propose changes', async () => {
    await openContract(threeMilestones(), { user: memberOf('hiring_manager') });
    expect(await screen.findByRole('button', { name: 'Propose changes' })).toBeInTheDocument();
  });

  it('gives a Viewer neither Propose changes nor an answer to a proposal', async () => {
    await openContract(withProposal(threeMilestones(), 'applicant'), { user: memberOf('viewer') });
    const card = await screen.findByRole('region', { name: 'Proposed milestone changes' });
    expect(screen.queryByRole('button', { name: 'Propose changes' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers no Propose changes on an ended contract', async () => {
    await openContract(threeMilestones({ status: 'ended', end_date: '2026-12-20' }));
    await screen.findByRole('article', { name: 'Wireframes' });
    expect(screen.queryByRole('button', { name: 'Propose changes' })).not.toBeInTheDocument();
  });
});
