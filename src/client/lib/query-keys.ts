import type { TestListQuery } from '~/shared/assessments';
import type { JobApplicationListQuery, JobListQuery } from '~/shared/jobs';

// Every TanStack Query key of the portal, in one place: a feature invalidates another's data through
// these keys instead of importing that feature's api.ts (features stay apart, see biome.json).
// Each group nests under its first element, so invalidating `jobs.all` refreshes every job query.

const jobsAll = ['jobs'] as const;
const testsAll = ['tests'] as const;

export const queryKeys = {
  jobs: {
    all: jobsAll,
    lists: () => [...jobsAll, 'list'] as const,
    list: (query: JobListQuery) => [...jobsAll, 'list', query] as const,
    detail: (id: string) => [...jobsAll, 'detail', id] as const,
    summary: () => [...jobsAll, 'summary'] as const,
    tags: () => [...jobsAll, 'tags'] as const,
    analytics: () => [...jobsAll, 'analytics'] as const,
    applications: (id: string, query: JobApplicationListQuery) => [...jobsAll, 'applications', id, query] as const,
    companyApplications: (query: JobApplicationListQuery) => [...jobsAll, 'company-applications', query] as const,
  },
  tests: {
    all: testsAll,
    lists: () => [...testsAll, 'list'] as const,
    list: (query: TestListQuery) => [...testsAll, 'list', query] as const,
    detail: (id: string) => [...testsAll, 'detail', id] as const,
  },
};
