import { describe, expect, it } from 'vitest';
import { applySearchPatch } from '~/client/lib/list-search';
import { jobPostsSearch, readTab, toJobListQuery } from './jobs-page-search';

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
      jobPostsSearch.read(
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
      sort: null,
      page: 3,
      pageSize: 20,
    });
    expect(jobPostsSearch.read(params('page=-2')).page).toBe(1);
    expect(jobPostsSearch.read(params('page=1.5')).page).toBe(1);
    expect(jobPostsSearch.read(params('sort=title_asc&page_size=50'))).toMatchObject({
      sort: 'title_asc',
      pageSize: 50,
    });
    expect(jobPostsSearch.read(params('sort=salary&page_size=7'))).toMatchObject({ sort: null, pageSize: 20 });
  });

  it('goes back to the first page when a filter changes, and keeps the other tab’s settings', () => {
    const next = applySearchPatch(
      params('tab=job-posts&page=4&test_q=sql'),
      jobPostsSearch.change({ status: ['paused'] }),
    );
    expect(next.toString()).toBe('tab=job-posts&test_q=sql&status=paused');
    expect(applySearchPatch(next, jobPostsSearch.page(2)).get('page')).toBe('2');
    expect(applySearchPatch(next, jobPostsSearch.page(1)).has('page')).toBe(false);
  });

  it('clears every job filter at once', () => {
    const cleared = applySearchPatch(
      params('tab=job-posts&q=a&status=open&tags=X&launched_from=2026-01-01&launched_to=2026-01-02&page=2'),
      jobPostsSearch.clear,
    );
    expect(cleared.toString()).toBe('tab=job-posts');
    expect(jobPostsSearch.isFiltered(jobPostsSearch.read(cleared))).toBe(false);
    expect(jobPostsSearch.isFiltered(jobPostsSearch.read(params('page=2')))).toBe(false);
    expect(jobPostsSearch.isFiltered(jobPostsSearch.read(params('tags=React')))).toBe(true);
  });

  it('turns the filters into the API’s query', () => {
    expect(toJobListQuery(jobPostsSearch.read(params('status=open,paused&tags=React&page=2')))).toStrictEqual({
      q: undefined,
      status: 'open,paused',
      tags: 'React',
      launched_from: undefined,
      launched_to: undefined,
      sort: undefined,
      page: 2,
      page_size: 20,
    });
    expect(toJobListQuery(jobPostsSearch.read(params('sort=applications_desc&page_size=100')))).toMatchObject({
      sort: 'applications_desc',
      page_size: 100,
    });
  });
});
