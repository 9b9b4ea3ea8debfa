import { PageMeta } from '~/client/components/page-meta';
import type { PageProps } from '~/client/routes';
import { monthlyRevenueTexts } from '~/shared/monthly-revenue';
import { paths } from '~/shared/routes';
import { CompaniesSection } from './companies-section';

// /admin/companies (docs/spec/admin-billing-and-content.md §2 item 2): every company, its account manager, and
// bulk Suspend, Activate and Delete.
export function AdminCompaniesPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Every company on the platform, its account manager, and its standing. {monthlyRevenueTexts.explained}
        </p>
      </div>
      <CompaniesSection />
    </div>
  );
}
