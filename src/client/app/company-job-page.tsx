import { useMarkApplicationsSeen } from '~/client/jobs/api';
import { JobDetailPage } from '~/client/jobs/job-detail-page';
import { useAllowed } from '~/client/lib/allowed';
import { PipelineBoard } from '~/client/pipeline/pipeline-board';
import type { PageProps } from '~/client/routes';
import type { Job } from '~/shared/jobs';

// The job detail page (jobs/) with the job's hiring pipeline (pipeline/): composed here, in app/, which
// may import both features, so neither imports the other.
export default function CompanyJobPage(props: PageProps) {
  return <JobDetailPage {...props} applications={(job) => <JobPipeline key={job.id} job={job} />} />;
}

// Opening the pipeline resets the job's "new applications" badge on the jobs list, for the roles that
// may change the job (the badge is the company's; a Viewer's look leaves it).
function JobPipeline({ job }: { job: Job }) {
  const { mutate: markSeen } = useMarkApplicationsSeen();
  const mayMarkSeen = useAllowed('update:job:own');
  return <PipelineBoard job={job} onShown={mayMarkSeen ? () => markSeen(job.id) : undefined} />;
}
