import type { Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createJob, pickCalendarDay, uniqueName } from './support/jobs';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test } from './support/test';

// Fixed-price work (issue 34), as two people in two browsers: the company offers a fixed-price job as two
// milestones that add up to its total, the talent accepts, the company funds the first milestone (the
// charge shown before paying), the talent sees it funded and submits the work, the company sends it back
// once, the talent submits again, and the company approves it: released, with a paid invoice in Billing.

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

test('a fixed-price job goes from offer to the first approved milestone, as both sides', async ({
  page,
  context,
  browser,
  baseURL,
  request,
  createAccount,
  signIn,
}) => {
  test.setTimeout(120_000);
  await chooseEssentialCookies(context, baseURL);
  // The company, in its own browser, with a fixed-price job of $2,500.
  const company = await createAccount('company', { name: 'Fiona Fixed' });
  const companySide = await openSecondBrowser({ browser, request, baseURL, email: company.email });
  const companyPage = companySide.page;
  const job = await createJob(companyPage, {
    title: uniqueName('Landing page redesign'),
    engagement_type: 'fixed',
    budget_min: null,
    budget_max: null,
    budget_total: 2500,
  });

  // The talent applies.
  const talent = await createAccount('applicant', { name: 'Milo Milestone' });
  await signIn(talent);
  const applied = await page.request.post(`/api/jobs/${job.id}/applications`, {
    headers: { 'sec-fetch-site': 'same-origin' },
    data: { cover_letter: 'I redesign landing pages that convert, in two steps.' },
  });
  expect(applied.status(), await applied.text()).toBe(201);

  // The company offers the job as two milestones that must add up to the total.
  await companyPage.goto(paths.companyJob.getHref({ id: job.id }));
  await companyPage
    .getByRole('table', { name: 'Applications' })
    .getByRole('row')
    .filter({ hasText: 'Milo Milestone' })
    .getByRole('button', { name: 'Milo Milestone' })
    .click();
  const drawer = companyPage.getByRole('dialog', { name: 'Application from Milo Milestone' });
  await drawer.getByRole('button', { name: 'Make Offer' }).click();
  const offer = companyPage.getByRole('dialog', { name: 'Make Offer' });
  await expect(offer.getByLabel('Total price (USD)')).toHaveValue('2500.00');
  await pickCalendarDay(companyPage, offer.getByLabel('Start date').first(), inDays(3));
  const first = offer.getByRole('group', { name: 'Milestone 1' });
  await first.getByLabel('Title').fill('Wireframes');
  await first.getByLabel('Description (optional)').fill('Every section of the page, desktop and mobile.');
  await first.getByLabel('Amount (USD)').fill('1000');
  await pickCalendarDay(companyPage, first.getByLabel('Due date').first(), inDays(10));
  await offer.getByRole('button', { name: 'Add milestone' }).click();
  const second = offer.getByRole('group', { name: 'Milestone 2' });
  await second.getByLabel('Title').fill('Final design');
  await second.getByLabel('Amount (USD)').fill('1400');
  await pickCalendarDay(companyPage, second.getByLabel('Due date').first(), inDays(20));
  await expect(offer.getByText('Milestones add up to $2,400.00 of $2,500.00')).toBeVisible();
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(offer.getByText('The milestones add up to $2,400.00, but the total is $2,500.00.')).toBeVisible();
  await second.getByLabel('Amount (USD)').fill('1500');
  await expect(offer.getByText('Milestones add up to $2,500.00 of $2,500.00')).toBeVisible();
  await saveScreenshots(companyPage, 'fixed-price-offer', {
    scrollTo: offer.getByRole('button', { name: 'Send Offer' }),
  });
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(offer).toBeHidden();
  await expect(drawer.getByRole('status').getByText('Offer')).toBeVisible();

  // The talent reads the milestones in the offer and accepts.
  await page.goto(paths.applicantApplications.getHref());
  await expect(page.getByText('Wireframes', { exact: true })).toBeVisible();
  await expect(page.getByText('Final design', { exact: true })).toBeVisible();
  await saveScreenshots(page, 'fixed-price-offer-applicant');
  await page.getByRole('button', { name: `Accept Offer: ${job.title}` }).click();
  const accept = page.getByRole('alertdialog', { name: 'Accept this offer?' });
  await expect(accept).toContainText('Fixed price $2,500.00 · 2 milestones');
  await accept.getByRole('button', { name: 'Accept Offer' }).click();
  await expect(notifications(page).getByText('Offer accepted', { exact: true })).toBeVisible();
  const mine = await page.request.get('/api/applicant/applications');
  const hired = (await mine.json()).items.find((item: { job_id: string }) => item.job_id === job.id);
  const contractId: string = hired.assignment.id;
  expect(hired.assignment).toMatchObject({ engagement_type: 'fixed', rate: null });

  // The company funds the first milestone: the charge is shown before paying.
  await companyPage.goto(paths.companyContract.getHref({ id: contractId }));
  await expect(companyPage.getByRole('heading', { level: 1 })).toContainText(job.title);
  await companyPage.getByRole('button', { name: 'Fund Wireframes' }).click();
  const fund = companyPage.getByRole('dialog', { name: 'Fund Milestone' });
  const charge = fund.getByLabel('Charge for this milestone');
  await expect(charge).toContainText('$1,000.00');
  await expect(charge).toContainText('Platform fee (10%)');
  await expect(charge).toContainText('$100.00');
  await expect(charge).toContainText('$1,100.00');
  await fund.getByRole('radio', { name: 'New card' }).click();
  await fund.getByLabel('Card number').fill('4242 4242 4242 4242');
  await fund.getByLabel('Expiry month').fill('12');
  await fund.getByLabel('Expiry year').fill('2030');
  await fund.getByLabel('CVC').fill('123');
  await fund.getByRole('button', { name: /^Pay / }).click();
  await expect(fund).toBeHidden();
  const wireframes = companyPage.getByRole('article', { name: 'Wireframes' });
  await expect(wireframes).toContainText('Funded');
  await saveScreenshots(companyPage, 'fixed-price-contract-company');
  await expectNoSeriousViolations(companyPage);

  // The talent sees it funded, and submits the work.
  await page.goto(paths.applicantContract.getHref({ id: contractId }));
  const talentWireframes = page.getByRole('article', { name: 'Wireframes' });
  await expect(talentWireframes).toContainText('Funded');
  await expect(page.getByRole('article', { name: 'Final design' })).toContainText('Not funded');
  await talentWireframes.getByRole('button', { name: 'Submit work for Wireframes' }).click();
  let submit = page.getByRole('dialog', { name: 'Submit Work' });
  await submit.getByLabel('Message').fill('Wireframes for every section: see the Figma link.');
  await submit.getByRole('button', { name: 'Submit Work' }).click();
  await expect(submit).toBeHidden();
  await expect(talentWireframes).toContainText('Submitted');
  await saveScreenshots(page, 'fixed-price-contract-talent');
  await expectNoSeriousViolations(page);

  // The company sends it back once, by the keyboard.
  await companyPage.reload();
  await expect(wireframes).toContainText('Wireframes for every section');
  await wireframes.getByRole('button', { name: 'Request changes to Wireframes' }).focus();
  await companyPage.keyboard.press('Enter');
  const changes = companyPage.getByRole('dialog', { name: 'Request Changes' });
  await changes.getByLabel('What needs to change').fill('Add the pricing section, please.');
  await changes.getByRole('button', { name: 'Request Changes' }).click();
  await expect(changes).toBeHidden();
  await expect(wireframes).toContainText('Changes requested');

  // The talent submits again.
  await page.reload();
  await expect(talentWireframes).toContainText('Add the pricing section, please.');
  await talentWireframes.getByRole('button', { name: 'Submit work for Wireframes' }).click();
  submit = page.getByRole('dialog', { name: 'Submit Work' });
  await submit.getByLabel('Message').fill('Pricing section added.');
  await submit.getByRole('button', { name: 'Submit Work' }).click();
  await expect(talentWireframes).toContainText('Submitted');

  // The company approves: released to the talent, with a paid invoice in Billing.
  await companyPage.reload();
  await wireframes.getByRole('button', { name: 'Approve Wireframes' }).click();
  const approve = companyPage.getByRole('dialog', { name: 'Approve this milestone?' });
  await approve.getByRole('button', { name: 'Approve and Release' }).click();
  await expect(approve).toBeHidden();
  await expect(wireframes).toContainText('Approved');
  await expect(companyPage.getByRole('region', { name: 'Contract summary' })).toContainText(/Released\s*\$1,000\.00/);

  await page.reload();
  await expect(talentWireframes).toContainText('Approved');
  await page.goto(paths.applicantEarnings.getHref());
  await expect(page.getByText('Milestone: Wireframes')).toBeVisible();

  const invoices = await companyPage.request.get('/api/company/invoices');
  const [released] = (await invoices.json()).items;
  expect(released).toMatchObject({ status: 'paid', subtotal_cents: 100_000, fee_cents: 10_000, amount_cents: 110_000 });
  expect(companySide.errors).toEqual([]);
  await companySide.context.close();
});

