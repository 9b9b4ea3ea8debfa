import { PageMeta } from '~/client/components/page-meta';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { ApplicantsSection } from './applicants-section';

// /admin/applicants (docs/spec/admin-billing-and-content.md §2 item 3): every applicant, and bulk Suspend,
// Activate and Remove.
export function AdminApplicantsPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">Every applicant on the platform, their activity and standing.</p>
      </div>
      <ApplicantsSection />
    </div>
  );
}
