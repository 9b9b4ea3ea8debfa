import { type RadicaleServer, startRadicale } from '../../src/server/testing/radicale-server';
import { calendarConnectionTexts as texts } from '../../src/shared/calendar-connections';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { expect, saveScreenshots, test } from './support/test';

// Settings → Calendars (issue 59), as a person connects their own calendar: a real CalDAV server (Debian's Radicale
// on loopback, started here) tried with a wrong password first, then connected; its calendars listed, the write
// calendar chosen, one calendar no longer checked for conflicts, then disconnected.

const user = { username: 'ada', password: 'ada-app-password' };
let radicale: RadicaleServer;

test.beforeAll(async () => {
  radicale = await startRadicale({ users: [user] });
  await radicale.createCalendar(user, 'work', 'Work');
  await radicale.createCalendar(user, 'personal', 'Personal');
});
test.afterAll(async () => {
  await radicale?.stop();
});
test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});
// The refused password is a 400 the form shows at the field.
test.use({ expectedConsoleErrors: [/status of 400/] });

test('a person connects a CalDAV calendar, chooses where meetings go, and disconnects it', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(90_000);
  await loginAs('applicant');
  await page.goto(`${paths.applicantSettings.getHref()}?tab=calendars`);
  await expect(page.getByRole('tab', { name: 'Calendars', selected: true })).toBeVisible();
  const section = page.getByRole('region', { name: texts.sectionTitle });
  await expect(section.getByText(texts.empty)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect Google Calendar' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'calendar-connections-empty');

  await section.getByRole('button', { name: 'Connect CalDAV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a calendar' });
  await expect(dialog.getByLabel('Server address')).toHaveValue('https://caldav.icloud.com');
  await expect(dialog.getByText(/app-specific password made at account\.apple\.com/)).toBeVisible();
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'calendar-connections-connect-dialog');

  await dialog.getByLabel('Calendar service').selectOption({ label: 'Other CalDAV server' });
  await dialog.getByLabel('Server address').fill(radicale.url);
  await dialog.getByLabel('User name').fill(user.username);
  await dialog.getByLabel('Password or app password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByText(texts.passwordRefused)).toBeVisible();
  await expect(dialog.getByLabel('Password or app password')).toBeFocused();

  await dialog.getByLabel('Password or app password').fill(user.password);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog).toBeHidden();
  const accountName = `${user.username}@${new URL(radicale.url).host}`;
  const connection = section.getByRole('listitem', { name: accountName });
  await expect(connection.getByText('Connected', { exact: true })).toBeVisible();
  const work = connection.getByRole('switch', { name: 'Check for conflicts Work' });
  const personal = connection.getByRole('switch', { name: 'Check for conflicts Personal' });
  await expect(work).toBeChecked();
  await expect(personal).toBeChecked();

  await connection.getByLabel('Write my Tandem meetings into').selectOption({ label: 'Personal' });
  await expect(
    connection.getByRole('listitem').filter({ hasText: 'Personal' }).getByText('Meetings written here'),
  ).toBeVisible();
  await work.click();
  await expect(work).not.toBeChecked();
  await page.reload();
  await expect(work).not.toBeChecked();
  await expect(connection.getByLabel('Write my Tandem meetings into')).toHaveValue(/personal\/$/);
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'calendar-connections-connected');

  await connection.getByRole('button', { name: `Disconnect ${accountName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Disconnect ${accountName}?` });
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(section.getByText(texts.empty)).toBeVisible();
});
