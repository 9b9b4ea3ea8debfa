import { useQuery } from '@tanstack/react-query';
import { InboxIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useChangeSearch } from '~/client/lib/list-search';
import type { Job } from '~/shared/jobs';
import { jobPipelineQueryOptions } from './api';
import { ApplicationDrawer } from './application-drawer';
import { ApplicationList } from './application-list';
import type { BoardFilters } from './board-api';
import { type PipelineView, useJobPipelineSearch, viewParam } from './pipeline-search';
import { PipelineToolbar } from './pipeline-toolbar';
import { StageBoard } from './stage-board';
import { StageTabs } from './stage-tabs';
import { useApplicationDrawer } from './use-application-drawer';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

// A job's pipeline on its page, as a list or as a board (?view=board), with the same search and filters:
// the list has the stage tabs with their counts, a row per application, selection with bulk moves; the
// board a column per stage (stage-board.tsx). Either opens an application in the drawer. Once its
// applications have been shown, `onShown` resets the job's "new" badge on the Jobs list; for this visit,
// the "N new" and the rows' marks stay what the Jobs list said, on every page and stage: new since the
// applications had last been opened when the visit began (never opened: since the job was made).
export function PipelineBoard({ job, onShown, companyName }: { job: Job; onShown?: () => void; companyName: string }) {
  const search = useJobPipelineSearch();
  const { q, stage, rating, test, page, pageSize } = search.state;
  const [params] = useSearchParams();
  const changeSearch = useChangeSearch();
  const view: PipelineView = viewParam.read(params) ?? 'list';
  const [newSince] = useState(() => job.applications_seen_at ?? job.created_at);
  const filters: BoardFilters = {
    q: q || undefined,
    min_rating: rating ? Number(rating) : undefined,
    test: test ?? undefined,
  };
  const query = { ...filters, status: stage ?? undefined, page, page_size: pageSize, new_since: newSince };
  const applications = useQuery({ ...jobPipelineQueryOptions(job.id, query), enabled: view === 'list' });
  const newCount = applications.data?.new_count ?? 0;
  const drawer = useApplicationDrawer();

  const hasNew = job.new_applications_count > 0;
  const shownRef = useRef<string | null>(null);
  const isShown = view === 'board' || applications.isSuccess;
  useEffect(() => {
    if (!isShown || !hasNew || shownRef.current === job.id) return;
    shownRef.current = job.id;
    onShown?.();
  }, [isShown, hasNew, job.id, onShown]);

  const toolbar = (
    <PipelineToolbar
      search={search}
      view={view}
      // The board shows every stage: the list's stage tab and page do not come along.
      onViewChange={(next) =>
        changeSearch(
          next === 'board' ? { [viewParam.key]: 'board', stage: null, page: null } : { [viewParam.key]: null },
        )
      }
    />
  );

  return (
    <section aria-labelledby="pipeline-title" className="grid min-w-0 grid-cols-1 gap-3">
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
      {view === 'board' ? (
        <>
          {toolbar}
          <StageBoard job={job} companyName={companyName} filters={filters} />
        </>
      ) : (
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
            toolbar={toolbar}
            interviewStages={job.interview_stages}
            empty={{
              icon: InboxIcon,
              filtered: {
                title: 'No applications match',
                description: 'Try another name, rating, test state or stage.',
              },
              none: {
                title: 'No applications yet',
                description: 'Applications appear here once talent applies to this job.',
              },
            }}
          />
        </StageTabs>
      )}
      <ApplicationDrawer applicationId={drawer.openId} onClose={drawer.close} />
    </section>
  );
}
