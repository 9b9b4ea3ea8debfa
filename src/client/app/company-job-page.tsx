import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '~/client/auth/api';
import { HiringTeamSection } from '~/client/hiring-team/hiring-team-section';
import { useMarkApplicationsSeen } from '~/client/jobs/api';
import { JobDetailPage } from '~/client/jobs/job-detail-page';
import { PipelineBoard } from '~/client/pipeline/pipeline-board';
import type { PageProps } from '~/client/routes';
import { principalOfUser } from '~/shared/auth';
import type { Job } from '~/shared/jobs';
import { can } from '~/shared/permissions';

// The job detail page (jobs/) with the job's hiring team (hiring-team/) and pipeline (pipeline/): composed
// here, in app/, which may import them all, so none imports another.
export default function CompanyJobPage(props: PageProps) {
  const me = useQuery(currentUserQueryOptions());
  const user = me.data?.user;
  // The server decides; the client only hides what it would refuse.
  const canEditTeam = user ? can(principalOfUser(user), 'update:job:own') : false;
  return (
    <JobDetailPage
      {...props}
      applications={(job) => (
        <>
          <HiringTeamSection key={`team-${job.id}`} jobId={job.id} canEdit={canEditTeam} />
          <JobPipeline key={job.id} job={job} />
        </>
      )}
    />
  );
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