test('a change is proposed and accepted, then disputed work is settled 60/40 by an administrator', async ({
  page,
  context,
  browser,
  baseURL,
  request,
  createAccount,
  signIn,
}) => {
  test.setTimeout(120_000);
  await chooseEssentialCookies(context, baseURL);
  const sameOrigin = { 'sec-fetch-site': 'same-origin' };
  // A fixed-price contract of two milestones, the first funded and submitted, made through the API.
  const company = await createAccount('company', { name: 'Dana Dispute' });
  const companySide = await openSecondBrowser({ browser, request, baseURL, email: company.email });
  const companyPage = companySide.page;
  const job = await createJob(companyPage, {
    title: uniqueName('Brand guidelines'),
    engagement_type: 'fixed',
    budget_min: null,
    budget_max: null,
    budget_total: 1500,
  });
  const talent = await createAccount('applicant', { name: 'Sol Settle' });
  await signIn(talent);
  const applied = await page.request.post(`/api/jobs/${job.id}/applications`, {
    headers: sameOrigin,
    data: { cover_letter: 'Brand guidelines, from logo use to tone of voice.' },
  });
  const applicationId: string = (await applied.json()).id;
  const day = (days: number) => inDays(days).toISOString().slice(0, 10);
  const offered = await companyPage.request.post(`/api/applications/${applicationId}/fixed-price-offer`, {
    headers: sameOrigin,
    data: {
      total_cents: 150_000,
      start_date: day(1),
      milestones: [
        { title: 'Logo rules', description: '', amount_cents: 100_000, due_date: day(10) },
        { title: 'Tone of voice', description: '', amount_cents: 50_000, due_date: day(20) },
      ],
    },
  });
  expect(offered.status(), await offered.text()).toBe(200);
  const accepted = await page.request.post(`/api/applicant/applications/${applicationId}/accept-offer`, {
    headers: sameOrigin,
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const contractId: string = (await accepted.json()).assignment.id;
  const contract = await (await companyPage.request.get(`/api/company/contracts/${contractId}`)).json();
  const [logo] = contract.milestones as Array<{ id: string }>;
  const funded = await companyPage.request.post(`/api/company/milestones/${logo?.id}/fund`, {
    headers: { ...sameOrigin, 'idempotency-key': `e2e-${contractId}` },
    data: { new_method: { kind: 'card', card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } },
  });
  expect(funded.status(), await funded.text()).toBe(200);
  const submitted = await page.request.post(`/api/applicant/milestones/${logo?.id}/submit`, {
    headers: sameOrigin,
    data: { message: 'Logo rules, in the shared folder.' },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  // The company proposes to raise the unfunded milestone; the talent accepts.
  await companyPage.goto(paths.companyContract.getHref({ id: contractId }));
  await companyPage.getByRole('button', { name: 'Propose changes' }).click();
  const propose = companyPage.getByRole('dialog', { name: 'Propose Milestone Changes' });
  await propose.getByRole('group', { name: 'Milestone 1' }).getByLabel('Amount (USD)').fill('600');
  await saveScreenshots(companyPage, 'fixed-price-propose', {
    scrollTo: propose.getByRole('button', { name: 'Send Proposal' }),
  });
  await propose.getByRole('button', { name: 'Send Proposal' }).click();
  await expect(propose).toBeHidden();
  await page.goto(paths.applicantContract.getHref({ id: contractId }));
  const proposal = page.getByRole('region', { name: 'Proposed milestone changes' });
  await expect(proposal).toContainText('$600.00');
  await saveScreenshots(page, 'fixed-price-proposal-talent');
  await expectNoSeriousViolations(page);
  await proposal.getByRole('button', { name: 'Accept Changes' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Accept Changes' }).click();
  await expect(proposal).toBeHidden();
  await expect(page.getByRole('article', { name: 'Tone of voice' })).toContainText('$600.00');

  // The talent disputes the company's silence on the submitted work.
  const logoCard = page.getByRole('article', { name: 'Logo rules' });
  await logoCard.getByRole('button', { name: 'Dispute Logo rules' }).click();
  const dispute = page.getByRole('dialog', { name: 'Dispute Milestone' });
  await dispute.getByLabel('Reason').fill('The work was handed in three weeks ago and nobody answers.');
  await dispute.getByRole('button', { name: 'Open Dispute' }).click();
  await expect(dispute).toBeHidden();
  await expect(logoCard).toContainText('In dispute');

  // An administrator settles it: 60% released, the rest of the charge refunded.
  const admin = await createAccount('admin');
  const adminSide = await openSecondBrowser({ browser, request, baseURL, email: admin.email });
  const adminPage = adminSide.page;
  await adminPage.goto(paths.adminDisputes.getHref());
  await adminPage.getByRole('button', { name: 'Review the dispute over Logo rules' }).first().click();
  const detail = adminPage.getByRole('dialog', { name: 'Dispute over “Logo rules”' });
  await expect(detail).toContainText('nobody answers');
  await detail.getByLabel('Release to the talent (USD)').fill('600');
  await expect(detail.getByLabel('Settlement breakdown')).toContainText('$600.00');
  await detail.getByLabel('Note to both sides').fill('The work was delivered in part: 60% is released.');
  await saveScreenshots(adminPage, 'fixed-price-dispute-admin', {
    scrollTo: detail.getByRole('button', { name: 'Settle Dispute' }),
  });
  await expectNoSeriousViolations(adminPage);
  await detail.getByRole('button', { name: 'Settle Dispute' }).click();
  await adminPage
    .getByRole('alertdialog', { name: 'Settle this dispute?' })
    .getByRole('button', { name: 'Settle' })
    .click();
  await expect(detail).toContainText('Settled');

  await page.reload();
  await expect(logoCard).toContainText('Settled');
  await expect(logoCard).toContainText('60% is released');
  expect(companySide.errors).toEqual([]);
  expect(adminSide.errors).toEqual([]);
  await companySide.context.close();
  await adminSide.context.close();
});
