import { Link, useParams } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
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
    <>
      <PageMeta title={job ? `${title}: ${job.title}` : title} />
      <div className="mb-6 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {job && <p className="text-sm break-words text-muted-foreground">Editing “{job.title}”.</p>}
      </div>
      {isNotFound ? (
        <JobNotFound />
      ) : query.isError ? (
        <JobLoadError error={query.error} onRetry={() => query.refetch()} />
      ) : !job ? (
        <JobLoading label="Loading job" />
      ) : job.status === 'archived' ? (
        <Alert className="max-w-3xl">
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
    </>
  );
}
