import { useQuery } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { SectionEmpty } from '~/client/components/dashboard-section';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { DialogContent } from '~/client/components/ui/dialog';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { relativeDateLabel } from '~/client/lib/relative-date';
import { useStepBackPastEnd } from '~/client/lib/use-step-back-past-end';
import {
  type AbuseReport,
  type AbuseReportDecision,
  abuseReportTargetLabels,
  abuseReportTexts,
} from '~/shared/admin-dashboard';
import { abuseReportsQueryOptions, useSettleReport } from './api';

const PAGE_SIZE = 10;
const LOAD_FAILED = 'Failed to load the abuse reports. Please try again.';
const SETTLE_FAILED = 'The report could not be updated. Please try again.';

// The open abuse reports, opened from the dashboard's Abuse Reports card: what was reported, why and by
// whom; the administrator resolves (acted on it) or dismisses (nothing wrong) each one.
export function AbuseReportsDialog() {
  const [page, setPage] = useState(1);
  const reports = useQuery(abuseReportsQueryOptions({ status: 'open', page, page_size: PAGE_SIZE }));
  const settle = useSettleReport();
  // Settling the last report of the last page leaves it empty.
  const isPastEnd = useStepBackPastEnd(reports, page, PAGE_SIZE, setPage);

  const decide = (report: AbuseReport, decision: AbuseReportDecision) =>
    settle.mutate(
      { id: report.id, decision },
      {
        onSuccess: () =>
          toast({
            title:
              decision === 'dismiss'
                ? abuseReportTexts.dismissed
                : report.target_type === 'review'
                  ? abuseReportTexts.reviewHidden
                  : abuseReportTexts.resolved,
            description: `The report about “${report.target_label}” is closed.`,
          }),
        onError: (error) =>
          toast({ title: 'Update failed', description: errorMessage(error, SETTLE_FAILED), variant: 'destructive' }),
      },
    );

  let body: React.ReactNode;
  if (reports.isPending) {
    body = (
      <div className="grid gap-3" role="status">
        <span className="sr-only">Loading the abuse reports</span>
        {[1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-24" />
        ))}
      </div>
    );
  } else if (reports.isError) {
    body = (
      <Alert variant="destructive" className="items-center justify-between">
        <p>{errorMessage(reports.error, LOAD_FAILED)}</p>
        <Button variant="outline" size="sm" onClick={() => reports.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  } else if (reports.data.items.length === 0 && !isPastEnd) {
    body = (
      <SectionEmpty
        icon={ShieldCheckIcon}
        title="No open reports"
        description="Reports of profiles, jobs, messages and reviews appear here."
      />
    );
  } else {
    body = (
      <>
        <ul className="grid gap-3" aria-label="Open abuse reports">
          {reports.data.items.map((report) => (
            <li key={report.id} className="grid gap-2 rounded-md border border-border p-3">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="warning">{abuseReportTargetLabels[report.target_type]}</Badge>
                <p className="min-w-0 font-medium break-words">{report.target_label}</p>
              </div>
              <p className="text-sm break-words whitespace-pre-line">{report.reason}</p>
              <p className="text-xs text-muted-foreground">
                Reported by {report.reporter_name} ({report.reporter_email}) · {relativeDateLabel(report.created_at)}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  disabled={settle.isPending}
                  onClick={() => decide(report, 'resolve')}
                  aria-label={`${report.target_type === 'review' ? 'Hide the review' : 'Resolve the report'} about ${report.target_label}`}
                >
                  {/* Resolving a review's report hides the review: it stops showing and counting. */}
                  {report.target_type === 'review' ? 'Hide Review' : 'Resolve'}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={settle.isPending}
                  onClick={() => decide(report, 'dismiss')}
                  aria-label={`Dismiss the report about ${report.target_label}`}
                >
                  Dismiss
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <Pagination
          page={page}
          pageSize={PAGE_SIZE}
          total={reports.data.total}
          onPageChange={setPage}
          noun="open reports"
        />
      </>
    );
  }

  return (
    <DialogContent
      title="Abuse Reports"
      description="Open reports of profiles, jobs, messages and reviews, newest first."
      className="max-w-2xl"
    >
      {body}
    </DialogContent>
  );
}
