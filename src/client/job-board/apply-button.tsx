import { CheckIcon } from 'lucide-react';
import { Button } from '~/client/components/ui/button';
import type { JobListing } from '~/shared/job-board';
import { canApplyTo, jobBoardTexts } from '~/shared/job-board-texts';

// Apply Now, which becomes Applied (disabled) once the applicant has applied
// (docs/spec/portal-and-public-site.md §4). A job that no longer takes applications says so instead.
export function ApplyButton({
  job,
  onApply,
  className,
}: {
  job: Pick<JobListing, 'title' | 'status' | 'application'>;
  onApply: () => void;
  className?: string;
}) {
  if (job.application) {
    return (
      <Button variant="secondary" disabled className={className} aria-label={`Applied to ${job.title}`}>
        <CheckIcon aria-hidden="true" />
        {jobBoardTexts.applied}
      </Button>
    );
  }
  if (!canApplyTo(job)) {
    return (
      <Button variant="secondary" disabled className={className}>
        Not taking applications
      </Button>
    );
  }
  return (
    <Button className={className} onClick={onApply} aria-label={`${jobBoardTexts.applyNow}: ${job.title}`}>
      {jobBoardTexts.applyNow}
    </Button>
  );
}
