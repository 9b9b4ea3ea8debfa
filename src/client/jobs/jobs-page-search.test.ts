import { describe, expect, it } from 'vitest';
import {
  applySearchPatch,
  clearedJobFilters,
  hasJobFilters,
  jobFilterPatch,
  pagePatch,
  readJobFilters,
  readTab,
  readTestFilters,
  testFilterPatch,
  toJobListQuery,
  toTestListQuery,
} from './jobs-page-search';

const params = (search: string) => new URLSearchParams(search);

describe('the Jobs & Applications URL', () => {
  it('reads the tab, Job Posts by default and for anything unknown', () => {
    expect(readTab(params(''))).toBe('job-posts');
    expect(readTab(params('tab=tests'))).toBe('tests');
    expect(readTab(params('tab=analytics'))).toBe('analytics');
    expect(readTab(params('tab=nope'))).toBe('job-posts');
  });

  it('reads the job filters and drops values the server would refuse', () => {
    expect(
      readJobFilters(
        params(
          'q=%20react%20&status=open,bogus,paused,open&tags=React,Design&launched_from=2026-01-01&launched_to=soon&page=3',
        ),
      ),
    ).toEqual({
      q: 'react',
      status: ['open', 'paused'],
      tags: ['React', 'Design'],
      launchedFrom: '2026-01-01',
      launchedTo: null,
      page: 3,
    });
    expect(readJobFilters(params('page=-2')).page).toBe(1);
    expect(readJobFilters(params('page=1.5')).page).toBe(1);
  });

  it('reads the test filters', () => {
    expect(readTestFilters(params('test_q=sql&test_type=coding&favorites=true&archived=true&test_page=2'))).toEqual({
      q: 'sql',
      type: 'coding',
      favoritesOnly: true,
      showArchived: true,
      page: 2,
    });
    expect(readTestFilters(params('test_type=essay')).type).toBeNull();
  });

  it('goes back to the first page when a filter changes, and keeps the other tab’s settings', () => {
    const next = applySearchPatch(params('tab=job-posts&page=4&test_q=sql'), jobFilterPatch({ status: ['paused'] }));
    expect(next.toString()).toBe('tab=job-posts&test_q=sql&status=paused');
    expect(applySearchPatch(next, pagePatch('page', 2)).get('page')).toBe('2');
    expect(applySearchPatch(next, pagePatch('page', 1)).has('page')).toBe(false);
    expect(applySearchPatch(params('test_page=3'), testFilterPatch({ favoritesOnly: true })).toString()).toBe(
      'favorites=true',
    );
  });

  it('clears every job filter at once', () => {
    const cleared = applySearchPatch(
      params('tab=job-posts&q=a&status=open&tags=X&launched_from=2026-01-01&launched_to=2026-01-02&page=2'),
      clearedJobFilters,
    );
    expect(cleared.toString()).toBe('tab=job-posts');
    expect(hasJobFilters(readJobFilters(cleared))).toBe(false);
    expect(hasJobFilters(readJobFilters(params('page=2')))).toBe(false);
    expect(hasJobFilters(readJobFilters(params('tags=React')))).toBe(true);
  });

  it('turns the filters into the API’s queries', () => {
    expect(toJobListQuery(readJobFilters(params('status=open,paused&tags=React&page=2')))).toEqual({
      q: undefined,
      status: 'open,paused',
      tags: 'React',
      launched_from: undefined,
      launched_to: undefined,
      page: 2,
      page_size: 20,
    });
    expect(toTestListQuery(readTestFilters(params('favorites=true')))).toEqual({
      q: undefined,
      type: undefined,
      favorites_only: 'true',
      include_archived: undefined,
      page: 1,
      page_size: 20,
    });
  });
});
