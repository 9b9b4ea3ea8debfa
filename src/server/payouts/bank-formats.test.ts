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
import { type BankCodeType, payoutTexts } from '~/shared/payouts';
import { emailOutbox, payoutMethods, platformSettings } from '../db/schema';
import { postTransaction } from '../kernels/money/post-transaction';
import { talentBalanceOf } from '../kernels/money/talent-balance-of';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
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
  const weeksAgo = (weeks: number) => addDays(weekStartOf(isoDay(new Date())), -7 * weeks);

  // A talent with `cents` available (a week approved, the company paid, the security period over) and the
  // given method as their default, past its 72-hour wait.
  async function talentWith(key: string, name: string, method: NewPayoutMethod, cents: number) {
    const company = await companyAccount(testApp);
    const talent = await signedInAccount(testApp, { role: 'applicant', name });
    const assignment = await buildAssignment(db(), {
      companyId: company.companyId,
      applicantId: talent.user.id,
      startDate: weeksAgo(10),
    });
    const week = await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart: weeksAgo(3),
      status: 'approved',
    });
    const refs = { applicantId: talent.user.id, timesheetId: week.id };
    await postTransaction({
      currency: 'USD',
      db: db(),
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
      db: db(),
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
    await db()
      .update(payoutMethods)
      .set({ usableFrom: new Date(Date.now() - 60_000) })
      .where(eq(payoutMethods.id, added.body.id));
    talents[key] = { account: talent, cents, payoutId: '' };
  }

  const bankAccount = (holder: string, account: string, type: BankCodeType, code: string): NewPayoutMethod => ({
    kind: 'bank_account',
    holder_name: holder,
    bank_name: 'Their Bank',
    account_number: account,
    bank_code_type: type,
    bank_code: code,
  });

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
    expect(formats.body.pain001).toEqual({ count: 2, total_cents: centsOf('iban') + centsOf('ibanNoBic') });
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
    expect(await talentBalanceOf(db(), greta)).toMatchObject({ inTransitCents: 0, paidOutCents: centsOf('iban') });
    expect(await talentBalanceOf(db(), zoe)).toMatchObject({ inTransitCents: 0, availableCents: centsOf('ibanNoBic') });
    const emailsAfter = await db().$count(emailOutbox);
    expect(emailsAfter - emailsBefore).toBe(2);

    // The same file again changes nothing: no status, no money, no email.
    const again = await importXml(file);
    expect(again.statusCode, again.rawPayload.toString()).toBe(200);
    expect(await lineOf('iban')).toMatchObject({ status: 'paid', reference: 'BANK-TX-778899' });
    expect(await talentBalanceOf(db(), greta)).toMatchObject({ paidOutCents: centsOf('iban') });
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
