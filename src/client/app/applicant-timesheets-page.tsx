import { PageMeta } from '~/client/components/page-meta';
import type { PageProps } from '~/client/routes';
import { ApplicantTimesheets } from '~/client/timesheets';
import { paths } from '~/shared/routes';

// /applicant/timesheets: the talent's weekly timesheets and clock, from the timesheets feature.
export default function ApplicantTimesheetsPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  return (
    <>
      <PageMeta title={title} />
      <div className="grid gap-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-sm text-muted-foreground">
            Log your hours day by day or clock in and out, then submit each week for approval.
          </p>
        </div>
        <ApplicantTimesheets />
      </div>
    </>
  );
}
