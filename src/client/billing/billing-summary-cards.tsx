import { useQuery } from '@tanstack/react-query';
import { AlertTriangleIcon, CalendarClockIcon, CircleCheckIcon, WalletIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { formatCents } from '~/shared/billing';
import { billingProfileQueryOptions, billingSummaryQueryOptions } from './api';
import { formatDay, formatMomentDay } from './billing-format';

interface SummaryCardProps {
  label: string;
  value: ReactNode;
  hint: ReactNode;
  icon: ReactNode;
}

function SummaryCard({ label, value, hint, icon }: SummaryCardProps) {
  return (
    <div className="flex h-full flex-col gap-1 rounded-lg border border-border bg-background p-4 shadow-sm">
      <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
      <div className="flex items-center justify-between gap-2">
        <p className="text-2xl font-bold tracking-tight text-foreground tabular-nums">{value}</p>
        <span
          className="grid size-8 shrink-0 place-content-center rounded-md bg-accent text-primary [&_svg]:size-4"
          aria-hidden="true"
        >
          {icon}
        </span>
      </div>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}

const GRID = 'grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4';

// The four cards of spec §2 and §9 from GET /api/company/invoices/summary: outstanding (pending, unpaid
// and overdue), overdue, the most recently issued paid invoice, and the next auto-pay (Off unless on).
export function BillingSummaryCards() {
  const summary = useQuery(billingSummaryQueryOptions());
  // Auto-pay can be on with nothing waiting to be paid: the card says On rather than Off.
  const isAutoPayOn = useQuery(billingProfileQueryOptions()).data?.auto_pay === true;

  if (summary.isPending) {
    return (
      <div className={GRID} role="status">
        <span className="sr-only">Loading the billing summary</span>
        {[1, 2, 3, 4].map((card) => (
          <Skeleton key={card} className="h-[6.5rem]" />
        ))}
      </div>
    );
  }

  if (summary.isError) {
    return (
      <Alert variant="destructive" className="items-center justify-between">
        <p>{errorMessage(summary.error, 'Failed to load the billing summary. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => summary.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }

  const { outstanding_cents, overdue_cents, last_payment, next_auto_pay } = summary.data;
  return (
    <section aria-label="Billing summary" className={GRID}>
      <SummaryCard
        label="Outstanding Balance"
        value={formatCents(outstanding_cents)}
        hint="Pending, unpaid and overdue invoices"
        icon={<WalletIcon />}
      />
      <SummaryCard
        label="Overdue"
        value={formatCents(overdue_cents)}
        hint="Invoices past their due date"
        icon={<AlertTriangleIcon />}
      />
      <SummaryCard
        label="Last Payment"
        value={last_payment ? formatCents(last_payment.amount_cents) : '—'}
        hint={last_payment ? `Paid ${formatMomentDay(last_payment.paid_at)}` : 'No payments yet'}
        icon={<CircleCheckIcon />}
      />
      <SummaryCard
        label="Next Auto-Pay"
        value={next_auto_pay ? formatDay(next_auto_pay.date) : isAutoPayOn ? 'On' : 'Off'}
        hint={
          next_auto_pay
            ? `${formatCents(next_auto_pay.amount_cents)} from your default payment method`
            : isAutoPayOn
              ? 'No invoice is waiting to be paid'
              : 'Turn on Auto-Pay under Payment Methods'
        }
        icon={<CalendarClockIcon />}
      />
    </section>
  );
}
