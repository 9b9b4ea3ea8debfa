import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import ach, { type AchFile } from '@ach/ach';
import { eq, sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyOf } from '~/shared/contract';
import { payoutsContract } from '~/shared/contracts/payouts';
import type { Currency } from '~/shared/currencies';
import { type BankCodeType, payoutTexts } from '~/shared/payouts';
import { emailOutbox, fxRates, payoutMethods, payouts, platformSettings } from '../db/schema';
import { postTransaction } from '../kernels/money/post-transaction';
import { talentBalanceOf } from '../kernels/money/talent-balance-of';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { taxFormOnFile } from '../testing/tax-form-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment, buildTimesheet } from '../testing/work-factories';
import { bankReferenceOf } from './bank-file-lines';

const run = promisify(execFile);
const schemas = path.join(import.meta.dirname, 'schemas');
type NewPayoutMethod = BodyOf<typeof payoutsContract.addMethod>['method'];

// xmllint (libxml2) checks a file against the official XSD: the judge is not our code.
async function validateAgainst(xsd: string, xml: string, directory: string) {
  const file = path.join(directory, `${Math.random().toString(36).slice(2)}.xml`);
  await writeFile(file, xml);
  return run('xmllint', ['--noout', '--schema', path.join(schemas, xsd), file]).then(
    (result) => ({ ok: true, output: result.stderr }),
    (error: { stderr?: string }) => ({ ok: false, output: error.stderr ?? String(error) }),
  );
}

// The NACHA file read back by @ach/ach's parser (a third party's reading of the record layout).
function parseNacha(text: string): Promise<AchFile> {
  const parser = ach().getParser('ach');
  return new Promise((resolve, reject) => {
    parser.on('data', (file: AchFile) => resolve(file));
    parser.on('error', reject);
    Readable.from([Buffer.from(text)]).pipe(parser);
  });
}

// A talent with `cents` (USD) available (a week approved, the company paid, the security period over) and the
// given method as their default, past its 72-hour wait, paid in `currency` (the method's).
async function talentPaidBy(
  testApp: TestApp,
  { name, method, cents, currency }: { name: string; method: NewPayoutMethod; cents: number; currency?: Currency },
): Promise<Account> {
  const db = testApp.database.db;
  const weeksAgo = (weeks: number) => addDays(weekStartOf(isoDay(new Date())), -7 * weeks);
  const company = await companyAccount(testApp);
  const talent = await signedInAccount(testApp, { role: 'applicant', name });
  const assignment = await buildAssignment(db, {
    companyId: company.companyId,
    applicantId: talent.user.id,
    startDate: weeksAgo(10),
  });
  const week = await buildTimesheet(db, {
    assignmentId: assignment.id,
    weekStart: weeksAgo(3),
    status: 'approved',
  });
  const refs = { applicantId: talent.user.id, timesheetId: week.id };
  await postTransaction({
    currency: 'USD',
    db,
    key: `bank-formats-earned:${week.id}`,
    kind: 'work_approved',
    refs,
    occurredAt: new Date(),
    lines: [
      { account: 'company_receivable', amountCents: cents },
      { account: 'talent_pending', amountCents: -cents, ...refs },
    ],
  });
  await postTransaction({
    currency: 'USD',
    db,
    key: `bank-formats-available:${week.id}`,
    kind: 'earnings_available',
    refs,
    occurredAt: new Date(),
    lines: [
      { account: 'talent_pending', amountCents: cents, ...refs },
      { account: 'talent_available', amountCents: -cents, ...refs },
    ],
  });
  const added = await talent.call(payoutsContract.addMethod, {
    body: { method, proof: { password: talent.password ?? undefined } },
  });
  expect(added.statusCode, added.rawPayload.toString()).toBe(201);
  await taxFormOnFile(testApp, talent.user.id);
  // The method's currency straight in its column: the form does not ask for one yet.
  await db
    .update(payoutMethods)
    .set({ usableFrom: new Date(Date.now() - 60_000), ...(currency && { currency }) })
    .where(eq(payoutMethods.id, added.body.id));
  return talent;
}

const bankAccount = (holder: string, account: string, type: BankCodeType, code: string): NewPayoutMethod => ({
  kind: 'bank_account',
  holder_name: holder,
  bank_name: 'Their Bank',
  account_number: account,
  bank_code_type: type,
  bank_code: code,
});

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false });
const listOf = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

