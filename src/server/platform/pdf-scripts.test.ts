import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditNote, Invoice } from '~/shared/billing';
import { renderCreditNotePdf } from '../billing/render-credit-note-pdf';
import { renderInvoicesPdf } from '../billing/render-invoice-pdf';
import { payoutRuns, payouts } from '../db/schema';
import { renderPayoutStatement } from '../payouts/payout-statement';
import { renderYearlySummaryPdf } from '../payouts/yearly-summary';
import { buildAccount } from '../seed/factories';
import { pdfText } from '../testing/pdf-text';
import { createTestApp, type TestApp } from '../testing/test-app';

// A name in every script people write their names in, each with what makes its script hard: joined
// Arabic letters and the لا and الله ligatures, Hebrew's final letters, Devanagari and Bengali conjuncts
// and vowel signs drawn before their consonant (ि, ো), Thai's stacked marks, Vietnamese letters with two
// marks, kana beside kanji, and a line of Latin and Hebrew whose words keep their order.
const NAMES: Record<string, string> = {
  Arabic: 'عبد الله بن سلام',
  Hebrew: 'שמעון פרס',
  Devanagari: 'क्षत्रिय अर्जुन सिंह',
  Bengali: 'সৌমিত্র চট্টোপাধ্যায়',
  Thai: 'สมศักดิ์ ใจดี',
  Vietnamese: 'Nguyễn Thị Minh Khai',
  Chinese: '欧阳娜娜',
  Japanese: '山田 太郎 やまだ タロウ',
  Korean: '김민준',
  Greek: 'Ελένη Παπαδοπούλου',
  Cyrillic: 'Ёлка Щукина',
  'Latin with diacritics': 'Łódź Émile Žižek Ñandú Øst',
  'Latin and Hebrew': 'Dana Cohen דנה כהן',
};

// What follows a label on its line, as pdftotext reads it. Poppler marks a run of right-to-left text with
// the embedding controls U+202B … U+202C around it: they say the direction, they are not letters, and the
// letters between them must be the name in the order it is written.
function valueAfter(text: string, label: string): string | undefined {
  const line = text.split('\n').find((candidate) => candidate.trim().startsWith(`${label} `));
  return line
    ?.trim()
    .slice(label.length)
    .replace(/[\u202a-\u202e]/g, '')
    .trim();
}

function invoiceBilledTo(companyName: string): Invoice {
  return {
    id: crypto.randomUUID(),
    invoice_number: 'INV-2026-000054',
    company_id: crypto.randomUUID(),
    company_name: companyName,
    billed_to: { name: companyName, address: '', country: '', tax_id: '', email: '' },
    seller: { name: 'Tandem', address: '', tax_id: '', country: '', email: '' },
    tax: { category: 'sales_tax', name: 'Tax', rate_basis_points: 0, note: '', breakdown: [] },
    period_start: '2026-11-15',
    period_end: '2026-11-21',
    issue_date: '2026-11-24',
    due_date: '2026-12-08',
    status: 'pending',
    subtotal_cents: 10_000,
    fee_cents: 1_000,
    tax_cents: 0,
    amount_cents: 11_000,
    currency: 'USD',
    paid_at: null,
    refunds: [],
    items: [
      {
        id: crypto.randomUUID(),
        kind: 'work',
        description: `Interpreter — ${companyName}`,
        quantity: 60,
        unit: 'minute',
        rate_cents: 10_000,
        amount_cents: 10_000,
        work_start: '2026-11-16',
        work_end: '2026-11-16',
      },
    ],
  };
}

describe('names in every script read back from every PDF', () => {
  let testApp: TestApp;
  const talents: Array<{ script: string; name: string; applicantId: string; payoutId: string }> = [];

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    for (const [script, name] of Object.entries(NAMES)) {
      const { user } = await buildAccount(db, { role: 'applicant', name });
      const [run] = await db.insert(payoutRuns).values({ scheduledFor: '2026-04-01', status: 'completed' }).returning();
      const [payout] = await db
        .insert(payouts)
        .values({
          runId: run?.id ?? '',
          applicantId: user.id,
          amountCents: 12_345,
          status: 'paid',
          provider: 'bank_file',
          methodLabel: 'Bank transfer · ending in 4321',
          reference: 'BANK-0054',
          sentAt: new Date('2026-04-01T09:00:00Z'),
          paidAt: new Date('2026-04-03T10:00:00Z'),
        })
        .returning();
      talents.push({ script, name, applicantId: user.id, payoutId: payout?.id ?? '' });
    }
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('on an invoice, as the company billed and in an item', async () => {
    for (const [script, name] of Object.entries(NAMES)) {
      const text = await pdfText(await renderInvoicesPdf({ invoices: [invoiceBilledTo(name)] }));
      expect(valueAfter(text, 'Billed to'), script).toBe(name);
      expect(text.replace(/[\u202a-\u202e]/g, ''), script).toContain(name);
    }
  });

  it('on a credit note, as the company credited and in a line', async () => {
    for (const [script, name] of Object.entries(NAMES)) {
      const note: CreditNote = {
        id: crypto.randomUUID(),
        credit_note_number: 'CN-2026-000054',
        reason: 'payment_refunded',
        invoice_id: crypto.randomUUID(),
        invoice_number: 'INV-2026-000054',
        milestone_id: null,
        milestone_title: null,
        payment_id: crypto.randomUUID(),
        billed_to_name: name,
        parties: { billedToName: name, sellerName: 'Tandem' },
        issue_date: '2026-11-28',
        issued_at: '2026-11-28T10:00:00.000Z',
        subtotal_cents: 10_000,
        fee_cents: 0,
        tax_cents: 0,
        total_cents: 10_000,
        tax: { category: 'sales_tax', name: 'Tax', rate_basis_points: 0, note: '', breakdown: [] },
        currency: 'USD',
        items: [{ kind: 'work', description: `Interpreter — ${name}`, amount_cents: 10_000 }],
      };
      const text = await pdfText(await renderCreditNotePdf({ note }));
      expect(valueAfter(text, 'Billed to'), script).toBe(name);
      expect(text.replace(/[\u202a-\u202e]/g, ''), script).toContain(name);
    }
  });

  it('on a payout statement, as the talent paid', async () => {
    for (const { script, name, applicantId, payoutId } of talents) {
      const { pdf } = await renderPayoutStatement({ db: testApp.database.db, applicantId, payoutId });
      expect(valueAfter(await pdfText(pdf), 'Paid to'), script).toBe(name);
    }
  });

  it('on a yearly summary, as the talent', async () => {
    for (const { script, name, applicantId } of talents) {
      const { pdf } = await renderYearlySummaryPdf({ db: testApp.database.db, applicantId, year: 2026 });
      expect(valueAfter(await pdfText(pdf), 'Talent'), script).toBe(name);
    }
  });
});
