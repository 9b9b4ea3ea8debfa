import { ColumnsIcon, InboxIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { DataList, type DataListColumn, type ListQueryResult, PhoneLabel } from '~/client/components/data-list';
import { RatingSummary } from '~/client/components/rating-stars';
import { useRowSelection } from '~/client/components/row-selection';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { useAllowed } from '~/client/lib/allowed';
import { fullDateLabel, relativeDateLabel } from '~/client/lib/relative-date';
import { type InterviewStage, interviewStageOf } from '~/shared/interview-stages';
import { describeApplicationSource } from '~/shared/job-reach';
import type { JobApplication } from '~/shared/jobs';
import { pipelineTexts } from '~/shared/pipeline';
import { paths } from '~/shared/routes';
import { BulkMoveBar } from './bulk-move-bar';
import { COMPARE_MAX, CompareDialog } from './compare-dialog';
import { proposalLabel } from './pipeline-format';
import { StageBadge } from './stage-badge';

interface ApplicationListProps {
  query: ListQueryResult<JobApplication>;
  search: Parameters<typeof DataList>[0]['search'];
  // The selection belongs to one list: another page, stage or search starts a new one.
  selectionScope: string;
  onOpen: (application: JobApplication) => void;
  // The company-wide list names each application's job.
  showJob?: boolean;
  toolbar?: ReactNode;
  empty: Parameters<typeof DataList>[0]['empty'];
  // The job's interview stages (a job's pipeline): an application in Interviewing shows its step.
  interviewStages?: readonly InterviewStage[];
}

// A list of applications (a job's pipeline, or the company's across its jobs): a row per application
// with name, headline, stage, proposed rate, applied date and rating, selection with the bulk moves, and
// server pagination. A name opens the application's drawer.
export function ApplicationList({
  query,
  search,
  selectionScope,
  onOpen,
  showJob = false,
  toolbar,
  empty,
  interviewStages = [],
}: ApplicationListProps) {
  const items = query.data?.items ?? [];
  const selection = useRowSelection(items, selectionScope);
  // Rows are picked to compare them (anyone who reads the pipeline) or to move them together (a role that
  // may move applications).
  const mayMove = useAllowed('update:job_application:own');
  const [isComparing, setIsComparing] = useState(false);
  const selectedCount = selection.selectedIds.length;

  const columns: DataListColumn<JobApplication>[] = [
    selection.column({
      noun: 'applications',
      nameOf: (application: JobApplication) => application.applicant_name,
    }),
    {
      id: 'applicant',
      phone: 'title',
      className: 'md:min-w-48',
      header: 'Applicant',
      cell: (application) => (
        <div className="grid gap-0.5">
          <span className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              onClick={() => onOpen(application)}
              className="text-left font-medium text-foreground underline-offset-4 hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {application.applicant_name}
            </button>
            {application.is_new && <Badge variant="default">New</Badge>}
          </span>
          {application.applicant_headline && (
            <span className="text-xs text-muted-foreground">{application.applicant_headline}</span>
          )}
        </div>
      ),
    },
    ...(showJob
      ? [
          {
            id: 'job',
            phone: 'detail',
            phoneOrder: 5,
            className: 'md:max-w-56',
            header: 'Job',
            cell: (application: JobApplication) => (
              <>
                <PhoneLabel>For</PhoneLabel>
                <Link
                  to={paths.companyJob.getHref({ id: application.job_id })}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {application.job_title}
                </Link>
              </>
            ),
          } satisfies DataListColumn<JobApplication>,
        ]
      : []),
    {
      id: 'stage',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Stage',
      cell: (application) => {
        const step =
          application.status === 'interviewing' && interviewStages.length > 0
            ? interviewStageOf(interviewStages, application.interview_stage_id)
            : null;
        return (
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <StageBadge status={application.status} />
            {step && <span className="text-sm text-muted-foreground">{step.name}</span>}
          </span>
        );
      },
    },
    {
      id: 'rate',
      phone: 'detail',
      phoneOrder: 2,
      className: 'whitespace-nowrap',
      header: 'Proposal',
      cell: (application) => proposalLabel(application),
    },
    {
      id: 'applied',
      phone: 'detail',
      phoneOrder: 3,
      className: 'whitespace-nowrap',
      header: 'Applied',
      cell: (application) => (
        <>
          <PhoneLabel>Applied</PhoneLabel>
          <time dateTime={application.created_at} title={fullDateLabel(application.created_at)}>
            {relativeDateLabel(application.created_at)}
          </time>
          {/* Where they came from, when not the board itself (decision 058). */}
          {application.source !== 'tandem' && (
            <span className="block text-xs text-muted-foreground">
              <span className="sr-only">Source: </span>
              {describeApplicationSource(application.source, application.referrer_name)}
            </span>
          )}
        </>
      ),
    },
    {
      id: 'rating',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Rating',
      cell: (application) => <RatingSummary average={application.average_rating} count={application.rating_count} />,
    },
  ];

  const compareButton = selectedCount > 0 && (
    <Button
      size="sm"
      variant="outline"
      disabled={selectedCount < 2 || selectedCount > COMPARE_MAX}
      title={selectedCount < 2 || selectedCount > COMPARE_MAX ? `Select 2 to ${COMPARE_MAX} to compare` : undefined}
      onClick={() => setIsComparing(true)}
    >
      <ColumnsIcon aria-hidden="true" />
      Compare ({selectedCount})
    </Button>
  );

  return (
    <>
      <DataList
        label="Applications"
        noun="applications"
        query={query}
        columns={columns}
        rowKey={(application) => application.id}
        isRowSelected={selection.isSelected}
        search={search}
        errorTitle="Error loading applications"
        errorText={pipelineTexts.loadError}
        empty={{ ...empty, icon: empty.icon ?? InboxIcon }}
        toolbar={
          (toolbar || selectedCount > 0) && (
            <>
              {toolbar}
              {selectedCount > 0 &&
                (mayMove ? (
                  <BulkMoveBar selectedIds={selection.selectedIds} onDone={selection.clear} extra={compareButton} />
                ) : (
                  <div className="flex justify-end">{compareButton}</div>
                ))}
            </>
          )
        }
      />
      <CompareDialog
        ids={isComparing ? selection.selectedIds : []}
        open={isComparing}
        onOpenChange={setIsComparing}
        onOpen={(id) => {
          const application = items.find((item) => item.id === id);
          if (!application) return;
          setIsComparing(false);
          onOpen(application);
        }}
      />
    </>
  );
}
