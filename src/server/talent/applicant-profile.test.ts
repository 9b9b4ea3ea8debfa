import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { malformedIdMessage } from '~/shared/contract-schemas';
import { talentContract } from '~/shared/contracts/talent';
import {
  PHOTO_MAX_BYTES,
  PROFILE_MAX_SKILLS,
  profileCompletenessFields,
  profileTexts,
  type UpdateApplicantProfileInput,
} from '~/shared/talent';
import { textTexts } from '~/shared/text';
import { applicantProfiles, auditLogs, storedFiles, users } from '../db/schema';
import { forbiddenMessage, notSignedInMessage } from '../platform/access-control';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// Real images, as small as they come: a 1×1 PNG, and the first bytes of a JPEG and of a WebP file.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\u0000rest of it')]);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(14, 1),
]);

const fullProfile = {
  headline: '  Senior React Engineer ',
  summary: 'Eight years of remote front-end work.',
  hourly_rate: 65.5,
  skills: ['React', 'TypeScript', 'react', ' Node.js '],
  experience_level: 'senior',
  availability: 'part-time',
  region: 'Europe',
  location: 'Kraków, Poland',
  timezone: 'Europe/Warsaw',
} satisfies UpdateApplicantProfileInput;

// The meter's background parts, which profile-background.test.ts fills in.
const backgroundParts = ['Work history', 'Education', 'Languages', 'Portfolio or certifications'];

