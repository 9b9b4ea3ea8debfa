import { paths } from '../../src/shared/routes';
import { backgroundTexts } from '../../src/shared/talent-background';
import { talentTexts } from '../../src/shared/talent-search';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, saveScreenshots, test } from './support/test';

// Issue 33 item 2: an applicant adds a job, a degree, a language, a certificate and a portfolio link in
// Settings, the meter counts them, and a company finds the applicant in Talent Search and reads them on
// the card and the profile sheet.

const uniqueWord = () =>
  `zq${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;

test('an applicant adds their background and a company sees it on the card and the profile sheet', async ({
  page,
  context,
  baseURL,
  loginAs,
}) => {
  test.slow();
  await chooseEssentialCookies(context, baseURL);
  const word = uniqueWord();
  const applicant = await loginAs('applicant', { name: uniqueName('Rita Costa') });
  // The profile's own fields, so companies find it (their form has its own browser test).
  const saved = await page.request.put('/api/applicant/profile', {
    headers: { 'sec-fetch-site': 'same-origin' },
    data: {
      headline: 'Backend Engineer',
      summary: 'Payments and queues in Go.',
      hourly_rate: 55,
      skills: ['Go', 'PostgreSQL'],
      experience_level: 'senior',
      availability: 'full-time',
      region: 'Europe',
      location: 'Lisbon',
      timezone: 'Europe/Lisbon',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(paths.applicantSettings.getHref());
  const notifications = page.getByRole('region', { name: 'Notifications (F8)' });
  const meter = page
    .getByRole('region', { name: 'Profile', exact: true })
    .getByRole('progressbar', { name: 'Profile completeness' });
  await expect(meter).toHaveAttribute('aria-valuenow', '64');

  // A job: the end before the start is refused beside the field, then it is the current one.
  const work = page.getByRole('region', { name: 'Work History' });
  await work.getByRole('button', { name: 'Add job' }).click();
  await work.getByLabel('Job title').fill('Staff Engineer');
  await work.getByLabel('Company').fill('Northwind');
  await work.getByLabel('Start month').fill('2022-04');
  await work.getByLabel('End month').fill('2021-01');
  await work.getByRole('button', { name: 'Save Work History' }).click();
  await expect(work.getByText(backgroundTexts.endBeforeStart)).toBeVisible();
  await work.getByRole('checkbox', { name: 'I currently work here' }).check();
  await work.getByLabel('Description (optional)').fill('Leads the payments team.');
  await work.getByRole('button', { name: 'Save Work History' }).click();
  await expect(notifications).toContainText(backgroundTexts.saved('work history'));

  const education = page.getByRole('region', { name: 'Education' });
  await education.getByRole('button', { name: 'Add degree' }).click();
  // The word the company searches for below: only the school's name holds it.
  await education.getByLabel('School').fill(`University of ${word}`);
  await education.getByLabel('Degree and field of study').fill('MSc Computer Science');
  await education.getByLabel('Start year').fill('2014');
  await education.getByLabel('End year').fill('2016');
  await education.getByRole('button', { name: 'Save Education' }).click();
  await expect(notifications).toContainText(backgroundTexts.saved('education'));

  const languages = page.getByRole('region', { name: 'Languages' });
  await languages.getByRole('button', { name: 'Add language' }).click();
  await languages.getByRole('textbox', { name: 'Language' }).fill('Portuguese');
  await languages.getByLabel('Level').selectOption({ label: 'Native' });
  await languages.getByRole('button', { name: 'Save Languages' }).click();
  await expect(notifications).toContainText(backgroundTexts.saved('languages'));

  const certifications = page.getByRole('region', { name: 'Certifications' });
  await certifications.getByRole('button', { name: 'Add certification' }).click();
  await certifications.getByLabel('Certification', { exact: true }).fill('AWS Solutions Architect');
  await certifications.getByLabel('Issuer').fill('Amazon Web Services');
  await certifications.getByLabel('Issued').fill('2023-06');
  await certifications.getByLabel('Credential URL (optional)').fill('https://aws.example.com/verify/123');
  await certifications.getByRole('button', { name: 'Save Certifications' }).click();
  await expect(notifications).toContainText(backgroundTexts.saved('certifications'));

  const portfolio = page.getByRole('region', { name: 'Portfolio' });
  await portfolio.getByRole('button', { name: 'Add link' }).click();
  await portfolio.getByLabel('Title').fill('Open-source queue');
  await portfolio.getByLabel('URL').fill('javascript:alert(1)');
  await portfolio.getByRole('button', { name: 'Save Portfolio' }).click();
  await expect(portfolio.getByText(backgroundTexts.url)).toBeVisible();
  await portfolio.getByLabel('URL').fill('https://github.com/example/queue');
  await portfolio.getByRole('button', { name: 'Save Portfolio' }).click();
  await expect(notifications).toContainText(backgroundTexts.saved('portfolio'));

  // Everything but the photo now.
  await expect(meter).toHaveAttribute('aria-valuenow', '93');
  const preview = page.getByRole('region', { name: 'How companies see you' });
  await expect(preview).toContainText('Staff Engineer · Northwind');
  await expect(preview).toContainText('Portuguese · Native');
  await expect(preview.getByRole('link', { name: /Open-source queue/ })).toHaveAttribute(
    'href',
    'https://github.com/example/queue',
  );
  await expectNoSeriousViolations(page);
  await expectNoSidewaysScroll(page, 'Settings with the background lists');
  await saveScreenshots(page, 'profile-background-settings', { scrollTo: work });

  // Saved for good: a reload shows the lists as saved.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Work History' }).getByLabel('Job title')).toHaveValue(
    'Staff Engineer',
  );

  // A company finds the applicant by the school, and reads the background on the card and the sheet.
  await loginAs('company');
  await page.goto(paths.companyTalent.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(talentTexts.heading);
  await page.getByRole('searchbox', { name: 'Search talent' }).fill(word);
  const card = page.getByRole('article', { name: applicant.name });
  await expect(card).toContainText('Staff Engineer at Northwind');
  await expect(card).toContainText('Portuguese (Native)');
  // Where the word was found: the school, in the background, the word marked.
  const match = card.getByText('In background:').locator('..');
  await expect(match).toContainText(`University of ${word}`);
  await expect(match.locator('mark')).toHaveText(word);
  await saveScreenshots(page, 'profile-background-card', { scrollTo: card });
  await card.getByRole('button', { name: applicant.name, exact: true }).click();
  const sheet = page.getByRole('dialog', { name: `${applicant.name}’s profile` });
  await expect(sheet.getByRole('heading', { name: 'Work history' })).toBeVisible();
  await expect(sheet).toContainText('Staff Engineer · Northwind');
  await expect(sheet).toContainText('Apr 2022 – Present');
  await expect(sheet).toContainText('MSc Computer Science');
  await expect(sheet).toContainText('2014 – 2016');
  await expect(sheet).toContainText('Portuguese · Native');
  await expect(sheet).toContainText('AWS Solutions Architect');
  await expect(sheet.getByRole('link', { name: /Show credential for AWS Solutions Architect/ })).toHaveAttribute(
    'href',
    'https://aws.example.com/verify/123',
  );
  await expect(sheet.getByRole('link', { name: /Open-source queue/ })).toBeVisible();
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'profile-background-sheet', {
    scrollTo: sheet.getByRole('heading', { name: 'Portfolio' }),
  });
});
