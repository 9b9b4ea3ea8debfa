import type { PeriodQuery } from '~/shared/accounting';
import type { Database } from '../db/client';
import { getAccountCodes } from '../platform/get-account-codes';
import { recordAuditEvent } from '../platform/record-audit-event';
import { type JournalFormat, quickbooksJournalCsv, xeroJournalCsv } from './journal-formats';
import { ledgerJournals } from './ledger-journals';

// The ledger of a period as the manual journals an accountant imports, under the codes of System Settings. The
// books leave the platform: who took them, which period and how many journals is recorded.
export async function exportJournal({
  db,
  format,
  period,
  actorId,
  ipAddress,
}: {
  db: Database;
  format: JournalFormat;
  period: PeriodQuery;
  actorId: string;
  ipAddress?: string;
}): Promise<{ fileName: string; csv: string }> {
  const [journals, codes] = await Promise.all([ledgerJournals({ db, period }), getAccountCodes({ db })]);
  const csv = format === 'xero' ? xeroJournalCsv(journals, codes) : quickbooksJournalCsv(journals, codes);
  await recordAuditEvent({
    db,
    event: {
      actorId,
      action: 'ledger.exported',
      targetType: 'ledger',
      details: { format, from: period.from, to: period.to, journals: journals.length },
      ipAddress,
    },
  });
  return { fileName: `tandem-journal-${format}-${period.from}-to-${period.to}.csv`, csv };
}