describe('applicant profile API', () => {
  let testApp: TestApp;
  let dataDirectory: string;
  let applicant: Account;
  let otherApplicant: Account;
  let company: Account;
  let admin: Account;

  beforeAll(async () => {
    dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-profile-'));
    testApp = await createTestApp({ env: { DATA_DIR: dataDirectory } });
    applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Ada Lovelace' });
    otherApplicant = await signedInAccount(testApp, { role: 'applicant' });
    company = await signedInAccount(testApp, { role: 'company' });
    admin = await signedInAccount(testApp, { role: 'admin' });
  });
  afterAll(async () => {
    await testApp.close();
    await fs.rm(dataDirectory, { recursive: true, force: true });
  });

  const getProfile = (account: Account) => account.call(talentContract.ownProfile);
  const putProfile = (account: Account, body: UpdateApplicantProfileInput) =>
    account.call(talentContract.updateOwnProfile, { body });
  // The contract types a file body as the browser's Blob; inject sends the bytes as a Buffer or text, typed as
  // the browser would, also as a test of refusals claims falsely (or not at all).
  const uploadPhoto = (account: Account, body: Buffer | string, contentType?: string) =>
    account.callUnchecked(talentContract.uploadPhoto, { body, headers: { 'content-type': contentType } });
  const removePhoto = (account: Account) => account.call(talentContract.removePhoto);
  const viewProfile = (viewer: Account, id: string) => viewer.call(talentContract.applicantProfile, { params: { id } });
  const auditRows = (account: Account, action: 'applicant.profile_updated' | 'applicant.photo_updated') =>
    testApp.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actorId, account.user.id), eq(auditLogs.action, action)))
      .orderBy(auditLogs.createdAt);
  const storedRow = async (account: Account) => {
    const [row] = await testApp.database.db
      .select()
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, account.user.id));
    return row;
  };
  // The photos in the file store.
  const photoFiles = async () =>
    (await testApp.database.db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.kind, 'photo')))
      .map((row) => row.id)
      .sort();
  const storedBytes = async (fileId: string | null | undefined) => {
    const file = await testApp.app.appContext.files.read(fileId ?? '');
    const pieces: Buffer[] = [];
    for await (const piece of file?.content ?? []) pieces.push(piece as Buffer);
    return Buffer.concat(pieces);
  };
  // The store is the whole app's: a test compares it with what it held before the test's own change.
  const withFiles = (
    files: string[],
    added: Array<string | null | undefined>,
    removed: Array<string | null | undefined> = [],
  ) => [...files.filter((file) => !removed.includes(file)), ...added.filter((file) => file != null)].sort();
  // An applicant of the test's own with the full profile saved, and a PNG photo when asked: the tests of audit
  // rows, the meter and the photo need a profile no other test has touched.
  async function profiledApplicant({ withPhoto = false } = {}) {
    const account = await signedInAccount(testApp, { role: 'applicant' });
    expect((await putProfile(account, fullProfile)).statusCode).toBe(200);
    if (withPhoto) expect((await uploadPhoto(account, png, 'image/png')).statusCode).toBe(200);
    return account;
  }

  describe('reading and updating', () => {
    it('starts empty, with a meter at 0% that names every part', async () => {
      const fresh = await signedInAccount(testApp, { role: 'applicant', name: 'Grace Hopper' });
      const response = await getProfile(fresh);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatchObject({
        id: fresh.user.id,
        name: 'Grace Hopper',
        headline: null,
        summary: null,
        hourly_rate: null,
        skills: [],
        experience_level: null,
        availability: null,
        region: null,
        location: null,
        timezone: null,
        photo_url: null,
        completeness: { percent: 0, missing: profileCompletenessFields.map(([, name]) => name) },
      });
    });

    it('saves every field, keeps cents exactly and a skill once, and names the photo as what is missing', async () => {
      const subject = await signedInAccount(testApp, { role: 'applicant' });
      const response = await putProfile(subject, fullProfile);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatchObject({
        headline: 'Senior React Engineer',
        summary: 'Eight years of remote front-end work.',
        hourly_rate: 65.5,
        skills: ['React', 'TypeScript', 'Node.js'],
        experience_level: 'senior',
        availability: 'part-time',
        region: 'Europe',
        location: 'Kraków, Poland',
        timezone: 'Europe/Warsaw',
        completeness: { percent: 64, missing: ['Photo', ...backgroundParts] },
      });
      expect((await storedRow(subject))?.hourlyRateCents).toBe(6550);
      expect((await getProfile(subject)).body).toEqual(response.body);
      expect(await auditRows(subject, 'applicant.profile_updated')).toMatchObject([
        {
          targetId: subject.user.id,
          details: {
            changed: [
              'headline',
              'summary',
              'hourly_rate',
              'skills',
              'experience_level',
              'availability',
              'region',
              'location',
              'timezone',
            ],
          },
        },
      ]);
    });

    it('records only what changed, and nothing when nothing did', async () => {
      const subject = await profiledApplicant();
      const before = (await auditRows(subject, 'applicant.profile_updated')).length;
      expect((await putProfile(subject, fullProfile)).statusCode).toBe(200);
      expect(await auditRows(subject, 'applicant.profile_updated')).toHaveLength(before);
      expect((await putProfile(subject, { ...fullProfile, hourly_rate: 70 })).statusCode).toBe(200);
      const rows = await auditRows(subject, 'applicant.profile_updated');
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)?.details).toEqual({ changed: ['hourly_rate'] });
    });

    it('clears what is left out or empty, as a PUT does', async () => {
      const cleared = await signedInAccount(testApp, { role: 'applicant' });
      await putProfile(cleared, fullProfile);
      const response = await putProfile(cleared, {
        headline: 'Data Analyst',
        summary: '   ',
        experience_level: '',
        timezone: '',
        hourly_rate: null,
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatchObject({
        headline: 'Data Analyst',
        summary: null,
        hourly_rate: null,
        skills: [],
        experience_level: null,
        timezone: null,
        location: null,
      });
      expect(response.body.completeness.missing).not.toContain('Headline');
    });

    it('refuses each bad field with its sentence, and changes nothing', async () => {
      const before = (await getProfile(applicant)).body;
      const cases: Array<[object, Record<string, string>]> = [
        [{ headline: 'x'.repeat(101) }, { headline: profileTexts.headlineTooLong }],
        [{ summary: 'x'.repeat(2001) }, { summary: profileTexts.summaryTooLong }],
        [{ location: 'x'.repeat(101) }, { location: profileTexts.locationTooLong }],
        [{ hourly_rate: 0 }, { hourly_rate: profileTexts.hourlyRate }],
        [{ hourly_rate: 1000.01 }, { hourly_rate: profileTexts.hourlyRate }],
        [{ hourly_rate: '40' }, { hourly_rate: profileTexts.hourlyRate }],
        [{ hourly_rate: 12.345 }, { hourly_rate: profileTexts.hourlyRateCents }],
        [{ skills: ['React', '  '] }, { 'skills.1': profileTexts.skillBlank }],
        [{ skills: ['x'.repeat(41)] }, { 'skills.0': profileTexts.skillTooLong }],
        [
          { skills: Array.from({ length: PROFILE_MAX_SKILLS + 1 }, (_, index) => `Skill ${index}`) },
          { skills: profileTexts.tooManySkills },
        ],
        [{ experience_level: 'guru' }, { experience_level: profileTexts.experienceLevel }],
        [{ availability: 'weekends' }, { availability: profileTexts.availability }],
        [{ region: 'Antarctica' }, { region: profileTexts.region }],
        [{ timezone: 'Mars/Olympus_Mons' }, { timezone: profileTexts.timezone }],
        [{ timezone: 'UTC+05:00' }, { timezone: profileTexts.timezone }],
        [{ timezone: 'europe/berlin' }, { timezone: profileTexts.timezone }],
        [{ headline: 'Null\u0000 byte' }, { headline: textTexts.unstorable }],
      ];
      for (const [change, fields] of cases) {
        // Some of these (a rate as text) are not what the contract's types allow: sent on purpose.
        const response = await applicant.callUnchecked(talentContract.updateOwnProfile, {
          body: { ...fullProfile, ...change },
        });
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        expect(response.error?.fields, JSON.stringify(change)).toEqual(fields);
        expect(response.error?.code).toBe('validation');
        expect(response.error?.error, JSON.stringify(change)).toContain(Object.values(fields)[0]);
      }
      expect((await getProfile(applicant)).body).toEqual(before);
    });

    it('takes the profile as JSON only: the photo has its own route', async () => {
      const response = await applicant.callUnchecked(talentContract.updateOwnProfile, {
        body: png,
        headers: { 'content-type': 'image/png' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.error).toEqual({
        error: 'Send the request body as JSON (Content-Type: application/json).',
        code: 'validation',
      });
    });

    it('accepts the limits themselves and any IANA zone', async () => {
      const edge = await signedInAccount(testApp, { role: 'applicant' });
      for (const change of [
        { headline: 'x'.repeat(100), summary: 'x'.repeat(2000), location: 'x'.repeat(100) },
        { hourly_rate: 1 },
        { hourly_rate: 1000 },
        { hourly_rate: 19.99 },
        { skills: Array.from({ length: PROFILE_MAX_SKILLS }, (_, index) => `Skill ${index}`) },
        { timezone: 'UTC' },
        { timezone: 'America/Argentina/Buenos_Aires' },
        { timezone: 'Etc/GMT+5' },
      ]) {
        const response = await putProfile(edge, { ...fullProfile, ...change });
        expect(response.statusCode, JSON.stringify(change)).toBe(200);
      }
    });

    it('is the applicant’s own: other roles may neither read nor write it, and signed out is refused', async () => {
      for (const account of [company, admin]) {
        for (const response of [await getProfile(account), await putProfile(account, fullProfile)]) {
          expect(response.statusCode).toBe(403);
          expect(response.error).toEqual({ error: forbiddenMessage, code: 'forbidden' });
        }
      }
      const signedOut = await callerFrom(testApp).call(talentContract.updateOwnProfile, { body: fullProfile });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.error).toEqual({ error: notSignedInMessage, code: 'unauthenticated' });
    });

    it('lets one applicant change only their own profile', async () => {
      const before = (await getProfile(applicant)).body;
      const response = await putProfile(otherApplicant, { headline: 'Someone else' });
      expect(response.statusCode).toBe(200);
      expect(response.body.id).toBe(otherApplicant.user.id);
      expect((await getProfile(applicant)).body).toEqual(before);
    });
  });

  describe('the photo', () => {
    it('uploads a PNG, stores it in the file store, and counts it in the meter', async () => {
      const subject = await profiledApplicant();
      const filesBefore = await photoFiles();
      const response = await uploadPhoto(subject, png, 'image/png');
      expect(response.statusCode).toBe(200);
      const profile = response.body;
      expect(profile.photo_url).toMatch(new RegExp(`^/api/applicants/${subject.user.id}/photo\\?v=[0-9a-f-]{36}$`));
      expect(profile.completeness).toEqual({ percent: 71, missing: backgroundParts });
      const row = await storedRow(subject);
      expect(row?.photoContentType).toBe('image/png');
      expect(await photoFiles()).toEqual(withFiles(filesBefore, [row?.photoFileId]));
      expect(await storedBytes(row?.photoFileId)).toEqual(png);
      expect(await auditRows(subject, 'applicant.photo_updated')).toMatchObject([
        { details: { change: 'uploaded', content_type: 'image/png', bytes: png.length } },
      ]);
    });

    it('serves it to any signed-in person with its content type, nosniff and a cache header', async () => {
      const subject = await profiledApplicant({ withPhoto: true });
      // The address the server gives, requested as given.
      const photoUrl = (await getProfile(subject)).body.photo_url ?? '';
      for (const reader of [company, otherApplicant, admin, subject]) {
        const response = await reader.request({ method: 'GET', url: photoUrl });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(response.rawPayload).toEqual(png);
      }
      // An old address (or none) is checked again each time rather than kept.
      const unversioned = await company.call(talentContract.photo, { params: { id: subject.user.id } });
      expect(unversioned.statusCode).toBe(200);
      expect(unversioned.headers['cache-control']).toBe('private, no-cache');
      const signedOut = await testApp.app.inject({ method: 'GET', url: photoUrl });
      expect(signedOut.statusCode).toBe(401);
    });

    it('replaces the photo with a JPEG or a WebP and deletes the old file', async () => {
      const subject = await profiledApplicant({ withPhoto: true });
      const first = await storedRow(subject);
      const filesBefore = await photoFiles();
      const { photo_url: firstUrl } = (await getProfile(subject)).body;
      const jpegResponse = await uploadPhoto(subject, jpeg, 'image/jpeg');
      expect(jpegResponse.statusCode).toBe(200);
      const second = await storedRow(subject);
      expect(second?.photoContentType).toBe('image/jpeg');
      expect(await photoFiles()).toEqual(withFiles(filesBefore, [second?.photoFileId], [first?.photoFileId]));
      // A new photo, a new address: caches holding the old one are not asked for it again.
      expect(jpegResponse.body.photo_url).not.toBe(firstUrl);

      const webpResponse = await uploadPhoto(subject, webp, 'image/webp; charset=binary');
      expect(webpResponse.statusCode).toBe(200);
      const third = await storedRow(subject);
      expect(third?.photoContentType).toBe('image/webp');
      expect(await photoFiles()).toEqual(withFiles(filesBefore, [third?.photoFileId], [first?.photoFileId]));
      const served = await company.request({ method: 'GET', url: webpResponse.body.photo_url ?? '' });
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload).toEqual(webp);
    });

    it('refuses other types, oversized files and files whose bytes are not what they claim, keeping the photo', async () => {
      await uploadPhoto(applicant, png, 'image/png');
      const before = await storedRow(applicant);
      const filesBefore = await photoFiles();
      const gif = Buffer.from('GIF89a\u0001\u0000\u0001\u0000');
      const cases: Array<[Buffer | string, string | undefined, number, string, string]> = [
        [gif, 'image/gif', 415, 'unsupported_media_type', profileTexts.photoUnsupportedType],
        [png, 'image/svg+xml', 415, 'unsupported_media_type', profileTexts.photoUnsupportedType],
        ['a photo', 'text/plain', 415, 'unsupported_media_type', profileTexts.photoUnsupportedType],
        [
          JSON.stringify({ photo: 'x' }),
          'application/json',
          415,
          'unsupported_media_type',
          profileTexts.photoUnsupportedType,
        ],
        ['', undefined, 415, 'unsupported_media_type', profileTexts.photoUnsupportedType],
        [Buffer.alloc(0), 'image/png', 400, 'validation', profileTexts.photoEmpty],
        [jpeg, 'image/png', 400, 'validation', profileTexts.photoContentMismatch('image/png')],
        [png, 'image/jpeg', 400, 'validation', profileTexts.photoContentMismatch('image/jpeg')],
        [gif, 'image/webp', 400, 'validation', profileTexts.photoContentMismatch('image/webp')],
        [
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
          'image/png',
          400,
          'validation',
          profileTexts.photoContentMismatch('image/png'),
        ],
        [
          Buffer.concat([png, Buffer.alloc(PHOTO_MAX_BYTES)]),
          'image/png',
          413,
          'payload_too_large',
          profileTexts.photoTooLarge,
        ],
      ];
      for (const [body, contentType, status, code, error] of cases) {
        const response = await uploadPhoto(applicant, body, contentType);
        expect(response.statusCode, `${contentType} ${body.length}`).toBe(status);
        expect(response.error, `${contentType} ${body.length}`).toEqual({ error, code });
      }
      expect(await storedRow(applicant)).toEqual(before);
      expect(await photoFiles()).toEqual(filesBefore);
      // Exactly 2 MB is allowed.
      const largest = Buffer.concat([png, Buffer.alloc(PHOTO_MAX_BYTES - png.length)]);
      expect((await uploadPhoto(applicant, largest, 'image/png')).statusCode).toBe(200);
    });

    it('refuses a 2 MB+ upload sent without a length up front (streamed) with the same sentence', async () => {
      const { Readable } = await import('node:stream');
      const response = await applicant.callUnchecked(talentContract.uploadPhoto, {
        headers: { 'content-type': 'image/png', 'transfer-encoding': 'chunked' },
        body: Readable.from([png, Buffer.alloc(PHOTO_MAX_BYTES)]),
      });
      expect(response.statusCode).toBe(413);
      expect(response.error).toEqual({ error: profileTexts.photoTooLarge, code: 'payload_too_large' });
    });

    it('counts uploads per account: the 31st in an hour is refused before its body is read', async () => {
      const uploader = await signedInAccount(testApp, { role: 'applicant' });
      for (let attempt = 1; attempt <= 30; attempt++) {
        expect((await uploadPhoto(uploader, Buffer.alloc(0), 'image/png')).statusCode).toBe(400);
      }
      const refused = await uploadPhoto(uploader, png, 'image/png');
      expect(refused.statusCode).toBe(429);
      expect(refused.error).toMatchObject({
        code: 'rate_limited',
        error: 'You have uploaded several photos in a short time. Please wait 60 minutes and try again.',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await storedRow(uploader)).toMatchObject({ photoFileId: null });
      // Another applicant's uploads are their own count.
      expect((await uploadPhoto(otherApplicant, png, 'image/png')).statusCode).toBe(200);
    });

    it('is uploaded and removed only by the applicant themselves', async () => {
      for (const account of [company, admin]) {
        expect((await uploadPhoto(account, png, 'image/png')).statusCode).toBe(403);
        expect((await removePhoto(account)).statusCode).toBe(403);
      }
      // Another applicant's upload and removal touch only their own profile.
      const subject = await profiledApplicant({ withPhoto: true });
      const neighbour = await signedInAccount(testApp, { role: 'applicant' });
      const mine = await storedRow(subject);
      const filesBefore = await photoFiles();
      expect((await uploadPhoto(neighbour, jpeg, 'image/jpeg')).statusCode).toBe(200);
      expect((await removePhoto(neighbour)).statusCode).toBe(200);
      expect(await storedRow(subject)).toEqual(mine);
      expect(filesBefore).toContain(mine?.photoFileId);
      expect(await photoFiles()).toEqual(filesBefore);
    });

    it('removes the photo: the file goes, the address answers 404, the meter names it again', async () => {
      const subject = await profiledApplicant({ withPhoto: true });
      const photoFile = (await storedRow(subject))?.photoFileId;
      const filesBefore = await photoFiles();
      // The address the server gives, requested as given.
      const photoUrl = (await getProfile(subject)).body.photo_url ?? '';
      const response = await removePhoto(subject);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatchObject({
        photo_url: null,
        completeness: { percent: 64, missing: ['Photo', ...backgroundParts] },
      });
      expect(await photoFiles()).toEqual(withFiles(filesBefore, [], [photoFile]));
      const gone = await company.request({ method: 'GET', url: photoUrl });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ error: profileTexts.photoMissing, code: 'not_found' });
      expect((await auditRows(subject, 'applicant.photo_updated')).at(-1)?.details).toEqual({ change: 'removed' });
      // Removing again is not an error and records nothing.
      const count = (await auditRows(subject, 'applicant.photo_updated')).length;
      expect((await removePhoto(subject)).statusCode).toBe(200);
      expect(await auditRows(subject, 'applicant.photo_updated')).toHaveLength(count);
    });

    it('answers 404 for the photo of someone who is not an applicant, or of no one', async () => {
      for (const id of [company.user.id, '00000000-0000-4000-8000-000000000000']) {
        const response = await applicant.call(talentContract.photo, { params: { id } });
        expect(response.statusCode).toBe(404);
        expect(response.error).toEqual({ error: profileTexts.notFound, code: 'not_found' });
      }
    });
  });

  describe('what companies see', () => {
    it('shows a company and an administrator the read-only profile, without the meter', async () => {
      await uploadPhoto(applicant, png, 'image/png');
      const own = (await getProfile(applicant)).body;
      for (const viewer of [company, admin]) {
        const response = await viewer.call(talentContract.applicantProfile, { params: { id: applicant.user.id } });
        expect(response.statusCode).toBe(200);
        const { completeness: _completeness, updated_at: _updatedAt, ...seen } = own;
        // As it came: parsing by the contract would drop a field it does not declare.
        const sent = JSON.parse(response.rawPayload.toString());
        expect(sent).toEqual(seen);
        expect(sent).not.toHaveProperty('completeness');
      }
    });

    it('hides a suspended applicant from companies, not from the administrators who manage the account', async () => {
      const suspended = await signedInAccount(testApp, { role: 'applicant', name: 'Sam Suspended' });
      await testApp.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
      const hidden = await viewProfile(company, suspended.user.id);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.error).toEqual({ error: profileTexts.notFound, code: 'not_found' });
      const managed = await viewProfile(admin, suspended.user.id);
      expect(managed.statusCode).toBe(200);
      expect(managed.body.name).toBe('Sam Suspended');
    });

    it("hides a suspended applicant's photo as it hides their profile, but from administrators", async () => {
      const subject = await profiledApplicant({ withPhoto: true });
      // The address the server gives, requested as given.
      const photoUrl = (await getProfile(subject)).body.photo_url ?? '';
      await testApp.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, subject.user.id));
      for (const reader of [company, otherApplicant]) {
        const hidden = await reader.request({ method: 'GET', url: photoUrl });
        expect(hidden.statusCode).toBe(404);
        expect(hidden.json()).toEqual({ error: profileTexts.notFound, code: 'not_found' });
      }
      const managed = await admin.request({ method: 'GET', url: photoUrl });
      expect(managed.statusCode).toBe(200);
      expect(managed.rawPayload).toEqual(png);
    });

    it('answers 404 for anyone who is not an applicant', async () => {
      for (const id of [company.user.id, admin.user.id, '00000000-0000-4000-8000-000000000000']) {
        const response = await viewProfile(company, id);
        expect(response.statusCode).toBe(404);
        expect(response.error).toEqual({ error: profileTexts.notFound, code: 'not_found' });
      }
    });

    it('refuses a link whose id is not an id, with the sentence every route gives', async () => {
      const params = { id: 'not-an-id' };
      for (const [name, response] of [
        [talentContract.applicantProfile.name, await company.call(talentContract.applicantProfile, { params })],
        [talentContract.photo.name, await company.call(talentContract.photo, { params })],
      ] as const) {
        expect(response.statusCode, name).toBe(400);
        expect(response.error?.error, name).toBe(malformedIdMessage('applicant'));
      }
    });

    it('is not for applicants to browse each other', async () => {
      const response = await viewProfile(otherApplicant, applicant.user.id);
      expect(response.statusCode).toBe(403);
      expect(response.error).toEqual({ error: forbiddenMessage, code: 'forbidden' });
    });
  });
});
