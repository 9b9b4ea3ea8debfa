import { defineListSearch, type SearchParam, searchParam, useListSearch } from '~/client/lib/list-search';
import { applicationStatuses } from '~/shared/application-statuses';
import { applicationTestStates } from '~/shared/jobs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A record's id in the URL, or '' when the value could not name one (so it is never sent).
const idParam = (key: string): SearchParam<string> => ({
  key,
  read: (params) => {
    const value = params.get(key) ?? '';
    return UUID.test(value) ? value : '';
  },
  write: (value) => value || null,
});

export const ratingChoices = ['1', '2', '3', '4', '5'] as const;

// The URL of a job's pipeline (?q=ada&rating=4&test=passed&stage=interviewing&page=2); the board reads the
// same search and filters, each column its own stage.
export const jobPipelineSearch = defineListSearch({
  filters: {
    stage: searchParam.oneOf('stage', applicationStatuses),
    rating: searchParam.oneOf('rating', ratingChoices),
    test: searchParam.oneOf('test', applicationTestStates),
  },
});

export const useJobPipelineSearch = () => useListSearch(jobPipelineSearch);
export type JobPipelineSearch = ReturnType<typeof useJobPipelineSearch>;

// List or Board (?view=board), apart from the filters: clearing them keeps the view.
export const pipelineViews = ['list', 'board'] as const;
export type PipelineView = (typeof pipelineViews)[number];
export const viewParam = searchParam.oneOf('view', ['board'] as const);

// The URL of the company-wide list (?q=ada&job=…&stage=offered&page=2).
export const companyApplicationsSearch = defineListSearch({
  filters: { stage: searchParam.oneOf('stage', applicationStatuses), job: idParam('job') },
});

// The application open in the drawer (?application=…), on either page.
export const drawerParam = idParam('application');
