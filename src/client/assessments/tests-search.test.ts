import { describe, expect, it } from 'vitest';
import { applySearchPatch } from '~/client/lib/list-search';
import { testsSearch, toTestListQuery } from './tests-search';

const params = (search: string) => new URLSearchParams(search);

describe('the Tests tab’s URL', () => {
  it('reads the test filters under keys of their own', () => {
    expect(
      testsSearch.read(params('test_q=sql&test_type=coding&favorites=true&archived=true&test_page=2&q=react&page=4')),
    ).toEqual({
      q: 'sql',
      type: 'coding',
      favoritesOnly: true,
      showArchived: true,
      sort: null,
      page: 2,
      pageSize: 20,
    });
    expect(testsSearch.read(params('test_type=essay')).type).toBeNull();
    expect(testsSearch.read(params('test_sort=name_asc')).sort).toBe('name_asc');
  });

  it('goes back to its first page when a filter changes, leaving the Job Posts tab’s keys alone', () => {
    expect(applySearchPatch(params('test_page=3&page=2'), testsSearch.change({ favoritesOnly: true })).toString()).toBe(
      'page=2&favorites=true',
    );
    expect(applySearchPatch(params('favorites=true&archived=true&test_q=a&q=b'), testsSearch.clear).toString()).toBe(
      'q=b',
    );
  });

  it('turns the filters into the API’s query', () => {
    expect(toTestListQuery(testsSearch.read(params('favorites=true')))).toStrictEqual({
      q: undefined,
      type: undefined,
      favorites_only: 'true',
      include_archived: undefined,
      sort: undefined,
      page: 1,
      page_size: 20,
    });
  });
});
