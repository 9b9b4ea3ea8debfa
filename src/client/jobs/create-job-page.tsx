import { PageMeta } from '~/client/components/page-meta';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { JobForm } from './job-form';

// /company/create-job: a new job post, published at once or kept as a draft (spec §2).
export default function CreateJobPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  return (
    <>
      <PageMeta title={title} />
      <div className="mb-6 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Describe the role, set the budget and choose what applicants must show. Publish it now or save a draft.
        </p>
      </div>
      <JobForm />
    </>
  );
}
