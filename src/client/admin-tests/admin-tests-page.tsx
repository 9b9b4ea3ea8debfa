import { PageMeta } from '~/client/components/page-meta';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { AdminTestsSection } from './admin-tests-section';

// /admin/tests (docs/spec/admin-billing-and-content.md §2 item 9): Tests & Content Management, every test on
// the platform.
export function AdminTestsPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Every test on the platform: the companies' own and the platform's assessments.
        </p>
      </div>
      <AdminTestsSection />
    </div>
  );
}
