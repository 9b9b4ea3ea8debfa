import { PageMeta } from '~/client/components/page-meta';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { DisputesSection } from './disputes-section';

// /admin/disputes (docs/decisions/035): the disputed fixed-price milestones, open or settled; each one's
// contract, work, history and messages, and its settlement to the cent.
export function AdminDisputesPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Fixed-price work a company or a talent disputed. The money stays in escrow until you settle it.
        </p>
      </div>
      <DisputesSection />
    </div>
  );
}
