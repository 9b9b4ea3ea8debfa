import { describe, expect, it } from 'vitest';
import { applySearchPatch, defineListSearch, searchParam } from './list-search';

const params = (search: string) => new URLSearchParams(search);

const colors = ['red', 'green', 'blue'] as const;
const sorts = ['name_asc', 'newest'] as const;

// A list as a feature would declare it: every kind of filter, two page sizes and two orders.
const search = defineListSearch({
  pageSizes: [10, 50],
  sorts,
  filters: {
    colors: searchParam.list('colors', colors),
    labels: searchParam.list('labels'),
    shape: searchParam.oneOf('shape', ['round', 'square'] as const),
    isStarred: searchParam.flag('starred'),
    since: searchParam.day('since'),
  },
});

describe('defineListSearch', () => {
  it('reads an empty URL as the first page of everything, in the server’s order', () => {
    expect(search.read(params(''))).toEqual({
      q: '',
      colors: [],
      labels: [],
      shape: null,
      isStarred: false,
      since: null,
      sort: null,
      page: 1,
      pageSize: 10,
    });
  });

  it('reads every kind of value, each list value once, and drops what it does not know', () => {
    expect(
      search.read(
        params('q=%20tea%20&colors=red,pink,red,%20blue&labels=a,,b&shape=round&starred=true&since=2026-02-03'),
      ),
    ).toMatchObject({
      q: 'tea',
      colors: ['red', 'blue'],
      labels: ['a', 'b'],
      shape: 'round',
      isStarred: true,
      since: '2026-02-03',
    });
    expect(search.read(params('shape=oval&starred=yes&since=3%20Feb'))).toMatchObject({
      shape: null,
      isStarred: false,
      since: null,
    });
  });

  it('reads only the page sizes and orders it offers, and whole pages from 1', () => {
    expect(search.read(params('page_size=50&sort=newest&page=2'))).toMatchObject({
      pageSize: 50,
      sort: 'newest',
      page: 2,
    });
    for (const query of ['page_size=51', 'page_size=abc', 'page_size=0']) {
      expect(search.read(params(query)).pageSize).toBe(10);
    }
    expect(search.read(params('sort=oldest')).sort).toBeNull();
    for (const query of ['page=0', 'page=-1', 'page=2.5', 'page=two', 'page=']) {
      expect(search.read(params(query)).page).toBe(1);
    }
  });

  it('writes a change as a patch that goes back to the first page and leaves defaults out', () => {
    expect(
      search.change({ q: ' tea ', colors: ['red', 'green'], isStarred: true, shape: null, sort: 'name_asc' }),
    ).toEqual({ page: null, q: 'tea', colors: 'red,green', starred: 'true', shape: null, sort: 'name_asc' });
    expect(search.change({ pageSize: 10 })).toEqual({ page: null, page_size: null });
    expect(search.change({ pageSize: 50, labels: [] })).toEqual({ page: null, page_size: '50', labels: null });
    expect(search.page(3)).toEqual({ page: '3' });
    expect(search.page(1)).toEqual({ page: null });
  });

  it('round-trips its state through the URL', () => {
    const state = {
      q: 'tea',
      colors: ['green' as const],
      labels: ['x'],
      shape: 'square' as const,
      isStarred: true,
      since: '2026-01-31',
      sort: 'newest' as const,
      pageSize: 50,
    };
    const url = applySearchPatch(params(''), search.change(state));
    expect(search.read(url)).toEqual({ ...state, page: 1 });
  });

  it('clears the search and the filters but keeps the order, the page size and other keys', () => {
    const url = params(
      'tab=x&q=tea&colors=red&labels=a&shape=round&starred=true&since=2026-01-01&page=4&sort=newest&page_size=50',
    );
    const cleared = applySearchPatch(url, search.clear);
    expect(cleared.toString()).toBe('tab=x&sort=newest&page_size=50');
    expect(search.isFiltered(search.read(cleared))).toBe(false);
  });

  it('counts the search and the filters as narrowing the list, not the page, order or size', () => {
    expect(search.isFiltered(search.read(params('page=2&sort=newest&page_size=50')))).toBe(false);
    for (const query of ['q=a', 'colors=red', 'labels=x', 'shape=round', 'starred=true', 'since=2026-01-01']) {
      expect(search.isFiltered(search.read(params(query))), query).toBe(true);
    }
  });

  it('uses its own key names, so two lists can share one URL', () => {
    const second = defineListSearch({
      keys: { q: 'b_q', page: 'b_page', pageSize: 'b_size', sort: 'b_sort' },
      sorts,
      filters: { isStarred: searchParam.flag('b_starred') },
    });
    const url = params('q=first&page=3&b_q=second&b_page=2&b_sort=newest');
    expect(second.read(url)).toMatchObject({ q: 'second', page: 2, sort: 'newest', pageSize: 20 });
    expect(search.read(url)).toMatchObject({ q: 'first', page: 3 });
    expect(applySearchPatch(url, second.clear).toString()).toBe('q=first&page=3&b_sort=newest');
  });
});

describe('applySearchPatch', () => {
  it('sets, replaces and removes keys, leaving the others as they were', () => {
    expect(applySearchPatch(params('a=1&b=2&c=3'), { a: '9', b: null, c: '', d: 'new' }).toString()).toBe('a=9&d=new');
  });
});
