import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ledgerTransactionKindLabels, type PeriodQuery } from '~/shared/accounting';
import type { Currency } from '~/shared/currencies';
import { type LedgerAccount, ledgerAccounts, ledgerTransactionKinds } from '~/shared/payouts';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { currencyColumn } from '../kernels/money/reporting-currency';
import { addDays } from '../platform/work-calendar';

// A period of whole UTC days, both ends included, as the half-open range of moments the SQL compares with.
export const periodMoments = ({ from, to }: PeriodQuery) => ({
  start: `${from}T00:00:00Z`,
  end: `${addDays(to, 1)}T00:00:00Z`,
});

export interface JournalLine {
  account: LedgerAccount;
  cents: number;
  // The company a receivable line is owed by, as its invoice names it (decision 044), else as named now.
  partyName: string | null;
}

// A transaction's lines in one currency. Each currency of a transaction balances on its own (a converted payout
// moves euros out and pesos in), and the accountant's programs keep a journal in one currency, so a transaction
// in two currencies is two journals.
export interface Journal {
  transactionId: string;
  kind: (typeof ledgerTransactionKinds)[number];
  day: string;
  currency: Currency;
  // Whether the transaction has lines in another currency too, in a journal of their own.
  isPartOfTransaction: boolean;
  // What the transaction is about, for the journal's narration: an invoice's number, a milestone, a payout;
  // then its currency.
  narration: string;
  lines: JournalLine[];
}

const journalLineRow = z.object({
  id: uuidColumn,
  kind: z.enum(ledgerTransactionKinds),
  day: z.string(),
  invoice_number: z.string().nullable(),
  milestone_title: z.string().nullable(),
  week_start: z.string().nullable(),
  payout_reference: z.string().nullable(),
  payout_id: uuidColumn.nullable(),
  party_name: z.string().nullable(),
  currency: currencyColumn,
  account: z.enum(ledgerAccounts),
  cents: integerColumn,
});
type JournalLineRow = z.infer<typeof journalLineRow>;

function referenceOf(row: JournalLineRow): string {
  if (row.invoice_number) return `invoice ${row.invoice_number}`;
  if (row.milestone_title) return `milestone “${row.milestone_title}”`;
  if (row.payout_id)
    return `payout ${row.payout_id.slice(0, 8)}${row.payout_reference ? `, ref ${row.payout_reference}` : ''}`;
  if (row.week_start) return `week of ${row.week_start}`;
  return '';
}

// Xero makes one journal of the rows sharing a narration and a date: the currency and the transaction's own id
// end each narration, so two payments of one day, or a payout's two currencies, stay two journals.
const narrationOf = (row: JournalLineRow) => {
  const reference = referenceOf(row);
  return `${ledgerTransactionKindLabels[row.kind]}${reference ? ` — ${reference}` : ''} (${row.currency}) [${row.id.slice(0, 8)}]`;
};

// The ledger's transactions that occurred in the period, oldest first, one journal a currency of each, its lines
// summed by account (a weekly invoice credits revenue twice: its margin and its fee). A transaction whose lines
// were all zero has no line, and no journal.
export async function ledgerJournals({ db, period }: { db: Database; period: PeriodQuery }): Promise<Journal[]> {
  const { start, end } = periodMoments(period);
  const rows = await selectRows(
    db,
    journalLineRow,
    sql`select l.id, l.kind, to_char(l.occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day,
               i.invoice_number, m.title as milestone_title, t.week_start::text as week_start,
               p.reference as payout_reference, l.payout_id,
               case when e.account = 'company_receivable'
                    then coalesce(nullif(i.billed_to_name, ''), c.name) end as party_name,
               e.currency, e.account, sum(e.amount_cents)::bigint as cents
        from ledger_transactions l
        join ledger_entries e on e.transaction_id = l.id
        left join invoices i on i.id = l.invoice_id
        left join milestones m on m.id = l.milestone_id
        left join timesheets t on t.id = l.timesheet_id
        left join payouts p on p.id = l.payout_id
        left join companies c on c.id = l.company_id
        where l.occurred_at >= ${start}::timestamptz and l.occurred_at < ${end}::timestamptz
        group by l.id, l.kind, l.occurred_at, i.invoice_number, i.billed_to_name, m.title, t.week_start,
                 p.reference, c.name, e.currency, e.account
        having sum(e.amount_cents) <> 0
        order by l.occurred_at, l.id, e.currency`,
  );
  const journals = new Map<string, Journal>();
  const currenciesOf = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.id} ${row.currency}`;
    let journal = journals.get(key);
    if (!journal) {
      journal = {
        transactionId: row.id,
        kind: row.kind,
        day: row.day,
        currency: row.currency,
        isPartOfTransaction: false,
        narration: narrationOf(row),
        lines: [],
      };
      journals.set(key, journal);
      currenciesOf.set(row.id, (currenciesOf.get(row.id) ?? 0) + 1);
    }
    journal.lines.push({ account: row.account, cents: row.cents, partyName: row.party_name });
  }
  for (const journal of journals.values()) {
    journal.isPartOfTransaction = (currenciesOf.get(journal.transactionId) ?? 0) > 1;
    journal.lines.sort((a, b) => ledgerAccounts.indexOf(a.account) - ledgerAccounts.indexOf(b.account));
  }
  return [...journals.values()];
}
