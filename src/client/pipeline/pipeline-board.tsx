import { useQuery } from '@tanstack/react-query';
import { InboxIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useListSearch } from '~/client/lib/list-search';
import type { Job } from '~/shared/jobs';
import { jobPipelineQueryOptions } from './api';
import { ApplicationDrawer } from './application-drawer';
import { ApplicationList } from './application-list';
import { jobPipelineSearch } from './pipeline-search';
import { StageTabs } from './stage-tabs';
import { useApplicationDrawer } from './use-application-drawer';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

// A job's pipeline on its page: the stage tabs with their counts, a row per application, selection
// with bulk moves, and the drawer of the application opened. Once its applications have been shown,
// `onShown` resets the job's "new" badge on the Jobs list; for this visit, the "N new" and the rows'
// marks stay what the Jobs list said, on every page and stage: new since the applications had last been
// opened when the visit began (never opened: since the job was made, before any application).
export function PipelineBoard({ job, onShown }: { job: Job; onShown?: () => void }) {
  const search = useListSearch(jobPipelineSearch);
  const { stage, page, pageSize } = search.state;
  const [newSince] = useState(() => job.applications_seen_at ?? job.created_at);
  const query = { status: stage ?? undefined, page, page_size: pageSize, new_since: newSince };
  const applications = useQuery(jobPipelineQueryOptions(job.id, query));
  const newCount = applications.data?.new_count ?? 0;
  const drawer = useApplicationDrawer();

  const hasNew = job.new_applications_count > 0;
  const shownRef = useRef<string | null>(null);
  const isLoaded = applications.isSuccess;
  useEffect(() => {
    if (!isLoaded || !hasNew || shownRef.current === job.id) return;
    shownRef.current = job.id;
    onShown?.();
  }, [isLoaded, hasNew, job.id, onShown]);

  return (
    <section aria-labelledby="pipeline-title" className="grid min-w-0 gap-3">
      <div className="space-y-1">
        <h2 id="pipeline-title" className="text-lg font-semibold">
          Applications
        </h2>
        <p className="text-sm text-muted-foreground">
          {plural(job.applications_count, 'application')}
          {newCount > 0 && ` · ${newCount} new`}
          {` · ${job.hired_count} of ${plural(job.openings, 'opening')} filled`}
        </p>
      </div>
      <StageTabs
        label="Stages"
        stage={stage}
        counts={applications.data?.counts}
        onStageChange={(next) => search.change({ stage: next })}
      >
        <ApplicationList
          query={applications}
          search={search}
          selectionScope={JSON.stringify(query)}
          onOpen={(application) => drawer.open(application.id)}
          empty={{
            icon: InboxIcon,
            filtered: {
              title: 'No applications in this stage',
              description: 'Choose another stage to see its applications.',
            },
            none: {
              title: 'No applications yet',
              description: 'Applications appear here once talent applies to this job.',
            },
          }}
        />
      </StageTabs>
      <ApplicationDrawer applicationId={drawer.openId} onClose={drawer.close} />
    </section>
  );
}
