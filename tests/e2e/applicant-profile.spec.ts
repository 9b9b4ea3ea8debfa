import { crc32, deflateSync } from 'node:zlib';
import { paths } from '../../src/shared/routes';
import { profileTexts } from '../../src/shared/talent';
import { seriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { expect, saveScreenshots, test } from './support/test';

// A real PNG, drawn here: a 96×96 teal disc on a light background, so the photo shows in the screenshots.
function drawPortrait(): Buffer {
  const size = 96;
  const rows = Array.from({ length: size }, (_, y) => {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const isInside = (x - size / 2) ** 2 + (y - size / 2.4) ** 2 < (size / 4) ** 2 || y > size * 0.7;
      row.set(isInside ? [13, 148, 136] : [226, 232, 240], 1 + x * 3);
    }
    return row;
  });
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('an applicant fills in the profile, uploads a photo and sees the meter count them', async ({
  page,
  context,
  baseURL,
  browser,
  request,
  loginAs,
  createAccount,
}) => {
  await chooseEssentialCookies(context, baseURL);
  const applicant = await loginAs('applicant', { name: 'Ada Lovelace' });
  await page.goto(paths.applicantSettings.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paths.applicantSettings.title);

  const profile = page.getByRole('region', { name: 'Profile', exact: true });
  const meter = profile.getByRole('progressbar', { name: 'Profile completeness' });
  await expect(meter).toHaveAttribute('aria-valuenow', '0');
  await expect(profile).toContainText('Missing: Headline, Summary, Hourly rate, Skills');

  await profile.getByLabel('Headline').fill('Senior React Engineer');
  await profile.getByLabel('Hourly rate (USD)').fill('65.50');
  await profile
    .getByLabel('Summary')
    .fill('Eight years of remote front-end work for product teams in Europe and the Americas.');
  await profile.getByLabel('Experience level').selectOption({ label: 'Senior' });
  await profile.getByLabel('Availability').selectOption({ label: 'Full-time' });
  await profile.getByLabel('Region').selectOption('Europe');
  await profile.getByLabel('Location').fill('Kraków, Poland');
  await profile.getByRole('combobox', { name: 'Time zone' }).click();
  await page.getByRole('combobox', { name: 'Search time zones' }).fill('warsaw');
  await page.getByRole('option', { name: /^Europe\/Warsaw/ }).click();
  await expect(profile.getByRole('combobox', { name: 'Time zone' })).toContainText('Europe/Warsaw (UTC+0');
  for (const skill of ['React', 'TypeScript', 'GraphQL']) {
    await profile.getByRole('textbox', { name: 'Skills' }).fill(skill);
    await profile.getByRole('textbox', { name: 'Skills' }).press('Enter');
  }
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText(profileTexts.saved);
  // The background lists count too (profile-background.spec.ts fills them in).
  await expect(meter).toHaveAttribute('aria-valuenow', '64');
  await expect(profile).toContainText(
    'Missing: Photo, Work history, Education, Languages, Portfolio or certifications',
  );

  // A file that is not an image is refused at once, with the server's own sentence.
  await profile.getByLabel('Choose Photo').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  });
  await expect(profile.getByText(profileTexts.photoUnsupportedType)).toBeVisible();

  await profile.getByLabel('Choose Photo').setInputFiles({
    name: 'ada.png',
    mimeType: 'image/png',
    buffer: drawPortrait(),
  });
  // Choosing uploads it: no second click.
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toContainText(profileTexts.photoUploaded);
  await expect(meter).toHaveAttribute('aria-valuenow', '71');
  await expect(profile).toContainText('Missing: Work history, Education, Languages, Portfolio or certifications');
  // The uploaded photo comes back from the server and the browser draws it.
  const photo = profile.getByRole('img', { name: 'Your photo' });
  await expect(photo).toHaveJSProperty('complete', true);
  expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96);

  const preview = page.getByRole('region', { name: 'How companies see you' });
  await expect(preview.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(preview).toContainText('Senior React Engineer');
  await expect(preview).toContainText('$65.50/hr');
  await expect(preview.getByRole('list', { name: 'Skills' })).toContainText('GraphQL');
  await page.keyboard.press('Escape');
  await saveScreenshots(page, 'applicant-profile');

  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Profile', exact: true });
  await expect(reloaded.getByLabel('Headline')).toHaveValue('Senior React Engineer');
  await expect(reloaded.getByLabel('Hourly rate (USD)')).toHaveValue('65.5');
  await expect(reloaded.getByRole('combobox', { name: 'Time zone' })).toContainText('Europe/Warsaw');
  await expect(reloaded.getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute(
    'aria-valuenow',
    '71',
  );

  // A company reads the same profile and photo.
  const company = await createAccount('company');
  const session = await request.post('/api/testing/sessions', { data: { email: company.email } });
  const { token } = (await session.json()) as { token: string };
  const companyContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `tandem_session=${token}` },
  });
  const seen = await companyContext.request.get(`/api/applicants/${applicant.id}/profile`);
  expect(seen.status()).toBe(200);
  const seenProfile = await seen.json();
  expect(seenProfile).toMatchObject({
    name: 'Ada Lovelace',
    headline: 'Senior React Engineer',
    hourly_rate: 65.5,
    skills: ['React', 'TypeScript', 'GraphQL'],
    timezone: 'Europe/Warsaw',
  });
  const servedPhoto = await companyContext.request.get(seenProfile.photo_url);
  expect(servedPhoto.headers()['content-type']).toBe('image/png');
  expect(servedPhoto.headers()['x-content-type-options']).toBe('nosniff');
  expect((await servedPhoto.body()).equals(drawPortrait())).toBe(true);
  await companyContext.close();
});

test('the profile section, its time-zone search and a refused field have no serious accessibility violations', async ({
  page,
  loginAs,
}) => {
  await loginAs('applicant');
  await page.goto(paths.applicantSettings.getHref());
  const profile = page.getByRole('region', { name: 'Profile', exact: true });
  await profile.getByLabel('Hourly rate (USD)').fill('12.345');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(profile.getByText(profileTexts.hourlyRateCents)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await profile.getByRole('combobox', { name: 'Time zone' }).click();
  await page.getByRole('combobox', { name: 'Search time zones' }).fill('lagos');
  await expect(page.getByRole('option', { name: /^Africa\/Lagos/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(profile.getByRole('combobox', { name: 'Time zone' })).toContainText('Africa/Lagos');
});
