import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fxRatesContract } from '~/shared/contracts/fx-rates';
import { defaultFxSettings } from '~/shared/fx-rates';
import { integerColumn } from '../db/row-columns';
import { auditLogs, fxRates } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { parseEcbReferenceRates } from './ecb-reference-rates';
import { fetchEcbRates } from './fetch-ecb-rates';
import { divideRates, multiplyRates } from './fx-rate-view';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const shippedFile = path.join(import.meta.dirname, 'eurofxref-daily.xml');
const silent = { info() {}, warn() {} };

describe('exchange rates', () => {
  let testApp: TestApp;
  let admin: Account;
  let company: Account;
  let applicant: Account;
  let ecbText: string;
  const db = () => testApp.database.db;
  const countRates = async () =>
    (await selectRows(db(), z.object({ total: integerColumn }), sql`select count(*) as total from fx_rates`))[0]?.total;
  // The file as the bytes an upload sends, where the contract's file type names a Blob.
  const upload = (text: string, account: Account = admin, contentType = 'application/xml') =>
    account.callUnchecked(fxRatesContract.importFile, { body: text, headers: { 'content-type': contentType } });

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    company = await signedInAccount(testApp, { role: 'company' });
    applicant = await signedInAccount(testApp, { role: 'applicant' });
    ecbText = await fs.readFile(shippedFile, 'utf8');
  });
  afterAll(async () => {
    await testApp.close();
  });
  beforeEach(async () => {
    await db().delete(fxRates);
  });

  describe('the ECB file', () => {
    it('reads every currency of the shipped day, with the rate as the ECB wrote it', () => {
      const rates = parseEcbReferenceRates(ecbText);
      expect(rates).toHaveLength(31);
      expect(new Set(rates.map((rate) => rate.rateDate))).toEqual(new Set(['2022-07-08']));
      expect(rates.find((rate) => rate.quote === 'USD')).toEqual({
        base: 'EUR',
        quote: 'USD',
        rate: '1.0163',
        rateDate: '2022-07-08',
      });
      expect(rates.find((rate) => rate.quote === 'PHP')?.rate).toBe('56.882');
      expect(rates.find((rate) => rate.quote === 'IDR')?.rate).toBe('15210.73');
    });

    it('reads the 90-day history: a Cube per day', () => {
      const history = ecbText.replace(
        "<Cube time='2022-07-08'>",
        "<Cube time='2022-07-07'><Cube currency='USD' rate='1.0180'/></Cube><Cube time='2022-07-08'>",
      );
      const rates = parseEcbReferenceRates(history);
      expect(rates).toHaveLength(32);
      expect(rates.filter((rate) => rate.quote === 'USD').map((rate) => [rate.rateDate, rate.rate])).toEqual([
        ['2022-07-07', '1.0180'],
        ['2022-07-08', '1.0163'],
      ]);
    });

    it('refuses what is not the ECB’s file, in a sentence that says why', () => {
      const refusals: Array<[string, RegExp]> = [
        ['<html><body>Service unavailable</body></html>', /eurofxref vocabulary/],
        ['<gesmes:Envelope', /not well-formed XML/],
        [ecbText.replace("rate='1.0163'", "rate='-1.0163'"), /“-1\.0163”, is not a positive decimal number/],
        [ecbText.replace("rate='1.0163'", "rate='abc'"), /not a positive decimal number/],
        [ecbText.replace("time='2022-07-08'", "time='2022-02-30'"), /no time="YYYY-MM-DD"/],
        [ecbText.replace("currency='USD'", "currency='dollar'"), /not a three-letter currency code/],
        [ecbText.replace("currency='JPY'", "currency='USD'"), /USD is given twice for 2022-07-08/],
        [`<!DOCTYPE x [<!ENTITY a "b">]>${ecbText.replace(/^<\?xml[^>]*>/, '')}`, /DOCTYPE/],
      ];
      for (const [text, reason] of refusals) {
        expect(() => parseEcbReferenceRates(text), reason.source).toThrow(reason);
      }
    });
  });

  describe('the API', () => {
    it('imports the ECB file once: a second import stores nothing', async () => {
      const first = await upload(ecbText);
      expect(first.statusCode, first.rawPayload.toString()).toBe(200);
      expect(JSON.parse(first.rawPayload.toString())).toEqual({ rates: 31, stored: 31, dates: ['2022-07-08'] });
      const second = await upload(ecbText);
      expect(JSON.parse(second.rawPayload.toString())).toEqual({ rates: 31, stored: 0, dates: ['2022-07-08'] });
      expect(await countRates()).toBe(31);

      const list = await admin.call(fxRatesContract.list, { query: { page: 1, page_size: 50 } });
      expect(list.statusCode).toBe(200);
      expect(list.body?.total).toBe(31);
      expect(list.body?.latest_date).toBe('2022-07-08');
      const php = list.body?.items.find((item) => item.quote === 'PHP');
      expect(php).toMatchObject({
        base: 'EUR',
        rate: '56.882',
        rate_date: '2022-07-08',
        source: 'file',
        imported_by: { id: admin.user.id },
        per_eur: '56.882',
        // 56.882 ÷ 1.0163 to ten decimals, as Python's decimal module rounds it (55.9696939880).
        per_usd: '55.969693988',
        is_stale: true,
      });
      expect(list.body?.items.find((item) => item.quote === 'USD')).toMatchObject({ per_eur: '1.0163', per_usd: '1' });

      const audits = await db().select().from(auditLogs).where(eq(auditLogs.action, 'fx_rates.imported'));
      expect(audits.map((row) => row.details)).toContainEqual(
        expect.objectContaining({ source: 'file', rates: 31, stored: 31 }),
      );
    });

    it('pages the pairs on the server', async () => {
      await upload(ecbText);
      const second = await admin.call(fxRatesContract.list, { query: { page: 2, page_size: 20 } });
      expect(second.body).toMatchObject({ total: 31, page: 2, page_size: 20 });
      expect(second.body?.items).toHaveLength(11);
      const bad = await admin.callUnchecked(fxRatesContract.list, { query: { page_size: '1000' } });
      expect(bad.statusCode).toBe(400);
    });

    it('refuses a malformed or foreign file with a 400 and a sentence, storing nothing', async () => {
      for (const text of ['<gesmes:Envelope><Cube>', '<?xml version="1.0"?><Document/>', 'not xml at all']) {
        const response = await upload(text);
        expect(response.statusCode).toBe(400);
        expect(JSON.parse(response.rawPayload.toString()).error).toMatch(/ECB reference rates file|no rates/);
      }
      const halfBad = ecbText.replace("rate='56.882'", "rate='fifty'");
      expect((await upload(halfBad)).statusCode).toBe(400);
      expect(await countRates()).toBe(0);
      expect((await upload(ecbText, admin, 'application/pdf')).statusCode).toBe(415);
    });

    it('takes a rate entered by hand, corrects it on a second entry, and names each field’s problem', async () => {
      const entered = await admin.call(fxRatesContract.enter, {
        body: { base: 'USD', quote: 'PHP', rate: '58.125', rate_date: '2026-11-20' },
      });
      expect(entered.statusCode).toBe(201);
      expect(entered.body).toMatchObject({ base: 'USD', quote: 'PHP', rate: '58.125', source: 'manual' });
      const corrected = await admin.call(fxRatesContract.enter, {
        body: { base: 'usd', quote: 'php', rate: '58.2', rate_date: '2026-11-20' },
      });
      expect(corrected.body?.rate).toBe('58.2');
      expect(await countRates()).toBe(1);
      const [audit] = await db()
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'fx_rate.entered'))
        .orderBy(auditLogs.createdAt)
        .offset(1);
      expect(audit?.details).toMatchObject({ before: { rate: '58.125' }, after: { rate: '58.2' } });

      const refused = await admin.callUnchecked(fxRatesContract.enter, {
        body: { base: 'XYZ', quote: 'PHP', rate: '-3', rate_date: '2026-02-30' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.error?.fields).toEqual({
        base: 'Choose a currency Tandem knows (a three-letter ISO 4217 code).',
        rate: expect.stringMatching(/^Enter the rate as a positive decimal number/),
        rate_date: 'Enter the date of the rate as a real day (YYYY-MM-DD).',
      });
      const same = await admin.callUnchecked(fxRatesContract.enter, {
        body: { base: 'EUR', quote: 'EUR', rate: '1', rate_date: '2026-11-20' },
      });
      expect(same.error?.fields).toEqual({ quote: 'Choose two different currencies.' });
      const zero = await admin.callUnchecked(fxRatesContract.enter, {
        body: { base: 'EUR', quote: 'USD', rate: '0.0', rate_date: '2026-11-20' },
      });
      expect(zero.error?.fields?.rate).toMatch(/positive decimal/);
      const tooPrecise = await admin.callUnchecked(fxRatesContract.enter, {
        body: { base: 'EUR', quote: 'USD', rate: '1.12345678901', rate_date: '2026-11-20' },
      });
      expect(tooPrecise.statusCode).toBe(400);
    });

    it('keeps the FX margin, the maximum rate age and the reporting currency, audit-logged', async () => {
      const read = await admin.call(fxRatesContract.settings);
      expect(read.body).toEqual({
        settings: { margin_basis_points: 0, max_rate_age_days: 3, reporting_currency: 'USD' },
      });
      const saved = await admin.call(fxRatesContract.updateSettings, {
        body: { margin_basis_points: 150, max_rate_age_days: 5, reporting_currency: 'EUR' },
      });
      expect(saved.body).toEqual({
        settings: { margin_basis_points: 150, max_rate_age_days: 5, reporting_currency: 'EUR' },
      });
      expect((await admin.call(fxRatesContract.settings)).body?.settings.reporting_currency).toBe('EUR');
      const [audit] = await db().select().from(auditLogs).where(eq(auditLogs.action, 'settings.fx_updated'));
      expect(audit?.details).toEqual({
        changed: ['margin_basis_points', 'max_rate_age_days', 'reporting_currency'],
        before: { margin_basis_points: 0, max_rate_age_days: 3, reporting_currency: 'USD' },
        after: { margin_basis_points: 150, max_rate_age_days: 5, reporting_currency: 'EUR' },
      });
      const refused = await admin.callUnchecked(fxRatesContract.updateSettings, {
        body: { margin_basis_points: 2.5, max_rate_age_days: 0, reporting_currency: 'PHP' },
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.error?.fields ?? {}).sort()).toEqual([
        'margin_basis_points',
        'max_rate_age_days',
        'reporting_currency',
      ]);
      // Pesos are paid out, not billed: the books' home currency is one Tandem bills in.
      expect(refused.error?.fields?.reporting_currency).toBe(
        'Choose the reporting currency from USD, EUR, GBP, CAD, AUD.',
      );
      await admin.call(fxRatesContract.updateSettings, { body: defaultFxSettings });
    });

    it('answers administrators only', async () => {
      for (const account of [company, applicant]) {
        expect((await account.call(fxRatesContract.list, { query: { page: 1, page_size: 50 } })).statusCode).toBe(403);
        expect((await upload(ecbText, account)).statusCode).toBe(403);
        const entered = await account.call(fxRatesContract.enter, {
          body: { base: 'EUR', quote: 'USD', rate: '1.1', rate_date: '2026-11-20' },
        });
        expect(entered.statusCode).toBe(403);
        expect((await account.call(fxRatesContract.settings)).statusCode).toBe(403);
      }
      expect((await callerFrom(testApp).call(fxRatesContract.settings)).statusCode).toBe(401);
      expect(await countRates()).toBe(0);
    });
  });

  describe('the daily fetch', () => {
    let server: http.Server;
    let answer: { status: number; body: string };
    let url: string;

    beforeAll(async () => {
      server = http.createServer((_request, response) => {
        response.writeHead(answer.status, { 'content-type': 'text/xml' });
        response.end(answer.body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stats/eurofxref/eurofxref-daily.xml`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('stores the day’s rates from the server, once', async () => {
      answer = { status: 200, body: ecbText };
      expect(await fetchEcbRates({ db: db(), url, logger: silent, timeoutMs: 5000 })).toEqual({
        stored: 31,
        dates: ['2022-07-08'],
      });
      expect(await fetchEcbRates({ db: db(), url, logger: silent, timeoutMs: 5000 })).toEqual({
        stored: 0,
        dates: ['2022-07-08'],
      });
      const [usd] = await db().select().from(fxRates).where(eq(fxRates.quote, 'USD'));
      expect(usd).toMatchObject({ base: 'EUR', rate: '1.0163000000', source: 'ecb', importedBy: null });
    });

    it('survives a 500, an error page and a closed port, logging each and storing nothing', async () => {
      const warnings: string[] = [];
      const logger = {
        info() {},
        warn: (_details: object, message: string) => {
          warnings.push(message);
        },
      };
      answer = { status: 500, body: 'Internal Server Error' };
      expect(await fetchEcbRates({ db: db(), url, logger, timeoutMs: 5000 })).toEqual({
        failed: expect.stringContaining('HTTP 500'),
      });
      answer = { status: 200, body: '<html>maintenance</html>' };
      expect(await fetchEcbRates({ db: db(), url, logger, timeoutMs: 5000 })).toHaveProperty('failed');
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      expect(
        await fetchEcbRates({ db: db(), url: `http://127.0.0.1:${port}/`, logger, timeoutMs: 5000 }),
      ).toHaveProperty('failed');
      expect(warnings).toHaveLength(3);
      expect(warnings.every((message) => message.endsWith('trying again tomorrow'))).toBe(true);
      expect(await countRates()).toBe(0);
    });
  });

  it('reads cross rates exactly, to ten decimals', () => {
    expect(divideRates('56.882', '1.0163')).toBe('55.969693988');
    expect(divideRates('1', '3')).toBe('0.3333333333');
    expect(divideRates('2', '3')).toBe('0.6666666667');
    expect(multiplyRates('58.2', '1.0163')).toBe('59.14866');
  });
});
