import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '~/client/auth/api';
import CreateJobPage from '~/client/jobs/create-job-page';
import type { PageProps } from '~/client/routes';

// A new job post takes its budget in the company's billing currency, which the signed-in user carries
// (auth/): composed here so the jobs feature does not import auth.
export default function CompanyCreateJobPage(props: PageProps) {
  const { data } = useQuery(currentUserQueryOptions());
  return <CreateJobPage {...props} currency={data?.user?.company?.currency ?? 'USD'} />;
}
