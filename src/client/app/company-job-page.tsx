import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '~/client/auth/api';
import { useMarkApplicationsSeen } from '~/client/jobs/api';
import { JobDetailPage } from '~/client/jobs/job-detail-page';
import { PipelineBoard } from '~/client/pipeline/pipeline-board';
import type { PageProps } from '~/client/routes';
import { principalOfUser } from '~/shared/auth';
import type { Job } from '~/shared/jobs';
import { can } from '~/shared/permissions';

// The job detail page (jobs/) with the job's hiring pipeline (pipeline/): composed here, in app/, which
// may import both features, so neither imports the other.
export default function CompanyJobPage(props: PageProps) {
  return <JobDetailPage {...props} applications={(job) => <JobPipeline key={job.id} job={job} />} />;
}

// Opening the pipeline resets the job's "new applications" badge on the jobs list. What the member's role
// allows decides whether the board's cards move and whether candidates can be written to (the server
// refuses the rest anyway).
function JobPipeline({ job }: { job: Job }) {
  const { mutate: markSeen } = useMarkApplicationsSeen();
  const user = useQuery(currentUserQueryOptions()).data?.user;
  const principal = user ? principalOfUser(user) : null;
  return (
    <PipelineBoard
      job={job}
      onShown={() => markSeen(job.id)}
      companyName={user?.company?.name ?? job.company_name}
      permissions={{
        canMove: principal ? can(principal, 'update:job_application:own') : false,
        canMessage: principal ? can(principal, 'create:conversation:own') : false,
      }}
    />
  );
}
