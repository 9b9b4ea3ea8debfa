import fs from 'node:fs/promises';
import { pdfCv } from '../../src/server/testing/cv-files';
import { cvTexts, PDF_CONTENT_TYPE } from '../../src/shared/applicant-cv';
import { paths } from '../../src/shared/routes';
import { talentTexts } from '../../src/shared/talent-search';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, saveScreenshots, test, viewports } from './support/test';

// The CV (issue 33): an applicant uploads one on their profile, the background job reads its text, they
// let every company download it; a company then finds them by a word that is only in the CV, sees where
// it matched, and downloads the file from the candidate's profile.

const uniqueWord = () =>
  `zq${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;

test('an applicant uploads a CV, and a company finds them by a word in it and downloads it', async ({
  page,
  context,
  baseURL,
  loginAs,
}) => {
  test.slow();
  await chooseEssentialCookies(context, baseURL);
  const word = uniqueWord();
  const applicant = await loginAs('applicant', { name: uniqueWord().replace('zq', 'Cora ') });
  const profile = await page.request.put('/api/applicant/profile', {
    headers: { 'sec-fetch-site': 'same-origin' },
    data: {
      headline: 'Platform Engineer',
      summary: 'Remote infrastructure work for product teams.',
      hourly_rate: 70,
      skills: ['Go', 'Terraform'],
      experience_level: 'senior',
      availability: 'full-time',
      region: 'Europe',
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const cv = await pdfCv([
    `${applicant.name}\nPlatform Engineer\n\nLed the ${word} migration of a payments platform to Kubernetes.`,
  ]);

  await page.goto(paths.applicantSettings.getHref());
  const cvField = page.getByRole('group', { name: 'CV' });
  // A file that is no CV is refused at once, with the server's sentence.
  await cvField
    .getByLabel('Upload CV')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes') });
  await expect(cvField.getByText(cvTexts.unsupportedType)).toBeVisible();

  await cvField.getByLabel('Upload CV').setInputFiles({ name: 'Cora CV.pdf', mimeType: PDF_CONTENT_TYPE, buffer: cv });
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText(cvTexts.uploaded);
  await expect(cvField.getByRole('link', { name: 'Cora CV.pdf' })).toBeVisible();
  // The background job reads it; the field asks again until it has.
  await expect(cvField.getByText(cvTexts.textReady)).toBeVisible({ timeout: 30_000 });
  const onlyRelated = cvField.getByRole('radio', { name: 'Only companies I applied to or that invited me' });
  await expect(onlyRelated).toBeChecked();
  await cvField.getByRole('radio', { name: 'Every company' }).click();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText(cvTexts.visibilitySaved);
  await expect(cvField.getByRole('radio', { name: 'Every company' })).toBeChecked();
  await saveScreenshots(page, 'applicant-cv', { scrollTo: cvField });
  await expectNoSeriousViolations(page);
  await page.setViewportSize(viewports.mobile);
  await expectNoSidewaysScroll(page, 'the settings with a CV on a phone');
  await page.setViewportSize(viewports.desktop);

  // A company searches for the word that is only in the CV.
  await loginAs('company');
  await page.goto(paths.companyTalent.getHref());
  await page.getByRole('searchbox', { name: 'Search talent' }).fill(word);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(talentTexts.resultsFor(word));
  await expect(page.getByText('1 candidate', { exact: true })).toBeVisible();
  const card = page.getByRole('article', { name: applicant.name });
  await expect(card.getByText('In CV:')).toBeVisible();
  await expect(card.locator('mark')).toHaveText(word);
  await expect(card).toContainText('migration of a payments platform');
  await saveScreenshots(page, 'talent-search-cv-match');
  await expectNoSeriousViolations(page);

  await card.getByRole('button', { name: applicant.name, exact: true }).click();
  const sheet = page.getByRole('dialog', { name: `${applicant.name}’s profile` });
  const downloading = page.waitForEvent('download');
  await sheet.getByRole('link', { name: 'Download CV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Cora CV.pdf');
  const saved = await download.path();
  expect((await fs.readFile(saved)).equals(cv)).toBe(true);
  await saveScreenshots(page, 'candidate-sheet-cv', { scrollTo: sheet.getByRole('link', { name: 'Download CV' }) });
  await expectNoSeriousViolations(page);
});
