import { useQuery } from '@tanstack/react-query';
import { CircleCheckIcon, HourglassIcon, RotateCcwIcon } from 'lucide-react';
import { SummaryCards } from '~/client/components/summary-cards';
import { formatCents } from '~/shared/billing-texts';
import { adminPaymentSummaryQueryOptions } from './api';

const paymentsCount = (count: number) => `${count} ${count === 1 ? 'payment' : 'payments'}`;

// The three cards (docs/spec/admin-billing-and-content.md §2 item 7) from GET /api/admin/payments/summary.
export function PaymentSummaryCards() {
  return (
    <SummaryCards
      query={useQuery(adminPaymentSummaryQueryOptions())}
      label="Payment summary"
      count={3}
      failure="Failed to load the payment summary. Please try again."
      cardsOf={({ received_this_month, pending, failed_or_refunded_this_month }) => [
        {
          label: 'Received This Month',
          value: formatCents(received_this_month.amount_cents),
          hint: `${paymentsCount(received_this_month.count)} completed`,
          icon: <CircleCheckIcon />,
        },
        {
          label: 'Pending',
          value: formatCents(pending.amount_cents),
          hint: `${paymentsCount(pending.count)} awaiting the provider`,
          icon: <HourglassIcon />,
        },
        {
          label: 'Failed or Refunded',
          value: formatCents(failed_or_refunded_this_month.amount_cents),
          hint: `${paymentsCount(failed_or_refunded_this_month.count)} this month`,
          icon: <RotateCcwIcon />,
        },
      ]}
    />
  );
}
