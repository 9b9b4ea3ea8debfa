import { defineListSearch, type SearchParam, searchParam } from '~/client/lib/list-search';
import { applicationStatuses } from '~/shared/applications';

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

// The URL of a job's pipeline (?stage=interviewing&page=2).
export const jobPipelineSearch = defineListSearch({
  filters: { stage: searchParam.oneOf('stage', applicationStatuses) },
});

// The URL of the company-wide list (?q=ada&job=…&stage=offered&page=2).
export const companyApplicationsSearch = defineListSearch({
  filters: { stage: searchParam.oneOf('stage', applicationStatuses), job: idParam('job') },
});

// The application open in the drawer (?application=…), on either page.
export const drawerParam = idParam('application');
