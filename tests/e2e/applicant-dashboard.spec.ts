import { randomBytes } from 'node:crypto';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// The applicant dashboard: the five figures from the applicant's own rows,
// recommended jobs ranked by their profile's skills, recent applications, and the honest empty sections.

const sameOrigin = { 'sec-fetch-site': 'same-origin' };

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('the dashboard shows the applicant’s figures, recommended jobs and applications', async ({
  page,
  request,
  loginAs,
  createAccount,
}) => {
  const applicant = await loginAs('applicant');
  const company = await createAccount('company', { company_name: uniqueName('Northwind') });
  // A skill no other test uses: the job asking for it is this applicant's best match.
  const skill = `Skill${randomBytes(3).toString('hex')}`;
  const profile = await page.request.put('/api/applicant/profile', {
    headers: sameOrigin,
    data: { skills: [skill, 'Customer Service'] },
  });
  expect(profile.status(), await profile.text()).toBe(200);

  for (const [title, status] of [
    [uniqueName('Support Engineer'), 'interviewing'],
    [uniqueName('Data Entry Clerk'), 'offered'],
    [uniqueName('Bookkeeper'), 'submitted'],
  ] as const) {
    const response = await request.post('/api/testing/jobs', {
      data: { company_email: company.email, title, applications: [{ applicant_email: applicant.email, status }] },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  const match = await request.post('/api/testing/jobs', {
    data: { company_email: company.email, title: uniqueName('Matched Role'), skill_tags: [skill, 'Zendesk'] },
  });
  const matched = (await match.json()) as { id: string; title: string };
  const saved = await page.request.put(`/api/applicant/saved-jobs/${matched.id}`, { headers: sameOrigin });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(paths.applicantDashboard.getHref());
  const figures = page.getByRole('region', { name: 'Your figures' });
  const card = (label: string) => figures.getByRole('link', { name: new RegExp(`^${label}`) });
  await expect(card('Applications')).toContainText('3');
  await expect(card('Interviews')).toContainText('1');
  await expect(card('Offers')).toContainText('1');
  await expect(card('Saved Jobs')).toContainText('1');
  // No assignment yet: no '0/40' to read as falling short.
  await expect(card('Active Hours')).toContainText('No assignment yet');

  const recommended = page.getByRole('region', { name: 'Recommended Jobs' });
  const first = recommended.getByRole('listitem').first();
  await expect(first).toContainText(matched.title);
  await expect(first).toContainText('Matches 1 of your skills');
  await expect(first).toContainText('UTC+00:00');

  const recent = page.getByRole('region', { name: 'My Applications' });
  await expect(recent.getByRole('listitem')).toHaveCount(3);
  // Skills & Learning reads the profile: its skills, and what the profile still lacks.
  const skillsCard = page.getByRole('region', { name: 'Skills & Learning' });
  await expect(skillsCard.getByRole('list', { name: 'Your skills' })).toContainText(skill);
  await expect(skillsCard.getByRole('progressbar', { name: 'Profile completeness' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upcoming Meetings' })).toContainText('No upcoming meetings');
  await expect(page.getByRole('region', { name: 'Recent Messages' })).toContainText('No messages yet');
  await saveScreenshots(page, 'applicant-dashboard');
  await expectNoSeriousViolations(page);

  // A figure opens the list it counts.
  await card('Offers').click();
  await expect(page).toHaveURL(/\/applicant\/applications\?status=offered$/);
  await expect(page.getByRole('table', { name: 'My applications' }).getByRole('row')).toHaveCount(2);
});

test('a new applicant’s dashboard starts at zero with honest empty sections', async ({ page, loginAs }) => {
  await loginAs('applicant');
  await page.goto(paths.applicantDashboard.getHref());
  const figures = page.getByRole('region', { name: 'Your figures' });
  await expect(figures.getByRole('link', { name: /^Applications/ })).toContainText('0');
  await expect(figures.getByRole('link', { name: /^Active Hours/ })).toContainText('No assignment yet');
  await expect(page.getByRole('region', { name: 'My Applications' })).toContainText('No applications yet');
  await saveScreenshots(page, 'applicant-dashboard-new');
});
