import { PageMeta } from '~/client/components/page-meta';
import type { PageProps } from '~/client/routes';
import { monthlyRevenueTexts } from '~/shared/monthly-revenue';
import { paths } from '~/shared/routes';
import { AccountManagerSummaryCards } from './account-manager-summary-cards';
import { AccountManagersSection } from './account-managers-section';

// /admin/account-managers (docs/spec/admin-billing-and-content.md §2 item 6): the four cards, then every
// account manager.
export function AccountManagersPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          The people who look after companies: their clients, those clients’ teams and revenue.{' '}
          {monthlyRevenueTexts.explained}
        </p>
      </div>
      <AccountManagerSummaryCards />
      <AccountManagersSection />
    </div>
  );
}