// The bank files a bank reads (decision 045), on a real database: a run whose bank-file payouts go to IBANs,
// US accounts and elsewhere; the pain.001 checked by the official XSD, the NACHA file by a parser nobody here
// wrote, and the bank's camt.054 settling the run through the same path as the CSV.
describe('bank files a bank reads', () => {
  let testApp: TestApp;
  let admin: Account;
  let directory: string;
  let runId: string;
  const talents: Record<string, { account: Account; cents: number; payoutId: string }> = {};

  const db = () => testApp.database.db;

  async function talentWith(key: string, name: string, method: NewPayoutMethod, cents: number) {
    talents[key] = { account: await talentPaidBy(testApp, { name, method, cents }), cents, payoutId: '' };
  }

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'bank-formats-'));
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    await db()
      .insert(platformSettings)
      .values([{ key: 'payout_security_days', value: 0 }])
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: sql`excluded.value` } });
    await testApp.app.appContext.settings.invalidate();

    await talentWith(
      'iban',
      'Greta Berger',
      bankAccount('Greta Berger', 'DE44 5001 0517 5407 3249 31', 'swift', 'INGDDEFFXXX'),
      16_000,
    );
    // An IBAN without a BIC (a UK account named by its sort code), and a holder's name XML must escape.
    await talentWith(
      'ibanNoBic',
      'Zoë Ångström',
      bankAccount('Zoë Ångström & Sons <Ltd>', 'GB82 WEST 1234 5698 7654 32', 'sort_code', '123456'),
      23_456,
    );
    await talentWith('aba', 'José Núñez', bankAccount('José Núñez', '123456789', 'aba', '021000021'), 12_345);
    await talentWith('aba2', 'Kim Park', bankAccount('Kim Park', '000987654321', 'aba', '011000015'), 50_001);
    await talentWith('wise', 'Wendy Wise', { kind: 'wise', email: 'wendy.wise@example.com' }, 10_000);
    await talentWith('india', 'Ravi Rao', bankAccount('Ravi Rao', '001234567890', 'ifsc', 'HDFC0001234'), 11_000);

    const prepared = await admin.call(payoutsContract.prepareRun);
    expect(prepared.statusCode, prepared.rawPayload.toString()).toBe(200);
    runId = prepared.body.id;
    const approved = await admin.call(payoutsContract.approveRun, { params: { id: runId } });
    expect(approved.statusCode, approved.rawPayload.toString()).toBe(200);
    const lines = await admin.call(payoutsContract.runLines, { params: { id: runId }, query: { page_size: 100 } });
    for (const talent of Object.values(talents)) {
      const line = lines.body.items.find((item) => item.applicant_id === talent.account.user.id);
      expect(line).toMatchObject({ status: 'sent', provider: 'bank_file', amount_cents: talent.cents });
      talent.payoutId = line?.id ?? '';
    }
  });
  afterAll(async () => {
    await testApp.close();
    await rm(directory, { recursive: true, force: true });
  });

  const payoutOf = (key: string) => talents[key]?.payoutId ?? '';
  const centsOf = (key: string) => talents[key]?.cents ?? 0;

  it('says which file pays each bank-file payout, and why the others are in neither', async () => {
    const formats = await admin.call(payoutsContract.bankFormats, { params: { id: runId } });
    expect(formats.statusCode).toBe(200);
    expect(formats.body.pain001).toEqual([
      { currency: 'USD', count: 2, total_cents: centsOf('iban') + centsOf('ibanNoBic') },
    ]);
    expect(formats.body.nacha).toEqual({ count: 2, total_cents: centsOf('aba') + centsOf('aba2') });
    expect(formats.body.skipped.map((line) => [line.payout_id, line.reason]).sort()).toEqual(
      [
        [payoutOf('wise'), 'Wise: not a bank account, paid from the CSV bank file.'],
        [payoutOf('india'), 'Neither an IBAN nor a US routing number: paid from the CSV bank file.'],
      ].sort(),
    );
    // Only an administrator reads them.
    const talent = talents.iban?.account;
    expect((await talent?.call(payoutsContract.pain001File, { params: { id: runId } }))?.statusCode).toBe(403);
    expect((await talent?.call(payoutsContract.nachaFile, { params: { id: runId } }))?.statusCode).toBe(403);
  });

  it('writes a pain.001.001.09 the official schema accepts, its sums and ids those of the run', async () => {
    const answer = await admin.call(payoutsContract.pain001File, { params: { id: runId } });
    expect(answer.statusCode, answer.rawPayload.toString()).toBe(200);
    expect(answer.headers['content-type']).toContain('application/xml');
    const file = answer.rawPayload.toString('utf8');
    const validation = await validateAgainst('pain.001.001.09.xsd', file, directory);
    expect(validation.output).toContain('validates');
    expect(validation.ok).toBe(true);

    const document = xml.parse(file).Document.CstmrCdtTrfInitn;
    const total = centsOf('iban') + centsOf('ibanNoBic');
    expect(document.GrpHdr).toMatchObject({ NbOfTxs: '2', CtrlSum: (total / 100).toFixed(2) });
    const instruction = document.PmtInf;
    expect(instruction).toMatchObject({
      PmtMtd: 'TRF',
      NbOfTxs: '2',
      CtrlSum: (total / 100).toFixed(2),
      Dbtr: { Nm: testApp.config.bankDebtor?.name },
      DbtrAcct: { Id: { IBAN: testApp.config.bankDebtor?.iban } },
      DbtrAgt: { FinInstnId: { BICFI: testApp.config.bankDebtor?.bic } },
    });
    // Dollars are not SEPA: no SEPA service level, the payout's own currency.
    expect(instruction.PmtTpInf).toBeUndefined();
    const transfers = listOf(instruction.CdtTrfTxInf);
    const byPayout = new Map(transfers.map((transfer) => [transfer.PmtId.EndToEndId, transfer]));
    expect([...byPayout.keys()].sort()).toEqual(
      [bankReferenceOf(payoutOf('iban')), bankReferenceOf(payoutOf('ibanNoBic'))].sort(),
    );
    for (const key of ['iban', 'ibanNoBic']) {
      const reference = bankReferenceOf(payoutOf(key));
      expect(reference).toHaveLength(32);
      const transfer = byPayout.get(reference);
      expect(transfer.Amt.InstdAmt).toEqual({ '#text': (centsOf(key) / 100).toFixed(2), '@_Ccy': 'USD' });
    }
    expect(byPayout.get(bankReferenceOf(payoutOf('iban')))).toMatchObject({
      CdtrAgt: { FinInstnId: { BICFI: 'INGDDEFFXXX' } },
      CdtrAcct: { Id: { IBAN: 'DE44500105175407324931' } },
      Cdtr: { Nm: 'Greta Berger' },
    });
    expect(byPayout.get(bankReferenceOf(payoutOf('ibanNoBic')))).toMatchObject({
      CdtrAgt: { FinInstnId: { Othr: { Id: 'NOTPROVIDED' } } },
      CdtrAcct: { Id: { IBAN: 'GB82WEST12345698765432' } },
      Cdtr: { Nm: 'Zoë Ångström &#38; Sons &#60;Ltd&#62;' },
    });
    expect(file).not.toContain('<Ltd>');
  });

  it('writes a NACHA file a third-party parser reads back to the run’s amounts, names and routing numbers', async () => {
    const answer = await admin.call(payoutsContract.nachaFile, { params: { id: runId } });
    expect(answer.statusCode, answer.rawPayload.toString()).toBe(200);
    const text = answer.rawPayload.toString('utf8');
    const records = text.trimEnd().split('\n');
    expect(records.every((record) => record.length === 94)).toBe(true);
    expect(records.length % 10).toBe(0);

    const parsed = await parseNacha(text);
    expect(parsed.batches).toHaveLength(1);
    const [batch] = parsed.batches;
    if (!batch) throw new Error('No batch was read.');
    expect(batch).toMatchObject({ entryClassCode: 'PPD', companyId: testApp.config.achOriginator?.companyId });
    expect(Number(batch.serviceClassCode)).toBe(220);
    const expected = [
      { key: 'aba', routing: '021000021', account: '123456789', name: 'JOSE NUNEZ' },
      { key: 'aba2', routing: '011000015', account: '000987654321', name: 'KIM PARK' },
    ];
    expect(batch.entries).toHaveLength(2);
    for (const { key, routing, account, name } of expected) {
      const reference = bankReferenceOf(payoutOf(key));
      const entry = batch.entries.find((candidate) =>
        String(candidate.addenda?.info).toLowerCase().includes(reference),
      );
      expect(entry, key).toBeDefined();
      expect(Number(entry?.transactionCode)).toBe(22);
      expect(`${entry?.receivingDFIIdentification}${entry?.checkDigit}`.padStart(9, '0')).toBe(routing);
      expect(String(entry?.dfiAccount)).toBe(account);
      expect(Number(entry?.amount)).toBe(centsOf(key));
      expect(entry?.receivingCompanyName).toBe(name);
    }
    // The controls, recomputed from what the parser read: entry and addenda count, hash, totals.
    const credits = batch.entries.reduce((sum, entry) => sum + Number(entry.amount), 0);
    const hash = batch.entries.reduce((sum, entry) => sum + Number(entry.receivingDFIIdentification), 0) % 10 ** 10;
    expect(credits).toBe(centsOf('aba') + centsOf('aba2'));
    expect(batch.footer).toMatchObject({
      entryAndAddendaCount: 4,
      entryHash: hash,
      totalDebit: 0,
      totalCredit: credits,
    });
    expect(parsed.file.footer).toMatchObject({
      batchCount: 1,
      blockCount: records.length / 10,
      entryAndAddendaCount: 4,
      entryHash: hash,
      totalDebit: 0,
      totalCredit: credits,
    });
  });

  // A bank's camt.054 for the run's IBAN payouts: one booked debit, one returned, and a fee that is no payout.
  function camt054({ paidCents = centsOf('iban'), extra = '' }: { paidCents?: number; extra?: string } = {}) {
    const amount = (cents: number) => (cents / 100).toFixed(2);
    return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>CAMT-2026-0001</MsgId><CreDtTm>2026-11-28T10:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>NTF-1</Id>
      <CreDtTm>2026-11-28T10:00:00</CreDtTm>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
      <Ntry>
        <Amt Ccy="USD">${amount(paidCents)}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-28</Dt></BookgDt>
        <AcctSvcrRef>BANK-ENTRY-1</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>BANK-TX-778899</AcctSvcrRef><EndToEndId>${bankReferenceOf(payoutOf('iban'))}</EndToEndId></Refs>
          <Amt Ccy="USD">${amount(paidCents)}</Amt>
          <CdtDbtInd>DBIT</CdtDbtInd>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="USD">${amount(centsOf('ibanNoBic'))}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <RvslInd>true</RvslInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>RRTN</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${bankReferenceOf(payoutOf('ibanNoBic'))}</EndToEndId></Refs>
          <Amt Ccy="USD">${amount(centsOf('ibanNoBic'))}</Amt>
          <CdtDbtInd>CRDT</CdtDbtInd>
          <RtrInf><Rsn><Cd>AC04</Cd></Rsn><AddtlInf>Account closed by holder</AddtlInf></RtrInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="USD">2.50</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BkTxCd><Domn><Cd>ACMT</Cd><Fmly><Cd>MDOP</Cd><SubFmlyCd>CHRG</SubFmlyCd></Fmly></Domn></BkTxCd>
      </Ntry>${extra}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
  }

  const importXml = (body: string) =>
    admin.callUnchecked(payoutsContract.importResults, {
      params: { id: runId },
      body,
      headers: { 'content-type': 'application/xml' },
    });
  const lineOf = async (key: string) =>
    (await admin.call(payoutsContract.runLines, { params: { id: runId }, query: { page_size: 100 } })).body.items.find(
      (item) => item.id === payoutOf(key),
    );

  it('refuses a camt.054 that is malformed or disagrees with the run, in words, marking nothing', async () => {
    const broken = await importXml(
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>',
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.error?.error).toMatch(/^The bank’s camt\.054 file was not imported: it is not well-formed XML/);
    const notCamt = await importXml(
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10"/>',
    );
    expect(notCamt.error?.error).toBe(
      payoutTexts.camtFile('it is not an ISO 20022 camt.054 notification (its namespace is not camt.054).'),
    );
    const entity = await importXml(
      `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]>${camt054().replace(/^<\?xml[^>]*>/, '')}`,
    );
    expect(entity.statusCode).toBe(400);
    const wrongSum = camt054({ paidCents: centsOf('iban') - 1 });
    expect((await validateAgainst('camt.054.001.08.xsd', wrongSum, directory)).ok).toBe(true);
    const disagreeing = await importXml(wrongSum);
    expect(disagreeing.statusCode).toBe(400);
    expect(disagreeing.error?.error).toBe(
      payoutTexts.resultAmountDiffers(
        payoutOf('iban'),
        `${((centsOf('iban') - 1) / 100).toFixed(2)} USD`,
        `${(centsOf('iban') / 100).toFixed(2)} USD`,
      ),
    );
    expect((await lineOf('iban'))?.status).toBe('sent');
    expect((await lineOf('ibanNoBic'))?.status).toBe('sent');
  });

  it('settles the run from the bank’s camt.054: booked paid with its reference, returned failed with why; once', async () => {
    const file = camt054();
    const validation = await validateAgainst('camt.054.001.08.xsd', file, directory);
    expect(validation.output).toContain('validates');
    const emailsBefore = await db().$count(emailOutbox);

    const imported = await importXml(file);
    expect(imported.statusCode, imported.rawPayload.toString()).toBe(200);
    expect(imported.body).toMatchObject({ id: runId });
    expect(await lineOf('iban')).toMatchObject({ status: 'paid', reference: 'BANK-TX-778899' });
    expect(await lineOf('ibanNoBic')).toMatchObject({
      status: 'failed',
      failure_reason: 'Returned by the bank (AC04, the account is closed: Account closed by holder).',
    });
    const greta = talents.iban?.account.user.id ?? '';
    const zoe = talents.ibanNoBic?.account.user.id ?? '';
    expect(await talentBalanceOf(db(), greta)).toMatchObject([
      { currency: 'USD', inTransitCents: 0, paidOutCents: centsOf('iban') },
    ]);
    expect(await talentBalanceOf(db(), zoe)).toMatchObject([
      { currency: 'USD', inTransitCents: 0, availableCents: centsOf('ibanNoBic') },
    ]);
    const emailsAfter = await db().$count(emailOutbox);
    expect(emailsAfter - emailsBefore).toBe(2);

    // The same file again changes nothing: no status, no money, no email.
    const again = await importXml(file);
    expect(again.statusCode, again.rawPayload.toString()).toBe(200);
    expect(await lineOf('iban')).toMatchObject({ status: 'paid', reference: 'BANK-TX-778899' });
    expect(await talentBalanceOf(db(), greta)).toMatchObject([{ currency: 'USD', paidOutCents: centsOf('iban') }]);
    expect(await db().$count(emailOutbox)).toBe(emailsAfter);
    // The other payouts, in the NACHA file or the CSV, are still on their way, and the CSV still settles them.
    expect((await lineOf('aba'))?.status).toBe('sent');
    const csv = await admin.callUnchecked(payoutsContract.importResults, {
      params: { id: runId },
      body: `payout_id,status,reference,reason\n${payoutOf('aba')},paid,ACH-TRACE-1,\n`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(csv.statusCode, csv.rawPayload.toString()).toBe(200);
    expect(await lineOf('aba')).toMatchObject({ status: 'paid', reference: 'ACH-TRACE-1' });
  });
});

