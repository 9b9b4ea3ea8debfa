import { useQuery } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { formatCents } from '~/shared/billing-texts';
import { bankFormatLabels, type PayoutRun } from '~/shared/payouts';
import { nachaFileUrl, pain001FileUrl, runBankFormatsQueryOptions } from './api';
import { payoutsCount } from './payout-format';

const LOAD_FAILED = 'Failed to load the bank files of this run. Please try again.';

// The files a bank reads (docs/decisions/045), beside the CSV: pain.001 for the payouts to an IBAN, NACHA
// for those to a US account; the payouts neither can carry are listed with why, paid from the CSV.
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
  return (
    <section aria-label="Bank files" className="grid gap-2">
      <h3 className="text-sm font-semibold">Files for the bank</h3>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {pain001.count > 0 && (
          <a href={pain001FileUrl(run.id)} download className={buttonVariants({ variant: 'outline' })}>
            <DownloadIcon aria-hidden="true" />
            Download pain.001 (IBAN)
          </a>
        )}
        {nacha.count > 0 && (
          <a href={nachaFileUrl(run.id)} download className={buttonVariants({ variant: 'outline' })}>
            <DownloadIcon aria-hidden="true" />
            Download NACHA (US)
          </a>
        )}
      </div>
      <ul className="text-sm text-muted-foreground">
        <li>
          {bankFormatLabels.pain001}: {payoutsCount(pain001.count)}, {formatCents(pain001.total_cents)}
        </li>
        <li>
          {bankFormatLabels.nacha}: {payoutsCount(nacha.count)}, {formatCents(nacha.total_cents)}
        </li>
      </ul>
      {skipped.length > 0 && (
        <div className="grid gap-1">
          <h4 className="text-sm font-medium">In neither file (paid from the CSV)</h4>
          <ul aria-label="Payouts in neither bank file" className="grid gap-1 text-sm">
            {skipped.map((line) => (
              <li key={line.payout_id}>
                {line.talent_name}, {formatCents(line.amount_cents)}: {line.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
