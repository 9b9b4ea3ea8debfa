import { useQuery } from '@tanstack/react-query';
import { JobAgreementsSection } from '~/client/agreements';
import { currentUserQueryOptions } from '~/client/auth/api';
import { HiringTeamSection } from '~/client/hiring-team/hiring-team-section';
import { useMarkApplicationsSeen } from '~/client/jobs/api';
import { JobDetailPage } from '~/client/jobs/job-detail-page';
import { useAllowed } from '~/client/lib/allowed';
import { PipelineBoard } from '~/client/pipeline/pipeline-board';
import type { PageProps } from '~/client/routes';
import type { Job } from '~/shared/jobs';

// The job detail page (jobs/) with the job's hiring team (hiring-team/) and pipeline (pipeline/): composed
// here, in app/, which may import them all, so none imports another.
export default function CompanyJobPage(props: PageProps) {
  // The server decides; the client only hides what it would refuse.
  const canEditTeam = useAllowed('update:job:own');
  const mayReadAgreements = useAllowed('read:agreement_template:own');
  const mayEditAgreements = useAllowed('update:agreement:own');
  return (
    <JobDetailPage
      {...props}
      applications={(job) => (
        <>
          <HiringTeamSection key={`team-${job.id}`} jobId={job.id} canEdit={canEditTeam} />
          {mayReadAgreements && (
            <JobAgreementsSection key={`agreements-${job.id}`} jobId={job.id} canEdit={mayEditAgreements} />
          )}
          <JobPipeline key={job.id} job={job} />
        </>
      )}
    />
  );
}

// Opening the pipeline resets the job's "new applications" badge on the jobs list, for the roles that may
// change the job (the badge is the company's; a Viewer's look leaves it).
function JobPipeline({ job }: { job: Job }) {
  const { mutate: markSeen } = useMarkApplicationsSeen();
  const mayMarkSeen = useAllowed('update:job:own');
  const companyName = useQuery(currentUserQueryOptions()).data?.user?.company?.name;
  return (
    <PipelineBoard
      job={job}
      onShown={mayMarkSeen ? () => markSeen(job.id) : undefined}
      companyName={companyName ?? job.company_name}
    />
  );
}
