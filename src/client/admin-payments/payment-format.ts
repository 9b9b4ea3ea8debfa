import { format } from 'date-fns';
import type { BadgeVariant } from '~/client/components/ui/badge';
import type { AdminPaymentStatus } from '~/shared/admin-payments';

// How a payment reads on screen: green for money received, blue for waiting, red for failed, grey for
// given back.
export const adminPaymentStatusBadges: Record<AdminPaymentStatus, BadgeVariant> = {
  completed: 'success',
  pending: 'info',
  failed: 'danger',
  refunded: 'neutral',
};

// A moment of the API (ISO) as "Nov 24, 2026".
export const formatPaymentDay = (value: string) => format(new Date(value), 'MMM d, yyyy');
