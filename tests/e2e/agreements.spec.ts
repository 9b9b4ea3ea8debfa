import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { pdfText } from '../../src/server/testing/pdf-text';
import { signingTexts } from '../../src/shared/agreements';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createJob, pickCalendarDay } from './support/jobs';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test } from './support/test';

// Agreements signed before work starts (issue 57): a company attaches an NDA and an offer letter to an offer;
// the talent accepts and signs both (one typed, one drawn) with the code emailed to them; the company
// countersigns; the assignment starts only then. The sealed PDF validates with poppler's pdfsig, and the
// talent's Arabic name and the signer's Vietnamese name read back exactly with pdftotext.

const TALENT = 'عبد الله بن سلام';
const SIGNER = 'Nguyễn Thị Minh Khai';
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

// The latest signing code emailed to this address.
async function emailedCode(request: APIRequestContext, to: string, title: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/api/testing/outbox?to=${encodeURIComponent(to)}`);
      const { items } = (await response.json()) as { items: Array<{ subject: string; text: string }> };
      const mail = items.find(
        (item) => item.subject.endsWith('is your Tandem signing code') && item.text.includes(title),
      );
      code = mail?.subject.slice(0, 6) ?? '';
      return code;
    }, `a signing code for ${title} to ${to}`)
    .toMatch(/^\d{6}$/);
  return code;
}

async function pdfsig(pdf: Buffer): Promise<string> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-e2e-'));
  const file = path.join(directory, 'signed.pdf');
  try {
    await fs.writeFile(file, pdf);
    return (await promisify(execFile)('pdfsig', [file])).stdout;
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
  }
}

async function sign(
  page: Page,
  request: APIRequestContext,
  email: string,
  title: string,
  how: 'typed' | 'drawn',
  name: string,
) {
  const form = page.getByRole('form', { name: page.url().includes('/company/') ? 'Countersign' : 'Sign', exact: true });
  if (how === 'drawn') {
    await form.getByRole('radio', { name: 'Draw my signature' }).check();
    const pad = form.getByRole('img', { name: 'Signature pad: draw your signature here' });
    const box = await pad.boundingBox();
    if (!box) throw new Error('The signature pad is not on screen.');
    await page.mouse.move(box.x + 20, box.y + 80);
    await page.mouse.down();
    for (const [dx, dy] of [
      [60, 30],
      [120, 90],
      [180, 40],
      [240, 100],
      [300, 50],
    ] as const) {
      await page.mouse.move(box.x + dx, box.y + dy, { steps: 4 });
    }
    await page.mouse.up();
  } else {
    await form.getByLabel('Full name').fill(name);
  }
  await form.getByRole('checkbox', { name: /I agree to sign this agreement electronically/ }).check();
  await form.getByRole('button', { name: /Email me a code|Send another code/ }).click();
  await expect(form.getByText(signingTexts.codeSent)).toBeVisible();
  await form.getByLabel('Code from your email').fill(await emailedCode(request, email, title));
  await form.getByRole('button', { name: /^(Sign Agreement|Countersign)$/ }).click();
}

test('an NDA and an offer letter sent with an offer, signed by both sides, before the work starts', async ({
  page,
  browser,
  baseURL,
  request,
  createAccount,
  loginAs,
}) => {
  test.setTimeout(180_000);
  const owner = await loginAs('company', { name: SIGNER, company_name: 'Minh Khai Studio' });
  const talent = await createAccount('applicant', { name: TALENT });
  const job = await createJob(page, { title: 'Support Lead', weekly_hours: 20 });
  const seeded = await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: { applications: [{ applicant_email: talent.email, status: 'interviewing' }] },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);
  const [application] = ((await seeded.json()) as { applications: Array<{ id: string }> }).applications;

  // The offer, with an NDA and the offer letter ticked.
  await page.goto(`${paths.companyApplications.getHref()}?application=${application?.id}`);
  const drawer = page.getByRole('dialog', { name: `Application from ${TALENT}` });
  await drawer.getByRole('button', { name: 'Make Offer' }).click();
  const offer = page.getByRole('dialog', { name: 'Make Offer' });
  await offer.getByLabel('Hourly rate (USD)').fill('32');
  await offer.getByLabel('Weekly hours').fill('20');
  await pickCalendarDay(page, offer.getByLabel('Start date'), new Date());
  await offer.getByRole('checkbox', { name: 'Tandem non-disclosure agreement' }).check();
  await offer.getByRole('checkbox', { name: 'Tandem offer letter' }).check();
  await saveScreenshots(page, 'agreements-offer', { scrollTo: offer.getByRole('button', { name: 'Send Offer' }) });
  await offer.getByRole('button', { name: 'Send Offer' }).click();
  await expect(offer).toBeHidden();

  // How hires sign, in Settings, and the job's own set on its page: looked at, by the keyboard's checker too.
  await page.goto(`${paths.companySettings.getHref()}?tab=agreements`);
  const howHiresSign = page.getByRole('region', { name: 'How hires sign' });
  await expect(howHiresSign.getByRole('switch', { name: 'The company countersigns' })).toBeChecked();
  await saveScreenshots(page, 'agreements-settings');
  await expectNoSeriousViolations(page);
  await page.goto(paths.companyJob.getHref({ id: job.id }));
  const jobSet = page.getByRole('region', { name: 'Agreements for this job' });
  await expect(
    jobSet.getByRole('switch', { name: 'Its own agreements, not the company’s default set' }),
  ).not.toBeChecked();
  await saveScreenshots(page, 'agreements-job', { scrollTo: jobSet });
  await expectNoSeriousViolations(page);

  // The talent accepts the offer, then finds both agreements to sign.
  const talentBrowser = await openSecondBrowser({ browser, request, baseURL, email: talent.email });
  const talentPage = talentBrowser.page;
  await talentPage.goto(paths.applicantApplications.getHref());
  await talentPage.getByRole('button', { name: `Accept Offer: ${job.title}` }).click();
  await talentPage
    .getByRole('alertdialog', { name: 'Accept this offer?' })
    .getByRole('button', { name: 'Accept Offer' })
    .click();
  await expect(toasts(talentPage).getByText('Offer accepted', { exact: true })).toBeVisible();

  // Not started: the company's Start is refused until the agreements are signed.
  const assignments = await page.request.get('/api/company/assignments?status=pending');
  const pending = ((await assignments.json()) as { items: Array<{ id: string; role: string }> }).items.find(
    (item) => item.role === job.title,
  );
  expect(pending).toBeDefined();
  const early = await page.request.post(`/api/company/assignments/${pending?.id}/start`, {
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(early.status()).toBe(409);
  expect(((await early.json()) as { error: string }).error).toBe(signingTexts.awaitingSignatures);

  await talentPage.goto(paths.applicantAgreements.getHref());
  const list = talentPage.getByRole('table', { name: 'Agreements' });
  await expect(list.getByRole('row')).toHaveCount(3);
  await saveScreenshots(talentPage, 'agreements-talent-list');
  await expectNoSeriousViolations(talentPage);

  for (const [title, how] of [
    ['Non-disclosure agreement', 'typed'],
    ['Offer letter', 'drawn'],
  ] as const) {
    await talentPage.goto(paths.applicantAgreements.getHref());
    await list.getByRole('link', { name: title }).click();
    await expect(talentPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(talentPage.getByRole('region', { name: `The text of ${title}` })).toContainText(TALENT);
    if (how === 'typed') {
      await saveScreenshots(talentPage, 'agreements-sign');
      await expectNoSeriousViolations(talentPage);
    }
    await sign(talentPage, request, talent.email, title, how, TALENT);
    await expect(toasts(talentPage).getByText(signingTexts.signed)).toBeVisible();
    await expect(talentPage.getByText('Waiting for countersignature')).toBeVisible();
  }

  // The company countersigns each; the assignment starts with the last.
  for (const title of ['Non-disclosure agreement', 'Offer letter']) {
    await page.goto(`${paths.companyAgreements.getHref()}?status=to_sign`);
    await page.getByRole('table', { name: 'Agreements' }).getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    if (title === 'Offer letter') {
      const status = await page.request.get('/api/company/assignments?status=pending');
      expect(((await status.json()) as { items: Array<{ id: string }> }).items.map((item) => item.id)).toContain(
        pending?.id,
      );
      await saveScreenshots(page, 'agreements-countersign');
      await expectNoSeriousViolations(page);
    }
    await sign(page, request, owner.email, title, 'typed', SIGNER);
    await expect(toasts(page).getByText(signingTexts.countersigned)).toBeVisible();
    await expect(page.getByText('Signed', { exact: true })).toBeVisible();
  }
  const active = await page.request.get('/api/company/assignments?status=active');
  expect(((await active.json()) as { items: Array<{ id: string }> }).items.map((item) => item.id)).toContain(
    pending?.id,
  );

  // The sealed PDF, downloaded by the talent: the seal is valid, the names read back exactly.
  await talentPage.goto(paths.applicantAgreements.getHref());
  await list.getByRole('link', { name: 'Non-disclosure agreement' }).click();
  const download = talentPage.waitForEvent('download');
  await talentPage.getByRole('link', { name: 'Download signed PDF' }).click();
  const file = await (await download).path();
  const pdf = await fs.readFile(file);
  expect(await pdfsig(pdf)).toMatch(/Signature Validation: Signature is Valid\./);
  const text = (await pdfText(pdf)).replace(/[\u202a-\u202e]/g, '');
  expect(text).toContain(TALENT);
  expect(text).toContain(SIGNER);
  await saveScreenshots(talentPage, 'agreements-signed');
  await talentBrowser.context.close();
  expect(talentBrowser.errors).toEqual([]);
});
