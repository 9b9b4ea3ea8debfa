import type { Currency } from '~/shared/currencies';
import type { LedgerAccount, LedgerTransactionKind } from '~/shared/payouts';
import type { Database } from '../../db/client';
import { ledgerEntries, ledgerTransactions } from '../../db/schema';

// The money ledger (docs/decisions/036, 051): double entry, integer minor units, each currency balancing
// on its own, append only. Every event that
// moves money posts one transaction, named by a key that says what made it, so posting is idempotent:
// the feature that moves the money posts in its own transaction, and `postMissingTransactions` (the
// hourly job, and every payout run) posts anything not posted yet — rows written before the ledger, or by
// a path that does not post. Debits are positive, credits negative: a liability's or revenue's balance is
// minus its sum. work/, billing/, fixed-price/, payments/, earnings/ and payouts/ post or read it, hence the money kernel.
// One operation per file in this folder; post-transaction.ts is what they all post through.

export interface LedgerLine {
  account: LedgerAccount;
  amountCents: number;
  // Left out, the database writes the billing currency of the company the line or transaction names.
  currency?: Currency;
  applicantId?: string | null;
  companyId?: string | null;
  timesheetId?: string | null;
  milestoneId?: string | null;
}

interface TransactionRefs {
  companyId?: string | null;
  applicantId?: string | null;
  invoiceId?: string | null;
  paymentId?: string | null;
  timesheetId?: string | null;
  milestoneId?: string | null;
  payoutId?: string | null;
}

export class UnbalancedTransactionError extends Error {}

// Posts a transaction once: a second post of the same key changes nothing and answers false. Zero lines
// are left out; a transaction whose lines are all zero is still recorded, so its key counts as posted.
export async function postTransaction({
  db,
  key,
  kind,
  refs = {},
  lines,
  occurredAt,
  currency,
}: {
  db: Database;
  // The currency of every line that names none of its own.
  currency?: Currency;
  key: string;
  kind: LedgerTransactionKind;
  refs?: TransactionRefs;
  lines: LedgerLine[];
  occurredAt?: Date;
}): Promise<boolean> {
  const sums = new Map<string, number>();
  for (const line of lines) {
    const of = line.currency ?? currency ?? '';
    sums.set(of, (sums.get(of) ?? 0) + line.amountCents);
  }
  const unbalanced = [...sums].find(([, sum]) => sum !== 0);
  if (unbalanced || lines.some((line) => !Number.isSafeInteger(line.amountCents))) {
    throw new UnbalancedTransactionError(`ledger transaction ${key} does not balance (${unbalanced?.join(' ')})`);
  }
  const [posted] = await db
    .insert(ledgerTransactions)
    .values({ key, kind, ...refs, ...(occurredAt && { occurredAt }) })
    .onConflictDoNothing({ target: ledgerTransactions.key })
    .returning({ id: ledgerTransactions.id });
  if (!posted) return false;
  const written = lines.filter((line) => line.amountCents !== 0);
  if (written.length > 0) {
    await db.insert(ledgerEntries).values(
      written.map((line) => ({
        transactionId: posted.id,
        account: line.account,
        amountCents: line.amountCents,
        ...((line.currency ?? currency) && { currency: line.currency ?? currency }),
        applicantId: line.applicantId ?? null,
        companyId: line.companyId ?? null,
        timesheetId: line.timesheetId ?? null,
        milestoneId: line.milestoneId ?? null,
      })),
    );
  }
  return true;
}

// The one row a lookup by id answers, or undefined.
export const one = <Row>(rows: Row[]) => rows[0];
