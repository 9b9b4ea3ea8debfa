import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { talentContract } from '~/shared/contracts/talent';
import { giveDemoTalentPhoto } from './demo-photo';
import { demoAccounts } from './seed/demo-accounts';
import { signedInAccount } from './testing/auth-helpers';
import { createTestApp, type TestApp } from './testing/test-app';

// The demo talent's photo: a portrait uploaded through the talent's own operation once the demo data is in,
// served as any photo is, and never a second time.
describe('the demo talent’s photo', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  const give = () => giveDemoTalentPhoto({ db: testApp.database.db, files: testApp.app.appContext.files });

  it('is a 256-pixel PNG portrait, uploaded once, that everyone signed in sees', async () => {
    expect(await give()).toBe(false);
    const email = demoAccounts.find((account) => account.role === 'applicant')?.email;
    const talent = await signedInAccount(testApp, { role: 'applicant', email });
    expect(await give()).toBe(true);

    const profile = (await talent.call(talentContract.ownProfile)).body;
    expect(profile.photo_url).toMatch(/^\/api\/applicants\/.+\/photo\?v=/);
    const company = await signedInAccount(testApp, { role: 'company' });
    // The URL the profile gives, as the browser follows it.
    const photo = await company.request({ method: 'GET', url: profile.photo_url ?? '' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');

    // Read back as a PNG: the signature, a 256×256 truecolour header, and image data zlib inflates to
    // 256 rows of a filter byte and 256 RGB pixels.
    const bytes = photo.rawPayload;
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20), bytes[24], bytes[25]]).toEqual([256, 256, 8, 2]);
    const dataLength = bytes.readUInt32BE(33);
    expect(bytes.toString('ascii', 37, 41)).toBe('IDAT');
    const pixels = inflateSync(bytes.subarray(41, 41 + dataLength));
    expect(pixels.length).toBe(256 * (1 + 256 * 3));
    // The corner is the background, the middle of the face is not.
    const at = (x: number, y: number) => [...pixels.subarray(y * 769 + 1 + x * 3, y * 769 + 4 + x * 3)];
    expect(at(2, 2)).toEqual([204, 228, 224]);
    expect(at(128, 110)).not.toEqual([204, 228, 224]);

    // Started again on the same data: the photo stays as it is.
    expect(await give()).toBe(false);
    const again = (await talent.call(talentContract.ownProfile)).body;
    expect(again.photo_url).toBe(profile.photo_url);
  });
});
