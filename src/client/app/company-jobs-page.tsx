import { TestsTab } from '~/client/assessments/tests-tab';
import { JobsAndApplications } from '~/client/jobs/jobs-and-applications';
import type { PageProps } from '~/client/routes';

// The Jobs & Applications page (jobs/) hosts the Tests tab (assessments/): composed here, in app/, which
// may import both features, so neither feature imports the other.
export default function CompanyJobsPage(props: PageProps) {
  return <JobsAndApplications {...props} testsTab={<TestsTab />} />;
}
