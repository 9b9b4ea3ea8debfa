import { PageMeta } from '~/client/components/page-meta';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { AdminJobsSection } from './admin-jobs-section';

// /admin/jobs (docs/spec/admin-billing-and-content.md §2 item 4): Job Management, every company's jobs.
export function AdminJobsPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">Every company's jobs: edit, archive, or post one for a company.</p>
      </div>
      <AdminJobsSection />
    </div>
  );
}
