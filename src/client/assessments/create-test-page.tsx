import { useNavigate } from 'react-router';
import { PortalPage } from '~/client/components/portal-page';
import type { PageProps } from '~/client/routes';
import { companyJobsTabHref, paths } from '~/shared/routes';
import { TestBuilder } from './test-builder';

// Create Test (docs/spec/portal-and-public-site.md §2): the builder. Creating or saving a draft leads to the
// jobs page's Tests tab, where the new test now heads the list; cancelling leads back to the jobs page.
export default function CreateTestPage({ pageId }: PageProps) {
  const navigate = useNavigate();
  const { title } = paths[pageId];

  return (
    <PortalPage
      title={title}
      back={{ to: paths.companyJobs.getHref(), label: 'Back to Jobs' }}
      description="Build a skills test for your job posts: set the rules, then add questions of any of the twelve types."
    >
      <TestBuilder onSaved={() => navigate(companyJobsTabHref('tests'))} />
    </PortalPage>
  );
}
