import { PageMeta } from '~/client/components/page-meta';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { PaymentSummaryCards } from './payment-summary-cards';
import { PaymentsSection } from './payments-section';
import { UnbilledCompaniesSection } from './unbilled-companies-section';

// /admin/payments (docs/spec/admin-billing-and-content.md §2 item 7): the three summary cards, then every payment;
// below them the companies with approved work not yet invoiced, to issue one now (docs/decisions/024).
export function AdminPaymentsPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Every payment on the platform, its status and its refund, and the work still to invoice.
        </p>
      </div>
      <PaymentSummaryCards />
      <PaymentsSection />
      <UnbilledCompaniesSection />
    </div>
  );
}
