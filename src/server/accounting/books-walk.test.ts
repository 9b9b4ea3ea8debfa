import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WalkCheck, walkTheBooks } from '../testing/books-walk';
import { createTestApp, type TestApp } from '../testing/test-app';

// The money walk of the books issue (issue 54, "Done when"), as `npm run books:walk` prints it: one week and
// one fixed-price contract walked to the cent through invoice, ledger, payout, bank files, statement and
// journals (testing/books-walk.ts). Each figure the walk computed from its inputs must be what the
// documents say as pdftotext, xmllint, csv-parse and SQL read them.
describe('the books walk, to the cent', () => {
  let testApp: TestApp;
  let checks: WalkCheck[] = [];

  beforeAll(async () => {
    testApp = await createTestApp();
    checks = await walkTheBooks(testApp);
  }, 90_000);
  afterAll(async () => {
    await testApp.close();
  });

  const expectPart = (part: WalkCheck['part']) => {
    const ofPart = checks.filter((check) => check.part === part);
    for (const check of ofPart) expect(check.actual, `${check.label} (${check.source})`).toEqual(check.expected);
    return ofPart;
  };

  it('walks one week: approval, invoice and its PDF, payment, ledger, payout by pain.001 and camt.054, statement, journals, trial balance, month-end', () => {
    const week = expectPart('week');
    // Every document of the week was read: the walk's checks did not quietly shrink.
    for (const source of ['pdftotext', 'csv-parse', 'SQL ledger_entries', 'API trial balance', 'API month-end']) {
      expect(
        week.some((check) => check.source === source),
        source,
      ).toBe(true);
    }
    expect(week.some((check) => check.source.startsWith('xmllint'))).toBe(true);
    expect(week.length).toBeGreaterThanOrEqual(33);
  });

  it('walks one fixed-price contract: funding, a dispute settled 60/40, the release invoice, the refund, payout, journals and books', () => {
    const contract = expectPart('contract');
    for (const label of ['credit note: refund', 'Xero: funding', 'Xero: release', 'Xero: refund', 'month-end:']) {
      expect(
        contract.some((check) => check.label.startsWith(label)),
        label,
      ).toBe(true);
    }
    expect(contract.length).toBeGreaterThanOrEqual(31);
  });
});
