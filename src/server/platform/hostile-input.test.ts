import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallArguments, EndpointDefinition } from '~/shared/contract';
import { testsContract } from '~/shared/contracts/assessments';
import { authContract } from '~/shared/contracts/auth';
import { companiesContract } from '~/shared/contracts/companies';
import { jobsContract } from '~/shared/contracts/jobs';
import { siteContract } from '~/shared/contracts/site';
import { textTexts } from '~/shared/text';
import { sameOriginHeaders, signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
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

  // A visitor on this site, from an address of its own.
  const visitor = (options: InjectOptions) =>
    testApp.app.inject({
      ...options,
      headers: { ...sameOriginHeaders, ...options.headers },
      remoteAddress: '198.51.100.80',
    });
  const post = <E extends EndpointDefinition>(endpoint: E, ...callArguments: CallArguments<E>) =>
    callContract(visitor, endpoint, ...callArguments);

  it('refuses a NUL character or half an emoji in sign-in, registration and the contact form', async () => {
    const cases = [
      {
        url: authContract.signIn.path,
        send: () => post(authContract.signIn, { body: { email: 'a\u0000@example.test', password: 'whatever-123' } }),
        field: 'email',
      },
      {
        url: authContract.signIn.path,
        send: () => post(authContract.signIn, { body: { email: 'a@example.test', password: 'pass\ud800word' } }),
        field: 'password',
      },
      {
        url: authContract.register.path,
        send: () =>
          post(authContract.register, {
            body: {
              account_type: 'applicant',
              accept_terms: true,
              name: 'Ada \ud83d',
              email: 'ada@example.test',
              password: 'long-enough-1',
            },
          }),
        field: 'name',
      },
      {
        url: authContract.forgotPassword.path,
        send: () => post(authContract.forgotPassword, { body: { email: 'nul\u0000@example.test' } }),
        field: 'email',
      },
      {
        url: siteContract.sendContactMessage.path,
        send: () =>
          post(siteContract.sendContactMessage, {
            body: { source: 'home', name: 'Bo', email: 'bo@example.test', message: 'Hello\u0000there' },
          }),
        field: 'message',
      },
    ];
    for (const { url, send, field } of cases) {
      const response = await send();
      expect(response.statusCode, url).toBe(400);
      expect(response.error?.fields?.[field], `${url} ${field}`).toBe(textTexts.unstorable);
    }
  });

  it('refuses the same in a signed-in form, and a job start date that is not on the calendar', async () => {
    const profile = await company.call(companiesContract.updateProfile, {
      body: { name: 'Null\u0000 Co', contact_email: 'ops@example.test', website: '' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.error?.fields).toEqual({ name: textTexts.unstorable });

    const job = await company.call(jobsContract.create, {
      body: { title: 'Night shift', start_date: '2027-02-30', status: 'draft' },
    });
    expect(job.statusCode).toBe(400);
    expect(job.error?.fields).toMatchObject({ start_date: textTexts.impossibleDate });

    const test = await company.call(testsContract.create, {
      body: { name: 'Broken \udfff test', type: 'mcq', questions: [] },
    });
    expect(test.statusCode).toBe(400);
    expect(test.error?.fields).toMatchObject({ name: textTexts.unstorable });
  });

  it('keeps names, titles and subjects on one line: breaks become spaces, other control characters are refused', async () => {
    const registered = await post(authContract.register, {
      body: {
        account_type: 'applicant',
        accept_terms: true,
        name: 'Ada\u001b[2J Lovelace',
        email: 'ada-control@example.test',
        password: 'long-enough-1',
      },
    });
    expect(registered.statusCode).toBe(400);
    expect(registered.error?.fields).toEqual({ name: textTexts.controlCharacter });
    const contact = await post(siteContract.sendContactMessage, {
      body: {
        source: 'home',
        name: 'Bo',
        email: 'bo@example.test',
        subject: 'Ring\u0007',
        message: 'Line one\r\nLine two',
      },
    });
    expect(contact.statusCode).toBe(400);
    expect(contact.error?.fields).toEqual({ subject: textTexts.controlCharacter });

    const renamed = await company.call(companiesContract.updateProfile, {
      body: { name: 'Acme\r\nBEGIN:VEVENT\tLtd', contact_email: 'ops@example.test', website: '' },
    });
    expect(renamed.statusCode, renamed.error?.error).toBe(200);
    expect(renamed.body.name).toBe('Acme BEGIN:VEVENT Ltd');
    const job = await company.call(jobsContract.create, {
      body: { title: 'Night\nshift\r\n', description: 'First line\nSecond line', status: 'draft' },
    });
    expect(job.statusCode, job.error?.error).toBe(201);
    expect(job.body).toMatchObject({ title: 'Night shift', description: 'First line\nSecond line' });
  });

  it('refuses an impossible date or a NUL character in a list’s query string', async () => {
    const badDate = await company.call(jobsContract.list, { query: { launched_from: '2026-13-45' } });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.error?.fields).toEqual({ launched_from: textTexts.impossibleDate });
    // The last day there is: the day after it used to be sent as "+010000-01-01", a 500.
    const lastDay = { launched_to: '9999-12-31' };
    expect((await company.call(jobsContract.list, { query: lastDay })).statusCode, jobsContract.list.path).toBe(200);
    expect(
      (await company.call(jobsContract.exportCsv, { query: lastDay })).statusCode,
      jobsContract.exportCsv.path,
    ).toBe(200);
    const nul = await company.call(jobsContract.list, { query: { q: '\u0000' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.error?.fields).toEqual({ q: textTexts.unstorable });
    // Bytes that are not UTF-8 are read as replacement characters: a search that finds nothing. The
    // encoded query is the subject: a query object would encode a lone surrogate as UTF-8's replacement.
    const notUtf8 = await company.request({ method: 'GET', url: `${testsContract.list.path}?q=%ED%A0%80` });
    expect(notUtf8.statusCode).toBe(200);
    expect(notUtf8.json()).toMatchObject({ items: [], total: 0 });
  });
});
