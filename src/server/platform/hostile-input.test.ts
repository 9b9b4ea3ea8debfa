import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textTexts } from '~/shared/text';
import { sameOriginHeaders, signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

// Input the database cannot store, or dates that do not exist, get a 400 with a sentence at the
// field, never a 500. The route fuzz (testing/route-fuzz.ts) sends such input to every route; these are
// the cases found by hand, kept as examples.
describe('input the database cannot take', () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof signedInAccount>>;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await signedInAccount(testApp, { role: 'company' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const post = (url: string, payload: object) =>
    testApp.app.inject({ method: 'POST', url, payload, headers: sameOriginHeaders, remoteAddress: '198.51.100.80' });

  it('refuses a NUL character or half an emoji in sign-in, registration and the contact form', async () => {
    const cases = [
      {
        url: '/api/auth/sign-in',
        payload: { email: 'a\u0000@example.test', password: 'whatever-123' },
        field: 'email',
      },
      { url: '/api/auth/sign-in', payload: { email: 'a@example.test', password: 'pass\ud800word' }, field: 'password' },
      {
        url: '/api/auth/register',
        payload: {
          account_type: 'applicant',
          accept_terms: true,
          name: 'Ada \ud83d',
          email: 'ada@example.test',
          password: 'long-enough-1',
        },
        field: 'name',
      },
      { url: '/api/auth/password/forgot', payload: { email: 'nul\u0000@example.test' }, field: 'email' },
      {
        url: '/api/contact',
        payload: { source: 'home', name: 'Bo', email: 'bo@example.test', message: 'Hello\u0000there' },
        field: 'message',
      },
    ];
    for (const { url, payload, field } of cases) {
      const response = await post(url, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().fields?.[field], `${url} ${field}`).toBe(textTexts.unstorable);
    }
  });

  it('refuses the same in a signed-in form, and a job start date that is not on the calendar', async () => {
    const profile = await company.request({
      method: 'PUT',
      url: '/api/company',
      payload: { name: 'Null\u0000 Co', contact_email: 'ops@example.test', website: '' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().fields).toEqual({ name: textTexts.unstorable });

    const job = await company.request({
      method: 'POST',
      url: '/api/jobs',
      payload: { title: 'Night shift', start_date: '2027-02-30', status: 'draft' },
    });
    expect(job.statusCode).toBe(400);
    expect(job.json().fields).toMatchObject({ start_date: textTexts.impossibleDate });

    const test = await company.request({
      method: 'POST',
      url: '/api/tests',
      payload: { name: 'Broken \udfff test', type: 'mcq', questions: [] },
    });
    expect(test.statusCode).toBe(400);
    expect(test.json().fields).toMatchObject({ name: textTexts.unstorable });
  });

  it('keeps names, titles and subjects on one line: breaks become spaces, other control characters are refused', async () => {
    const registered = await post('/api/auth/register', {
      account_type: 'applicant',
      accept_terms: true,
      name: 'Ada\u001b[2J Lovelace',
      email: 'ada-control@example.test',
      password: 'long-enough-1',
    });
    expect(registered.statusCode).toBe(400);
    expect(registered.json().fields).toEqual({ name: textTexts.controlCharacter });
    const contact = await post('/api/contact', {
      source: 'home',
      name: 'Bo',
      email: 'bo@example.test',
      subject: 'Ring\u0007',
      message: 'Line one\r\nLine two',
    });
    expect(contact.statusCode).toBe(400);
    expect(contact.json().fields).toEqual({ subject: textTexts.controlCharacter });

    const renamed = await company.request({
      method: 'PUT',
      url: '/api/company',
      payload: { name: 'Acme\r\nBEGIN:VEVENT\tLtd', contact_email: 'ops@example.test', website: '' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Acme BEGIN:VEVENT Ltd');
    const job = await company.request({
      method: 'POST',
      url: '/api/jobs',
      payload: { title: 'Night\nshift\r\n', description: 'First line\nSecond line', status: 'draft' },
    });
    expect(job.statusCode, job.body).toBe(201);
    expect(job.json()).toMatchObject({ title: 'Night shift', description: 'First line\nSecond line' });
  });

  it('refuses an impossible date or a NUL character in a list’s query string', async () => {
    const badDate = await company.request({ method: 'GET', url: '/api/jobs?launched_from=2026-13-45' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fields).toEqual({ launched_from: textTexts.impossibleDate });
    // The last day there is: the day after it used to be sent as "+010000-01-01", a 500.
    for (const url of ['/api/jobs?launched_to=9999-12-31', '/api/jobs/export.csv?launched_to=9999-12-31']) {
      expect((await company.request({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    const nul = await company.request({ method: 'GET', url: '/api/jobs?q=%00' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields).toEqual({ q: textTexts.unstorable });
    // Bytes that are not UTF-8 are read as replacement characters: a search that finds nothing.
    const notUtf8 = await company.request({ method: 'GET', url: '/api/tests?q=%ED%A0%80' });
    expect(notUtf8.statusCode).toBe(200);
    expect(notUtf8.json()).toMatchObject({ items: [], total: 0 });
  });
});
