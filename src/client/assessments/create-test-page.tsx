import { useNavigate } from 'react-router';
import { BackLink } from '~/client/components/back-link';
import { PageMeta } from '~/client/components/page-meta';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { TestBuilder } from './test-builder';

// Create Test (spec §2): the builder; creating, saving a draft and cancelling all lead back to the jobs page.
export default function CreateTestPage({ pageId }: PageProps) {
  const navigate = useNavigate();
  const { title } = paths[pageId];
  const jobsHref = paths.companyJobs.getHref();

  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6">
      <PageMeta title={title} />
      <div className="grid gap-3">
        <BackLink to={jobsHref}>Back to Jobs</BackLink>
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-sm text-muted-foreground">
            Build a skills test for your job posts: set the rules, then add questions of any of the twelve types.
          </p>
        </div>
      </div>
      <TestBuilder onSaved={() => navigate(jobsHref)} />
    </div>
  );
}
