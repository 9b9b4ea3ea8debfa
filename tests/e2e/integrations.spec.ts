import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// Settings → Integrations and Security (issue 58), as a company's Owner uses them: an API key made with a scope
// and used by a program; a webhook endpoint that hears a member leave, verified by the Standard Webhooks library,
// with its delivery in the log; the email domain, single sign-on and SCIM token on Security.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tandem-hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('an Owner makes an API key a program uses, and a webhook endpoint that hears a member leave', async ({
  page,
  loginAs,
  createAccount,
  request,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const companyName = uniqueName('Hooked Co');
    const owner = await loginAs('company', { company_name: companyName });
    const colleagueName = uniqueName('Leaving Colleague');
    await createAccount('company', { colleague_of: owner.email, company_role: 'viewer', name: colleagueName });

    await page.goto(`${paths.companySettings.getHref()}?tab=integrations`);
    await expect(page.getByRole('tab', { name: 'Integrations', selected: true })).toBeVisible();
    await expect(page.getByText('No API keys yet.')).toBeVisible();
    await expect(page.getByText('No webhook endpoints yet.')).toBeVisible();
    await expectNoSeriousViolations(page);

    // An API key with one scope: shown once, and a program's request with it works.
    await page.getByRole('button', { name: 'Create key' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'Create API key' });
    await keyDialog.getByLabel('Key name').fill('Nightly ATS sync');
    await keyDialog.getByRole('button', { name: 'Create Key' }).click();
    await expect(keyDialog.getByText('Choose at least one scope.')).toBeVisible();
    await keyDialog.getByLabel('Jobs and tests').selectOption('read');
    await expectNoSeriousViolations(page);
    await keyDialog.getByRole('button', { name: 'Create Key' }).click();
    const secret = await page.getByLabel('Your new API key').inputValue();
    expect(secret).toMatch(/^tdk_/);
    const keys = page.getByRole('list', { name: 'Your company’s API keys' });
    await expect(keys.getByText('Jobs and tests (read)')).toBeVisible();
    const asProgram = await request.get('/api/jobs', { headers: { authorization: `Bearer ${secret}` } });
    expect(asProgram.status()).toBe(200);
    expect(asProgram.headers()['ratelimit-limit']).toBeTruthy();
    const outOfScope = await request.get('/api/company/webhooks', { headers: { authorization: `Bearer ${secret}` } });
    expect(outOfScope.status()).toBe(403);
    await page.getByRole('button', { name: 'Done' }).click();

    // A webhook endpoint for members joining and leaving.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const hookDialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await hookDialog.getByLabel('Endpoint URL').fill(receiver.url);
    await hookDialog.getByLabel('Description (optional)').fill('HR system');
    await hookDialog.getByRole('checkbox', { name: 'member.joined' }).check();
    await hookDialog.getByRole('checkbox', { name: 'member.left' }).check();
    await expectNoSeriousViolations(page);
    await saveScreenshots(page, 'integrations-add-endpoint');
    await hookDialog.getByRole('button', { name: 'Add Endpoint' }).click();
    const signingSecret = await page.getByLabel('The endpoint’s signing secret').inputValue();
    expect(signingSecret).toMatch(/^whsec_/);
    const endpoints = page.getByRole('list', { name: 'Webhook endpoints' });
    await expect(endpoints.getByText(receiver.url)).toBeVisible();
    await saveScreenshots(page, 'integrations-tab');

    // The colleague is removed on the Team tab: the receiver hears it, signed.
    await page.getByRole('tab', { name: 'Team' }).click();
    await page.getByRole('button', { name: `Remove ${colleagueName}` }).click();
    await page
      .getByRole('alertdialog', { name: `Remove ${colleagueName} from ${companyName}?` })
      .getByRole('button', { name: 'Remove Member' })
      .click();
    await expect(page.getByText(`${colleagueName} is no longer on the team.`, { exact: true })).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [delivered] = receiver.received;
    const event = new Webhook(signingSecret).verify(
      delivered?.body ?? '',
      delivered?.headers as Record<string, string>,
    );
    expect(event).toMatchObject({ type: 'member.left' });

    // Its delivery, in the endpoint's log.
    await page.getByRole('tab', { name: 'Integrations' }).click();
    await endpoints.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('region', { name: `Deliveries to ${receiver.url}` });
    const row = log.getByRole('row', { name: /member\.left/ });
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('204');
    await row.getByRole('button', { name: 'Details' }).click();
    await expect(log.getByRole('list', { name: 'Attempts' })).toContainText('204');
    await expectNoSeriousViolations(page);
    await saveScreenshots(page, 'integrations-deliveries', { scrollTo: log });
  } finally {
    await receiver.close();
  }
});

test.describe('Security', () => {
  // The address outside the domain is refused by the server (400), as the page then says.
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test('an Owner starts verifying the company’s domain on Security, and sees what single sign-on and SCIM need', async ({
    page,
    loginAs,
  }) => {
    test.setTimeout(90_000);
    await loginAs('company', { company_name: uniqueName('Secure Co') });
    await page.goto(`${paths.companySettings.getHref()}?tab=company-security`);
    const domainCard = page.getByRole('region', { name: 'Email domain' });
    await expect(domainCard).toBeVisible();
    await expect(page.getByText('Verify your email domain first')).toBeVisible();
    await domainCard.getByLabel('Domain').fill('secure-co.test');
    await domainCard.getByLabel('Send the code to').fill('it@elsewhere.test');
    await domainCard.getByRole('button', { name: 'Send code' }).click();
    await expect(domainCard.getByText('Send the code to an address at the domain you are verifying.')).toBeVisible();
    await domainCard.getByLabel('Send the code to').fill('it@secure-co.test');
    await domainCard.getByRole('button', { name: 'Send code' }).click();
    await expect(domainCard.getByLabel('Confirmation code')).toBeVisible();
    await expect(domainCard.getByText('Sent to it@secure-co.test')).toBeVisible();

    // SCIM: a token shown once, for the identity provider.
    const scim = page.getByRole('region', { name: 'SCIM provisioning' });
    await scim.getByRole('button', { name: 'Create token' }).click();
    await expect(scim.getByLabel('Your SCIM token')).toHaveValue(/^tds_/);
    await expectNoSeriousViolations(page);
    await saveScreenshots(page, 'company-security-tab');
  });
});

test('Sign in with SSO says so in place when an address has no single sign-on', async ({ page }) => {
  await page.goto(paths.login.getHref());
  await page.getByLabel('Email').fill('nobody@no-sso.test');
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  await expect(
    page.getByText('Single sign-on is not set up for this email address. Sign in with your password instead.'),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
});
