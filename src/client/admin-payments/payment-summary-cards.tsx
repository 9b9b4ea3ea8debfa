import { useQuery } from '@tanstack/react-query';
import { CircleCheckIcon, HourglassIcon, RotateCcwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { formatCents } from '~/shared/billing';
import { adminPaymentSummaryQueryOptions } from './api';

function SummaryCard({ label, value, hint, icon }: { label: string; value: string; hint: string; icon: ReactNode }) {
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

const GRID = 'grid grid-cols-1 gap-3 sm:grid-cols-3';
const paymentsCount = (count: number) => `${count} ${count === 1 ? 'payment' : 'payments'}`;

// The three cards (spec §2 item 7) from GET /api/admin/payments/summary.
export function PaymentSummaryCards() {
  const summary = useQuery(adminPaymentSummaryQueryOptions());

  if (summary.isPending) {
    return (
      <div className={GRID} role="status">
        <span className="sr-only">Loading the payment summary</span>
        {[1, 2, 3].map((card) => (
          <Skeleton key={card} className="h-[6.5rem]" />
        ))}
      </div>
    );
  }

  if (summary.isError) {
    return (
      <Alert variant="destructive" className="items-center justify-between">
        <p>{errorMessage(summary.error, 'Failed to load the payment summary. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => summary.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }

  const { received_this_month, pending, failed_or_refunded_this_month } = summary.data;
  return (
    <section aria-label="Payment summary" className={GRID}>
      <SummaryCard
        label="Received This Month"
        value={formatCents(received_this_month.amount_cents)}
        hint={`${paymentsCount(received_this_month.count)} completed`}
        icon={<CircleCheckIcon />}
      />
      <SummaryCard
        label="Pending"
        value={formatCents(pending.amount_cents)}
        hint={`${paymentsCount(pending.count)} awaiting the provider`}
        icon={<HourglassIcon />}
      />
      <SummaryCard
        label="Failed or Refunded"
        value={formatCents(failed_or_refunded_this_month.amount_cents)}
        hint={`${paymentsCount(failed_or_refunded_this_month.count)} this month`}
        icon={<RotateCcwIcon />}
      />
    </section>
  );
}
