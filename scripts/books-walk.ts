// `npm run books:walk`: the money walk of the books issue (issue 54) — one week of hourly work and one
// fixed-price contract walked to the cent through invoice, payment, ledger, payout, pain.001 and camt.054,
// payout statement, Xero and QuickBooks journals, trial balance and month-end report — on a fresh database
// (in-memory PGlite; with DATABASE_URL, a new database on that server, dropped afterwards), printed as a
// report: every figure computed from the inputs, then each document as another program reads it (pdftotext,
// xmllint, csv-parse, SQL), ✓ or ✗. Exits 1 when any check fails. books-walk.test.ts asserts the same walk.
import { walkTheBooks } from '../src/server/testing/books-walk';
import { createTestApp } from '../src/server/testing/test-app';

const started = performance.now();
const testApp = await createTestApp();
try {
  const checks = await walkTheBooks(testApp, { say: (line) => console.log(line) });
  const failed = checks.filter((check) => !check.ok);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\n${checks.length - failed.length} of ${checks.length} checks hold (${seconds} s).`);
  if (failed.length > 0) {
    for (const check of failed) console.log(`✗ ${check.label} (${check.source})`);
    process.exitCode = 1;
  }
} finally {
  await testApp.close();
}
