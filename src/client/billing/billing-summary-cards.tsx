import { useQuery } from '@tanstack/react-query';
import { AlertTriangleIcon, CalendarClockIcon, CircleCheckIcon, WalletIcon } from 'lucide-react';
import { SummaryCards } from '~/client/components/summary-cards';
import { formatCents } from '~/shared/billing-texts';
import { billingProfileQueryOptions, billingSummaryQueryOptions } from './api';
import { formatDay, formatMomentDay } from './billing-format';

// The four cards of docs/spec/admin-billing-and-content.md §2 and §9 from GET /api/company/invoices/summary:
// outstanding (pending, unpaid and overdue), overdue, the most recently issued paid invoice, and the next
// auto-pay (Off unless on).
export function BillingSummaryCards() {
  const summary = useQuery(billingSummaryQueryOptions());
  // Auto-pay can be on with nothing waiting to be paid: the card says On rather than Off.
  const isAutoPayOn = useQuery(billingProfileQueryOptions()).data?.auto_pay === true;
  return (
    <SummaryCards
      query={summary}
      label="Billing summary"
      count={4}
      failure="Failed to load the billing summary. Please try again."
      cardsOf={({ outstanding_cents, overdue_cents, last_payment, next_auto_pay, currency }) => [
        {
          label: 'Outstanding Balance',
          value: formatCents(outstanding_cents, currency),
          hint: 'Pending, unpaid and overdue invoices',
          icon: <WalletIcon />,
        },
        {
          label: 'Overdue',
          value: formatCents(overdue_cents, currency),
          hint: 'Invoices past their due date',
          icon: <AlertTriangleIcon />,
        },
        {
          label: 'Last Payment',
          value: last_payment ? formatCents(last_payment.amount_cents, currency) : '—',
          hint: last_payment ? `Paid ${formatMomentDay(last_payment.paid_at)}` : 'No payments yet',
          icon: <CircleCheckIcon />,
        },
        {
          label: 'Next Auto-Pay',
          value: next_auto_pay ? formatDay(next_auto_pay.date) : isAutoPayOn ? 'On' : 'Off',
          hint: next_auto_pay
            ? `${formatCents(next_auto_pay.amount_cents, currency)} from your default payment method`
            : isAutoPayOn
              ? 'No invoice is waiting to be paid'
              : 'Turn on Auto-Pay under Payment Methods',
          icon: <CalendarClockIcon />,
        },
      ]}
    />
  );
}
