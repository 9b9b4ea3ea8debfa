import type { APIRequestContext } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies, uniqueEmail, uniquePassword } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// Companies are teams (docs/decisions/032): the owner invites a colleague as Hiring Manager; the colleague
// opens the emailed link, creates their account and lands in the company's portal; the owner sees them in
// Settings → Team, changes their role, then removes them — and the colleague's open tab is signed out.

const teamTab = `${paths.companySettings.getHref()}?tab=team`;

// The /join/… link in the latest email to the address (the test outbox).
async function readInvitationLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/testing/outbox?to=${encodeURIComponent(to)}`);
      const { items } = (await response.json()) as { items: Array<{ text: string }> };
      const found = items
        .flatMap((item) => item.text.match(/https?:\/\/\S+/g) ?? [])
        .map((url) => new URL(url))
        .find((url) => url.pathname.startsWith('/join/'));
      link = found?.pathname;
      return link !== undefined;
    }, `an invitation email to ${to}`)
    .toBe(true);
  if (!link) throw new Error(`No invitation link was emailed to ${to}`);
  return link;
}

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('an owner invites a Hiring Manager, who joins from the email; the owner changes the role, then removes them', async ({
  page,
  browser,
  baseURL,
  request,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const companyName = uniqueName('Northwind');
  await loginAs('company', { name: 'Olive Owner', company_name: companyName });
  const colleagueEmail = uniqueEmail('colleague');
  const colleagueName = uniqueName('Hana Manager');

  // Settings → Team: the owner alone, then an invitation.
  await page.goto(teamTab);
  await expect(page.getByRole('tab', { name: 'Team', selected: true })).toBeVisible();
  const members = page.getByRole('table', { name: 'Team members' });
  await expect(members.getByRole('row')).toHaveCount(2);
  await expect(page.getByText('No pending invitations.')).toBeVisible();
  await page.getByRole('button', { name: 'Invite colleague' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite colleague' });
  await dialog.getByLabel('Email').fill(colleagueEmail);
  await dialog.getByRole('radio', { name: 'Hiring Manager' }).check();
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(
    page.getByText(`${colleagueEmail} can join as Hiring Manager within 7 days.`, { exact: true }),
  ).toBeVisible();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByText(colleagueEmail)).toBeVisible();
  await expect(pending.getByText('Hiring Manager')).toBeVisible();
  await saveScreenshots(page, 'team-tab');
  await expectNoSeriousViolations(page);

  // The colleague, in their own browser, opens the emailed link and creates their account.
  const link = await readInvitationLink(request, colleagueEmail);
  const colleagueContext = await browser.newContext({ baseURL });
  await chooseEssentialCookies(colleagueContext, baseURL);
  const colleague = await colleagueContext.newPage();
  const colleagueErrors: string[] = [];
  colleague.on('pageerror', (error) => colleagueErrors.push(error.message));
  await colleague.goto(link);
  await expect(colleague.getByRole('heading', { name: `${companyName} invites you` })).toBeVisible();
  await expect(colleague.getByRole('region', { name: 'The invitation' })).toContainText(
    `Olive Owner invited you to join ${companyName} as Hiring Manager.`,
  );
  const form = colleague.getByRole('form', { name: 'Create your account' });
  await expect(form.getByLabel('Email')).toHaveValue(colleagueEmail);
  await saveScreenshots(colleague, 'team-join-page');
  await expectNoSeriousViolations(colleague);
  await form.getByLabel('Full name').fill(colleagueName);
  await form.getByLabel('Password').fill(uniquePassword());
  await form.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }).check();
  await form.getByRole('button', { name: 'Create Account and Join' }).click();
  await expect(colleague).toHaveURL(paths.companyDashboard.getHref());
  // A member of the owner's company: its team lists them, with their role.
  await colleague.goto(teamTab);
  await expect(colleague.getByText(`You are a Hiring Manager of ${companyName}.`)).toBeVisible();
  await expect(colleague.getByRole('button', { name: 'Invite colleague' })).toHaveCount(0);
  await colleague.goto(paths.companyDashboard.getHref());

  // The owner sees them with their role, and changes it.
  await page.reload();
  const row = members.getByRole('row', { name: new RegExp(colleagueName) });
  await expect(row).toContainText(colleagueEmail);
  const role = row.getByRole('combobox', { name: `Role of ${colleagueName}` });
  await expect(role).toHaveValue('hiring_manager');
  await expect(page.getByText('No pending invitations.')).toBeVisible();
  await role.selectOption('viewer');
  await page
    .getByRole('alertdialog', { name: `Make ${colleagueName} Viewer?` })
    .getByRole('button', { name: 'Change Role' })
    .click();
  await expect(page.getByText(`${colleagueName} is Viewer now.`, { exact: true })).toBeVisible();
  await saveScreenshots(page, 'team-tab-members');

  // Removed: the confirmation names what ends; the colleague's open tab is signed out at once.
  await row.getByRole('button', { name: `Remove ${colleagueName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove ${colleagueName} from ${companyName}?` });
  await expect(confirm).toContainText('Their sessions end at once on every device');
  await confirm.getByRole('button', { name: 'Remove Member' }).click();
  await expect(page.getByText(`${colleagueName} is no longer on the team.`, { exact: true })).toBeVisible();
  await expect(members.getByRole('row', { name: new RegExp(colleagueName) })).toHaveCount(0);
  await expect(colleague).toHaveURL(new RegExp(`^[^?]*${paths.login.getHref()}`));

  expect(colleagueErrors).toEqual([]);
  await colleagueContext.close();
});