// Bank files in the payout's currency (issue 55, item 4): a run paying euros, pesos, dong and dinars to IBANs,
// dollars and euros to US accounts. A pain.001 per currency, each amount in its currency's ISO decimals (the
// dong has none, the dinar three; KWD is no payout currency yet, proven here all the same), judged by the XSD;
// NACHA dollars only; the CSV naming each line's currency; a camt.054 matching a payout only in its currency.
describe('bank files in several currencies', () => {
  let testApp: TestApp;
  let admin: Account;
  let directory: string;
  let runId: string;
  const payoutIds: Record<string, string> = {};

  const db = () => testApp.database.db;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'bank-currencies-'));
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    await db()
      .insert(platformSettings)
      .values([{ key: 'payout_security_days', value: 0 }])
      .onConflictDoUpdate({ target: platformSettings.key, set: { value: sql`excluded.value` } });
    await testApp.app.appContext.settings.invalidate();
    // Today's rates by hand, against the euro as the ECB quotes them: one US dollar is 0.8 EUR, 50 PHP,
    // 22,000 VND and 0.25 KWD, exactly.
    const today = isoDay(new Date());
    await db()
      .insert(fxRates)
      .values(
        [
          ['USD', '1.25'],
          ['PHP', '62.5'],
          ['VND', '27500'],
          ['KWD', '0.3125'],
        ].map(([quote = '', rate = '']) => ({ base: 'EUR', quote, rate, rateDate: today, source: 'manual' as const })),
      );

    const accounts: Record<string, Account> = {
      eur: await talentPaidBy(testApp, {
        name: 'Greta Berger',
        method: bankAccount('Greta Berger', 'DE44 5001 0517 5407 3249 31', 'swift', 'INGDDEFFXXX'),
        cents: 16_000,
        currency: 'EUR',
      }),
      eur2: await talentPaidBy(testApp, {
        name: 'Anna de Vries',
        method: bankAccount('Anna de Vries', 'NL91 ABNA 0417 1643 00', 'swift', 'ABNANL2A'),
        cents: 23_456,
        currency: 'EUR',
      }),
      php: await talentPaidBy(testApp, {
        name: 'Maria Santos',
        method: bankAccount('Maria Santos', 'GB82 WEST 1234 5698 7654 32', 'sort_code', '123456'),
        cents: 12_345,
        currency: 'PHP',
      }),
      vnd: await talentPaidBy(testApp, {
        name: 'Nguyen Van An',
        method: bankAccount('Nguyen Van An', 'FR14 2004 1010 0505 0001 3M02 606', 'swift', 'PSSTFRPPXXX'),
        cents: 12_345,
        currency: 'VND',
      }),
      kwd: await talentPaidBy(testApp, {
        name: 'Fatima Al-Sabah',
        method: bankAccount('Fatima Al-Sabah', 'KW81 CBKU 0000 0000 0000 1234 5601 01', 'swift', 'CBKUKWKWXXX'),
        cents: 10_001,
        currency: 'KWD',
      }),
      usdAba: await talentPaidBy(testApp, {
        name: 'José Núñez',
        method: bankAccount('José Núñez', '123456789', 'aba', '021000021'),
        cents: 12_345,
      }),
      eurAba: await talentPaidBy(testApp, {
        name: 'Kim Park',
        method: bankAccount('Kim Park', '000987654321', 'aba', '011000015'),
        cents: 50_001,
        currency: 'EUR',
      }),
    };
    const prepared = await admin.call(payoutsContract.prepareRun);
    expect(prepared.statusCode, prepared.rawPayload.toString()).toBe(200);
    runId = prepared.body.id;
    const approved = await admin.call(payoutsContract.approveRun, { params: { id: runId } });
    expect(approved.statusCode, approved.rawPayload.toString()).toBe(200);
    const lines = await db().select().from(payouts).where(eq(payouts.runId, runId));
    for (const [key, account] of Object.entries(accounts)) {
      const line = lines.find((candidate) => candidate.applicantId === account.user.id);
      expect(line?.status, key).toBe('sent');
      payoutIds[key] = line?.id ?? '';
    }
    // Each converted once, half up, in its currency's minor unit: $234.56 is €187.648, written €187.65;
    // $100.01 is 25.0025 dinars, written 25.003.
    const amounts = Object.fromEntries(
      Object.entries(accounts).map(([key, account]) => {
        const line = lines.find((candidate) => candidate.applicantId === account.user.id);
        return [key, [line?.currency, line?.amountCents]];
      }),
    );
    expect(amounts).toEqual({
      eur: ['EUR', 12_800],
      eur2: ['EUR', 18_765],
      php: ['PHP', 617_250],
      vnd: ['VND', 2_715_900],
      kwd: ['KWD', 25_003],
      usdAba: ['USD', 12_345],
      eurAba: ['EUR', 40_001],
    });
  });
  afterAll(async () => {
    await testApp.close();
    await rm(directory, { recursive: true, force: true });
  });

  const payoutOf = (key: string) => payoutIds[key] ?? '';
  const pain001 = (currency?: string) =>
    admin.callUnchecked(payoutsContract.pain001File, {
      params: { id: runId },
      ...(currency !== undefined && { query: { currency } }),
    });

  it('splits the run’s IBAN payouts into a pain.001 per currency, and keeps non-dollars out of NACHA', async () => {
    const formats = await admin.call(payoutsContract.bankFormats, { params: { id: runId } });
    expect(formats.statusCode).toBe(200);
    expect(formats.body.pain001).toEqual([
      { currency: 'EUR', count: 2, total_cents: 12_800 + 18_765 },
      { currency: 'KWD', count: 1, total_cents: 25_003 },
      { currency: 'PHP', count: 1, total_cents: 617_250 },
      { currency: 'VND', count: 1, total_cents: 2_715_900 },
    ]);
    expect(formats.body.nacha).toEqual({ count: 1, total_cents: 12_345 });
    expect(formats.body.skipped).toEqual([
      {
        payout_id: payoutOf('eurAba'),
        talent_name: 'Kim Park',
        amount_cents: 40_001,
        currency: 'EUR',
        reason: 'NACHA pays US dollars only: this EUR payout is paid from the CSV bank file.',
      },
    ]);
  });

  it('asks which currency when the run pays several, and says which it pays when asked for another', async () => {
    const unnamed = await pain001();
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.error?.error).toBe(
      'A pain.001 file pays one currency, and this run’s payouts to an IBAN are in EUR, KWD, PHP and VND: choose EUR, KWD, PHP or VND.',
    );
    const none = await pain001('GBP');
    expect(none.statusCode).toBe(409);
    expect(none.error?.error).toBe(payoutTexts.noPain001PayoutsIn('GBP', ['EUR', 'KWD', 'PHP', 'VND']));
    const unknown = await pain001('EURO');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error?.fields).toHaveProperty('currency');
  });

  // What each currency's file must hold: its payouts, their amounts as written, the control sum.
  const files = {
    EUR: { keys: ['eur', 'eur2'], amounts: ['128.00', '187.65'], sum: '315.65' },
    PHP: { keys: ['php'], amounts: ['6172.50'], sum: '6172.50' },
    VND: { keys: ['vnd'], amounts: ['2715900'], sum: '2715900' },
    KWD: { keys: ['kwd'], amounts: ['25.003'], sum: '25.003' },
  } as const;

  it.each(Object.entries(files))(
    'writes the %s pain.001 in that currency and its decimals, and the official schema accepts it',
    async (currency, expected) => {
      // The code as a person types it is read as the currency's.
      const answer = await pain001(currency.toLowerCase());
      expect(answer.statusCode, answer.rawPayload.toString()).toBe(200);
      expect(answer.headers['content-disposition']).toContain(`-${currency}.pain001.xml`);
      const file = answer.rawPayload.toString('utf8');
      const validation = await validateAgainst('pain.001.001.09.xsd', file, directory);
      expect(validation.output).toContain('validates');
      expect(validation.ok).toBe(true);

      const document = xml.parse(file).Document.CstmrCdtTrfInitn;
      const count = String(expected.keys.length);
      expect(document.GrpHdr).toMatchObject({ NbOfTxs: count, CtrlSum: expected.sum });
      const instruction = document.PmtInf;
      expect(instruction).toMatchObject({
        PmtInfId: `${bankReferenceOf(runId)}${currency}`,
        NbOfTxs: count,
        CtrlSum: expected.sum,
        ChrgBr: currency === 'EUR' ? 'SLEV' : 'SHAR',
      });
      expect(instruction.PmtTpInf).toEqual(currency === 'EUR' ? { SvcLvl: { Cd: 'SEPA' } } : undefined);
      const transfers = listOf(instruction.CdtTrfTxInf);
      expect(
        transfers
          .map((transfer) => [
            transfer.PmtId.EndToEndId,
            transfer.Amt.InstdAmt['#text'],
            transfer.Amt.InstdAmt['@_Ccy'],
          ])
          .sort(),
      ).toEqual(
        expected.keys.map((key, index) => [bankReferenceOf(payoutOf(key)), expected.amounts[index], currency]).sort(),
      );
    },
  );

  it('answers the only currency’s pain.001 when none is named, and refuses NACHA for anything but dollars', async () => {
    const nacha = await admin.call(payoutsContract.nachaFile, { params: { id: runId } });
    expect(nacha.statusCode, nacha.rawPayload.toString()).toBe(200);
    const [batch] = (await parseNacha(nacha.rawPayload.toString('utf8'))).batches;
    expect(batch?.entries.map((entry) => [Number(entry.amount), String(entry.addenda?.info).toLowerCase()])).toEqual([
      [12_345, expect.stringContaining(bankReferenceOf(payoutOf('usdAba')))],
    ]);
    expect(batch?.footer).toMatchObject({ totalCredit: 12_345 });
    expect(
      (await admin.call(payoutsContract.nachaFile, { params: { id: runId }, query: { currency: 'USD' } })).statusCode,
    ).toBe(200);
    const euros = await admin.callUnchecked(payoutsContract.nachaFile, {
      params: { id: runId },
      query: { currency: 'EUR' },
    });
    expect(euros.statusCode).toBe(400);
    expect(euros.error?.error).toBe(
      'A NACHA file pays US dollars only: download the EUR payouts as an ISO 20022 (pain.001) file, or from the CSV bank file.',
    );
  });

  it('names each line’s currency in the CSV, its amount in that currency’s decimals', async () => {
    const answer = await admin.call(payoutsContract.bankFile, { params: { id: runId } });
    expect(answer.statusCode).toBe(200);
    const [header = '', ...rows] = answer.rawPayload.toString('utf8').trim().split(/\r?\n/);
    const columns = header.split(',');
    const cell = (row: string, name: string) => row.split(',')[columns.indexOf(name)];
    const byPayout = new Map(rows.map((row) => [cell(row, 'payout_id'), [cell(row, 'amount'), cell(row, 'currency')]]));
    expect(Object.fromEntries(Object.keys(payoutIds).map((key) => [key, byPayout.get(payoutOf(key))]))).toEqual({
      eur: ['128.00', 'EUR'],
      eur2: ['187.65', 'EUR'],
      php: ['6172.50', 'PHP'],
      vnd: ['2715900', 'VND'],
      kwd: ['25.003', 'KWD'],
      usdAba: ['123.45', 'USD'],
      eurAba: ['400.01', 'EUR'],
    });
  });

  // A bank's camt.054 of booked debits, each naming a payout with the amount and currency the bank moved.
  function camt054(entries: { key: string; amount: string; currency: string }[]) {
    return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>CAMT-CUR-0001</MsgId><CreDtTm>2026-11-29T10:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>NTF-CUR-1</Id>
      <CreDtTm>2026-11-29T10:00:00</CreDtTm>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>${entries
        .map(
          ({ key, amount, currency }, index) => `
      <Ntry>
        <Amt Ccy="${currency}">${amount}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>BANK-CUR-${index + 1}</AcctSvcrRef><EndToEndId>${bankReferenceOf(payoutOf(key))}</EndToEndId></Refs>
          <Amt Ccy="${currency}">${amount}</Amt>
          <CdtDbtInd>DBIT</CdtDbtInd>
        </TxDtls></NtryDtls>
      </Ntry>`,
        )
        .join('')}
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
  }
  const importXml = (body: string) =>
    admin.callUnchecked(payoutsContract.importResults, {
      params: { id: runId },
      body,
      headers: { 'content-type': 'application/xml' },
    });
  const statusOf = async (key: string) =>
    (
      await db()
        .select()
        .from(payouts)
        .where(eq(payouts.id, payoutOf(key)))
    )[0]?.status;

  it('settles from a camt.054 only the payouts whose currency and sum at its minor unit are the bank’s', async () => {
    const paid = [
      { key: 'eur', amount: '128.00', currency: 'EUR' },
      // Trailing zeros below the minor unit are the same sum.
      { key: 'vnd', amount: '2715900.00', currency: 'VND' },
      { key: 'kwd', amount: '25.003', currency: 'KWD' },
    ];
    const refusals: [typeof paid, string][] = [
      // The dong's figure, but in dollars: not this payout.
      [
        [{ key: 'vnd', amount: '2715900', currency: 'USD' }],
        payoutTexts.resultAmountDiffers(payoutOf('vnd'), '2715900.00 USD', '2715900 VND'),
      ],
      // Half a centavo is no sum of pesos.
      [
        [{ key: 'php', amount: '6172.505', currency: 'PHP' }],
        payoutTexts.resultAmountDiffers(payoutOf('php'), '6172.505 PHP', '6172.50 PHP'),
      ],
      // A dinar has three decimals: 25.00 is 25.000, not 25.003.
      [
        [{ key: 'kwd', amount: '25.00', currency: 'KWD' }],
        payoutTexts.resultAmountDiffers(payoutOf('kwd'), '25.000 KWD', '25.003 KWD'),
      ],
    ];
    for (const [entries, sentence] of refusals) {
      const file = camt054([paid[0] as (typeof paid)[number], ...entries]);
      expect((await validateAgainst('camt.054.001.08.xsd', file, directory)).ok).toBe(true);
      const refused = await importXml(file);
      expect(refused.statusCode).toBe(400);
      expect(refused.error?.error).toBe(sentence);
    }
    expect(await statusOf('eur')).toBe('sent');

    const file = camt054(paid);
    const validation = await validateAgainst('camt.054.001.08.xsd', file, directory);
    expect(validation.output).toContain('validates');
    const imported = await importXml(file);
    expect(imported.statusCode, imported.rawPayload.toString()).toBe(200);
    expect([await statusOf('eur'), await statusOf('vnd'), await statusOf('kwd'), await statusOf('php')]).toEqual([
      'paid',
      'paid',
      'paid',
      'sent',
    ]);
  });
});
