import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createJob, uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// Starting a conversation from Messages itself (issue 52): a company finds one of its applicants by name
// in New message and writes to them, about their application.

test('a company starts a conversation with an applicant from New message', async ({
  page,
  context,
  baseURL,
  request,
  createAccount,
  loginAs,
}) => {
  await chooseEssentialCookies(context, baseURL);
  await loginAs('company', { name: 'Nora Newmessage' });
  const job = await createJob(page, { title: uniqueName('Support Lead') });
  const applicant = await createAccount('applicant', { name: 'Quinn Questfield' });
  const seeded = await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: { applications: [{ applicant_email: applicant.email }] },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);

  await page.goto(paths.companyMessages.getHref());
  await page.getByRole('button', { name: 'New message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New message' });
  await dialog.getByLabel('Search applicants').fill('Quinn Quest');
  const found = dialog.getByRole('list', { name: 'Applicants' }).getByRole('button', { name: /Quinn Questfield/ });
  await expect(found).toContainText(job.title);
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'new-message-dialog');
  await found.click();

  await expect(page).toHaveURL(/\/company\/messages\?conversation=/);
  await expect(page.getByRole('heading', { name: 'Quinn Questfield', level: 2 })).toBeVisible();
  await expect(page.getByText(`About ${job.title}`)).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Hello Quinn, thanks for applying. Do you have time for a call this week?');
  await box.press('Enter');
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('thanks for applying');
});
