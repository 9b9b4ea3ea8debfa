import { useQuery } from '@tanstack/react-query';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { formatMoney } from '~/shared/money-format';
import { bankFormatLabels, type PayoutRun } from '~/shared/payouts';
import {
  downloadNachaFile,
  downloadPain001File,
  nachaFileUrl,
  pain001FileUrl,
  runBankFormatsQueryOptions,
} from './api';
import { BankFileLink } from './bank-file-link';
import { payoutsCount } from './payout-format';

const LOAD_FAILED = 'Failed to load the bank files of this run. Please try again.';

// The files a bank reads (docs/decisions/045), beside the CSV: pain.001 for the payouts to an IBAN, one file
// per currency, NACHA for those in dollars to a US account; the payouts neither can carry are listed with
// why, paid from the CSV.
export function BankFormatsPanel({ run }: { run: PayoutRun }) {
  const formats = useQuery(runBankFormatsQueryOptions(run.id));
  if (formats.isPending) {
    return (
      <div role="status">
        <span className="sr-only">Loading the bank files</span>
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (formats.isError) {
    return (
      <Alert variant="destructive" className="flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p>{errorMessage(formats.error, LOAD_FAILED)}</p>
        <Button size="sm" variant="outline" onClick={() => formats.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  const { pain001, nacha, skipped } = formats.data;
  // One currency: the file the server makes by default, under the plain name. Several: one file each.
  const isSeveral = pain001.length > 1;
  return (
    <section aria-label="Bank files" className="grid gap-2">
      <h3 className="text-sm font-semibold">Files for the bank</h3>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {pain001.map(({ currency }) => {
          const asked = isSeveral ? currency : undefined;
          return (
            <BankFileLink
              key={currency}
              href={pain001FileUrl(run.id, asked)}
              fetchFile={() => downloadPain001File(run.id, asked)}
            >
              {isSeveral ? `Download ${currency} pain.001 (IBAN)` : 'Download pain.001 (IBAN)'}
            </BankFileLink>
          );
        })}
        {nacha.count > 0 && (
          <BankFileLink href={nachaFileUrl(run.id)} fetchFile={() => downloadNachaFile(run.id)}>
            Download NACHA (US)
          </BankFileLink>
        )}
      </div>
      <ul className="text-sm text-muted-foreground">
        <li>
          {bankFormatLabels.pain001}:{' '}
          {pain001.length === 0
            ? payoutsCount(0)
            : pain001
                .map((file) => `${payoutsCount(file.count)}, ${formatMoney(file.total_cents, file.currency)}`)
                .join('; ')}
        </li>
        <li>
          {bankFormatLabels.nacha}: {payoutsCount(nacha.count)}, {formatMoney(nacha.total_cents, 'USD')}
        </li>
      </ul>
      {skipped.length > 0 && (
        <div className="grid gap-1">
          <h4 className="text-sm font-medium">In neither file (paid from the CSV)</h4>
          <ul aria-label="Payouts in neither bank file" className="grid gap-1 text-sm">
            {skipped.map((line) => (
              <li key={line.payout_id}>
                {line.talent_name}, {formatMoney(line.amount_cents, line.currency)}: {line.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
