import type { ReactNode } from 'react';
import { BackLink } from '~/client/components/back-link';
import { PageMeta } from '~/client/components/page-meta';

interface PortalPageProps {
  title: string;
  // The browser tab's title when it says more than the heading ("Edit Job: Support Engineer").
  documentTitle?: string;
  back?: { to: string; label: string };
  description?: ReactNode;
  children: ReactNode;
}

// A portal page about one thing (a form, a job, a test, settings): one width, centred, with its back
// link, heading and lead line in one place, so every such page lines up with the others.
export function PortalPage({ title, documentTitle = title, back, description, children }: PortalPageProps) {
  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6">
      <PageMeta title={documentTitle} />
      <div className="grid gap-3">
        {back && <BackLink to={back.to}>{back.label}</BackLink>}
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
          {description && <p className="text-sm break-words text-muted-foreground">{description}</p>}
        </div>
      </div>
      {children}
    </div>
  );
}
