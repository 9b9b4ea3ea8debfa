import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RatingSummary } from '~/client/components/rating-stars';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import type { ApplicationDetail } from '~/shared/pipeline';
import { availabilityLabels, experienceLevelLabels, regionLabels } from '~/shared/talent-texts';
import { applicationQueryOptions } from './api';
import { dayLabel, hourlyRate, proposalLabel } from './pipeline-format';
import { StageBadge } from './stage-badge';

// Up to four side by side: a table wider than that is read one column at a time anyway.
export const COMPARE_MAX = 4;
const COVER_LETTER_EXCERPT = 280;

const excerpt = (text: string) =>
  text.length > COVER_LETTER_EXCERPT ? `${text.slice(0, COVER_LETTER_EXCERPT).trimEnd()}…` : text;

// What each row shows of one application; null rows read "Not given".
const rows: Array<{ label: string; cell: (application: ApplicationDetail) => ReactNode }> = [
  { label: 'Stage', cell: (application) => <StageBadge status={application.status} /> },
  { label: 'Proposal', cell: (application) => proposalLabel(application) },
  {
    label: 'Profile rate',
    cell: (application) =>
      application.applicant.hourly_rate === null ? null : hourlyRate(application.applicant.hourly_rate),
  },
  {
    label: 'Team rating',
    cell: (application) => <RatingSummary average={application.rating.average} count={application.rating.count} />,
  },
  {
    label: 'Tests',
    cell: (application) =>
      application.test_results.length === 0 ? null : (
        <ul className="grid gap-0.5">
          {application.test_results.map((result) => (
            <li key={result.test_id}>
              {result.test_name}: {testOutcome(result.attempt)}
            </li>
          ))}
        </ul>
      ),
  },
  {
    label: 'Experience',
    cell: (application) =>
      application.applicant.experience_level && experienceLevelLabels[application.applicant.experience_level],
  },
  {
    label: 'Availability',
    cell: (application) => application.applicant.availability && availabilityLabels[application.applicant.availability],
  },
  {
    label: 'Location',
    cell: (application) =>
      [application.applicant.location, application.applicant.region && regionLabels[application.applicant.region]]
        .filter(Boolean)
        .join(' · ') || null,
  },
  { label: 'Skills', cell: (application) => application.applicant.skills.join(', ') || null },
  { label: 'Applied', cell: (application) => dayLabel(application.created_at) },
  { label: 'Cover letter', cell: (application) => excerpt(application.cover_letter) || null },
];

function testOutcome(attempt: ApplicationDetail['test_results'][number]['attempt']): string {
  if (!attempt) return 'Not assigned';
  if (attempt.status !== 'submitted' && attempt.status !== 'graded') return 'Not taken yet';
  if (attempt.pending_reviews > 0 || attempt.score === null) return 'Waiting for grading';
  return `${attempt.score}%${attempt.passed === null ? '' : attempt.passed ? ', passed' : ', not passed'}`;
}

// The selected applications side by side, each loaded as its drawer loads it: stage, proposal, ratings, tests,
// profile and the start of the cover letter. A column that cannot load says so and offers to try again.
export function CompareDialog({
  ids,
  open,
  onOpenChange,
  onOpen,
}: {
  ids: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  // Opens one application's drawer, from its column's name.
  onOpen: (id: string) => void;
}) {
  const details = useQueries({
    queries: ids.map((id) => ({ ...applicationQueryOptions(id), enabled: open })),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Compare ${ids.length} candidates`}
        description="Side by side, as each application stands now."
        className="sm:max-w-5xl"
      >
        <div className="-mx-6 overflow-x-auto px-6">
          <table className="w-full min-w-[36rem] border-collapse text-sm">
            <caption className="sr-only">The selected candidates, one column each</caption>
            <thead>
              <tr>
                <td className="w-32" />
                {details.map((detail, index) => (
                  <th key={ids[index]} scope="col" className="border-b border-border px-3 py-2 text-left align-bottom">
                    {detail.data ? (
                      <button
                        type="button"
                        className="text-left font-semibold text-foreground underline-offset-4 hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                        onClick={() => onOpen(detail.data.id)}
                      >
                        {detail.data.applicant.name}
                      </button>
                    ) : detail.isError ? (
                      <span className="font-normal text-destructive">Not loaded</span>
                    ) : (
                      <Skeleton className="h-5 w-32" />
                    )}
                    {detail.data?.applicant.headline && (
                      <span className="block text-xs font-normal text-muted-foreground">
                        {detail.data.applicant.headline}
                      </span>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className="border-b border-border align-top">
                  <th scope="row" className="py-2 pr-3 text-left font-medium text-muted-foreground">
                    {row.label}
                  </th>
                  {details.map((detail, index) => (
                    <td key={ids[index]} className="px-3 py-2 break-words">
                      {detail.data ? (
                        (row.cell(detail.data) ?? <span className="text-muted-foreground">Not given</span>)
                      ) : detail.isError ? (
                        row.label === 'Stage' ? (
                          <span className="grid justify-items-start gap-1">
                            <span className="text-destructive">
                              {errorMessage(detail.error, 'This application could not be loaded.')}
                            </span>
                            <Button size="sm" variant="outline" onClick={() => detail.refetch()}>
                              Try Again
                            </Button>
                          </span>
                        ) : null
                      ) : (
                        <Skeleton className="h-4 w-24" />
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </DialogContent>
    </Dialog>
  );
}
