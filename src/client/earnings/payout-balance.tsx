import { useQuery } from '@tanstack/react-query';
import { ArrowRightLeftIcon, CalendarClockIcon, CircleCheckIcon, HourglassIcon, WalletIcon } from 'lucide-react';
import { SummaryCards } from '~/client/components/summary-cards';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { formatMomentDayIn } from '~/client/lib/iso-day';
import { formatCents } from '~/shared/billing';
import { type PayoutBalance, payoutExceptionLabels } from '~/shared/payouts';
import { payoutBalanceQueryOptions } from './api';

// What the talent is owed (docs/decisions/036): pending, available, on its way, paid out; then the next
// payout, or why it would not pay them; and a hold, when an administrator has placed one.
export function PayoutBalanceSection({ zone }: { zone: string | null }) {
  const balance = useQuery(payoutBalanceQueryOptions());
  return (
    <div className="grid min-w-0 gap-3">
      {balance.data?.on_hold && (
        <Alert variant="warning" className="flex-col gap-1">
          <AlertTitle>{payoutExceptionLabels.on_hold}</AlertTitle>
          <p>
            An administrator has paused your payouts. Your earnings still count toward your balance; contact support to
            learn more.
          </p>
        </Alert>
      )}
      <SummaryCards
        query={balance}
        label="Payout balance"
        count={5}
        failure="Failed to load your payout balance. Please try again."
        cardsOf={(data) => [
          {
            label: 'Pending',
            value: formatCents(data.pending_cents),
            hint: 'Earned, waiting for the company’s payment and the security period',
            icon: <HourglassIcon />,
          },
          {
            label: 'Available',
            value: formatCents(data.available_cents),
            hint:
              data.available_cents < 0
                ? 'Refunds took back more than was left to pay you; your next earnings make up the difference first.'
                : 'Ready for your next payout',
            icon: <WalletIcon />,
          },
          {
            label: 'On its way',
            value: formatCents(data.in_transit_cents),
            hint: 'Sent to your payout method, not yet confirmed',
            icon: <ArrowRightLeftIcon />,
          },
          {
            label: 'Paid out',
            value: formatCents(data.paid_out_cents),
            hint: 'Confirmed paid to you',
            icon: <CircleCheckIcon />,
          },
          nextPayoutCard(data, zone),
        ]}
      />
    </div>
  );
}

// The next run's day in the person's zone (UTC, said so, while they have none), and what it would send
// them, or why it would send nothing.
function nextPayoutCard({ next_payout: next, minimum_cents }: PayoutBalance, zone: string | null) {
  const isPaying = next.blocked_by === null && next.amount_cents > 0;
  const reason = next.blocked_by
    ? payoutExceptionLabels[next.blocked_by]
    : `below the ${formatCents(minimum_cents)} minimum`;
  return {
    label: zone ? 'Next payout' : 'Next payout (UTC)',
    value: formatMomentDayIn(next.runs_at, zone),
    hint: isPaying ? `${formatCents(next.amount_cents)} will be sent` : `Nothing will be sent: ${reason}`,
    icon: <CalendarClockIcon />,
  };
}
