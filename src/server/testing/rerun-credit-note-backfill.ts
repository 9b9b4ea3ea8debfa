import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { integerColumn } from '../db/row-columns';
import { creditNotes, payments } from '../db/schema';
import { selectRows } from '../db/select-rows';

// Everything the credit notes say, and what each payment says went back of it: what the code issued and what
// migration 0074's backfill writes must read the same. Numbers are compared as a set (1…n without gaps): the
// backfill numbers by the time the money went back, the code by commit order.
export async function creditNoteSnapshot(db: Database) {
  const notes = await db.select().from(creditNotes).orderBy(creditNotes.refundKey);
  const items = await selectRows(
    db,
    z.object({ refund_key: z.string(), kind: z.string(), description: z.string(), amount_cents: integerColumn }),
    sql`select n.refund_key, i.kind, i.description, i.amount_cents from credit_note_items i
        join credit_notes n on n.id = i.credit_note_id order by n.refund_key, i.position`,
  );
  const refunded = await db
    .select({ id: payments.id, refundedCents: payments.refundedCents })
    .from(payments)
    .orderBy(payments.id);
  return {
    notes: notes.map(({ id, creditNoteNumber, createdAt, ...rest }) => rest),
    numbers: notes.map((note) => Number(note.creditNoteNumber.slice(-6))).sort((a, b) => a - b),
    items,
    refunded,
  };
}

// Takes every credit note away, as before migration 0074, and runs the migration's backfill statements again,
// then those of 0077 that complete the notes.
export async function rerunCreditNoteBackfill(db: Database): Promise<void> {
  await db.execute(sql`delete from credit_notes`);
  await db.execute(sql`delete from credit_note_counters`);
  await db.execute(sql`update payments set refunded_cents = 0`);
  const migration = await readFile(path.join(import.meta.dirname, '../db/migrations/0074_credit_notes.sql'), 'utf8');
  const statements = migration.split('--> statement-breakpoint').map((statement) => statement.trim());
  const first = statements.findIndex((statement) => statement.includes('What went back of each payment'));
  if (first < 0) throw new Error('Migration 0074 has no backfill.');
  for (const statement of statements.slice(first)) await db.execute(sql.raw(statement));
  // Migrations 0077 and 0078 gave the notes their seller's country, their tax rule and both parties' addresses.
  for (const later of ['0077_vat_rules.sql', '0078_e_invoice_addresses.sql']) {
    const text = await readFile(path.join(import.meta.dirname, '../db/migrations', later), 'utf8');
    for (const statement of text.split('--> statement-breakpoint').map((part) => part.trim())) {
      if (/^(--[^\n]*\n)*UPDATE "credit_notes"/.test(statement)) await db.execute(sql.raw(statement));
    }
  }
}
