import { Link, useParams } from 'react-router';
import { PortalPage } from '~/client/components/portal-page';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { JobForm } from './job-form';
import { JobLoadError, JobLoading, JobNotFound, useJobOfPage } from './job-page-states';

// /company/jobs/:id/edit: the Create Job form, filled with the job, saving with PUT.
export default function EditJobPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const { id } = useParams();
  const { query, isNotFound } = useJobOfPage(id);
  const job = query.data;

  return (
    <PortalPage
      title={title}
      documentTitle={job ? `${title}: ${job.title}` : title}
      description={job && `Editing “${job.title}”.`}
    >
      {isNotFound ? (
        <JobNotFound />
      ) : query.isError ? (
        <JobLoadError error={query.error} onRetry={() => query.refetch()} />
      ) : !job ? (
        <JobLoading label="Loading job" />
      ) : job.status === 'archived' ? (
        <Alert>
          <div className="space-y-2">
            <p>An archived job cannot be edited.</p>
            <Button asChild size="sm" variant="outline">
              <Link to={paths.companyJob.getHref({ id: job.id })}>Back to the job</Link>
            </Button>
          </div>
        </Alert>
      ) : (
        // Keyed by the job, so a refetch after saving elsewhere refills the form.
        <JobForm key={`${job.id}-${job.updated_at}`} job={job} />
      )}
    </PortalPage>
  );
}
