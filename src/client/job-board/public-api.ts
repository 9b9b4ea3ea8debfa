import { callApi } from '~/client/lib/api-client';
import type { jobBoardContract } from '~/shared/contracts/job-board';
import type { JobBoardQuery } from '~/shared/job-board';

// The public job pages' two reads, named by what callApi reads of an endpoint (its method and path), which
// the compiler checks against the contract: the contract itself carries its zod schemas, 42 KB of
// JavaScript the public pages have no room for (decision 005), and a job page reads its viewer as soon as
// it hydrates.
type PublicJobs = typeof jobBoardContract.publicJobs;
type PublicJob = typeof jobBoardContract.publicJob;
const publicJobs = { method: 'GET', path: '/api/public/jobs' } satisfies Pick<PublicJobs, 'method' | 'path'>;
const publicJob = { method: 'GET', path: '/api/public/jobs/:id' } satisfies Pick<PublicJob, 'method' | 'path'>;

export const fetchPublicJobs = (query: JobBoardQuery) => callApi(publicJobs as PublicJobs, { query });

export const fetchPublicJob = (id: string) => callApi(publicJob as PublicJob, { params: { id } });
