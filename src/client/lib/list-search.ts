import { useCallback, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

// A list's state kept in its URL (?q=react&status=open,paused&sort=title_asc&page=2), so a reload, a
// shared link and the Back button land on the same list. Reading forgives: a value the server would
// refuse (an unknown status, page=-2) is dropped rather than sent. Writing is a patch that leaves every
// other key alone, so two lists on one page (the Jobs page's tabs) keep each other's state.

// A change to the URL: a string sets the key, null or '' removes it.
export type SearchPatch = Record<string, string | null>;

export interface SearchParam<Value> {
  key: string;
  read: (params: URLSearchParams) => Value;
  // null leaves the key out of the URL: the value is the default and narrows nothing.
  write: (value: Value) => string | null;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const isOneOf = <Value extends string>(values: readonly Value[], value: string): value is Value =>
  (values as readonly string[]).includes(value);

function splitList(value: string | null): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

function positiveInteger(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 1 ? number : null;
}

// The kinds of value a list keeps in its URL.
export const searchParam = {
  // Free text, trimmed.
  text: (key: string): SearchParam<string> => ({
    key,
    read: (params) => params.get(key)?.trim() ?? '',
    write: (value) => value.trim() || null,
  }),
  // A comma-separated set (?status=open,paused), each value once, limited to `values` when given.
  list: <Value extends string = string>(key: string, values?: readonly Value[]): SearchParam<Value[]> => ({
    key,
    read: (params) => splitList(params.get(key)).filter((value): value is Value => !values || isOneOf(values, value)),
    write: (list) => list.join(',') || null,
  }),
  // One of a few values, or null for none.
  oneOf: <Value extends string>(key: string, values: readonly Value[]): SearchParam<Value | null> => ({
    key,
    read: (params) => {
      const value = params.get(key) ?? '';
      return isOneOf(values, value) ? value : null;
    },
    write: (value) => value,
  }),
  // An amount (dollars), or null for none; anything but a number of zero or more is dropped.
  amount: (key: string): SearchParam<number | null> => ({
    key,
    read: (params) => {
      const value = params.get(key);
      const number = Number(value);
      return value !== null && value.trim() !== '' && Number.isFinite(number) && number >= 0 ? number : null;
    },
    write: (value) => (value === null ? null : String(value)),
  }),
  // A switch, in the URL only when on (?favorites=true).
  flag: (key: string): SearchParam<boolean> => ({
    key,
    read: (params) => params.get(key) === 'true',
    write: (isOn) => (isOn ? 'true' : null),
  }),
  // A calendar day (YYYY-MM-DD), or null.
  day: (key: string): SearchParam<string | null> => ({
    key,
    read: (params) => {
      const value = params.get(key);
      return value && ISO_DAY.test(value) ? value : null;
    },
    write: (value) => value,
  }),
  // A page number; the first page is left out of the URL.
  page: (key: string): SearchParam<number> => ({
    key,
    read: (params) => positiveInteger(params.get(key)) ?? 1,
    write: (page) => (page > 1 ? String(page) : null),
  }),
  // One of the allowed page sizes; the first is the default and is left out of the URL.
  pageSize: (key: string, sizes: readonly [number, ...number[]]): SearchParam<number> => ({
    key,
    read: (params) => {
      const size = positiveInteger(params.get(key));
      return size !== null && sizes.includes(size) ? size : sizes[0];
    },
    write: (size) => (size === sizes[0] ? null : String(size)),
  }),
};

interface ListSearchOptions<Filters extends object, Sort extends string> {
  // The URL names of q, page, page_size and sort, when a second list on the same page needs its own.
  keys?: Partial<Record<'q' | 'page' | 'pageSize' | 'sort', string>>;
  // The page sizes the URL may ask for; the first is the default.
  pageSizes?: readonly [number, ...number[]];
  // The orders the URL may ask for; without one the server's default applies (sort is null).
  sorts?: readonly Sort[];
  filters: { [Name in keyof Filters]: SearchParam<Filters[Name]> };
}

type ListSearchState<Filters extends object, Sort extends string> = {
  q: string;
  page: number;
  pageSize: number;
  sort: Sort | null;
} & Filters;

// Everything but the page: changing any of it shows the first page again.
type ListSearchChanges<Filters extends object, Sort extends string> = Partial<
  Omit<ListSearchState<Filters, Sort>, 'page'>
>;

interface ListSearch<Filters extends object, Sort extends string> {
  read: (params: URLSearchParams) => ListSearchState<Filters, Sort>;
  change: (changes: ListSearchChanges<Filters, Sort>) => SearchPatch;
  page: (page: number) => SearchPatch;
  // Clears the search and every filter and goes back to the first page; the sort and page size stay.
  clear: SearchPatch;
  // Whether the search or a filter narrows the list (the page, sort and page size do not).
  isFiltered: (state: ListSearchState<Filters, Sort>) => boolean;
}

export type ListSearchStateOf<Search> =
  Search extends ListSearch<infer Filters, infer Sort> ? ListSearchState<Filters, Sort> : never;

const DEFAULT_PAGE_SIZE = 20;

// A SearchParam of any value, as the list keeps them side by side.
interface AnySearchParam {
  key: string;
  read: (params: URLSearchParams) => unknown;
  write: (value: never) => string | null;
}

export function defineListSearch<Filters extends object, Sort extends string = never>(
  options: ListSearchOptions<Filters, Sort>,
): ListSearch<Filters, Sort> {
  const { keys = {}, pageSizes = [DEFAULT_PAGE_SIZE], sorts = [] } = options;
  const page = searchParam.page(keys.page ?? 'page');
  // What narrows the list: the search and the filters.
  const narrowing: Record<string, AnySearchParam> = { q: searchParam.text(keys.q ?? 'q'), ...options.filters };
  const params: Record<string, AnySearchParam> = {
    ...narrowing,
    page,
    pageSize: searchParam.pageSize(keys.pageSize ?? 'page_size', pageSizes),
    sort: searchParam.oneOf(keys.sort ?? 'sort', sorts),
  };
  const isSet = (param: AnySearchParam, value: unknown) => param.write(value as never) !== null;

  return {
    read: (search) =>
      Object.fromEntries(Object.entries(params).map(([name, param]) => [name, param.read(search)])) as ListSearchState<
        Filters,
        Sort
      >,
    change: (changes) => {
      const patch: SearchPatch = { [page.key]: null };
      for (const [name, value] of Object.entries(changes)) {
        const param = params[name];
        if (param && param !== page && value !== undefined) patch[param.key] = param.write(value as never);
      }
      return patch;
    },
    page: (number) => ({ [page.key]: page.write(number) }),
    clear: Object.fromEntries([...Object.values(narrowing), page].map((param) => [param.key, null])),
    isFiltered: (state) =>
      Object.entries(narrowing).some(([name, param]) => isSet(param, (state as Record<string, unknown>)[name])),
  };
}

export function applySearchPatch(params: URLSearchParams, patch: SearchPatch): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

type ChangeSearch = (patch: SearchPatch, options?: { replace?: boolean }) => void;

// Applies a patch to the current URL: a new history entry, or with `replace` (typing in a search box,
// correcting a page past the end) the same one. Each patch builds on the URL the one before it wrote, not
// on the last render's: react-router's setSearchParams reads its render's URL, and the router renders a
// navigation in a transition, so a second change made before that render (a stage tab, then the Job
// select, on a busy machine) undid the first.
export function useChangeSearch(): ChangeSearch {
  const { search } = useLocation();
  const navigate = useNavigate();
  const written = useRef(search);
  const rendered = useRef(search);
  // The URL moved by other means (Back, a link): build on it from now on.
  if (rendered.current !== search) {
    rendered.current = search;
    written.current = search;
  }
  return useCallback(
    (patch, options = {}) => {
      const next = applySearchPatch(new URLSearchParams(written.current), patch).toString();
      written.current = next ? `?${next}` : '';
      navigate({ search: written.current }, { replace: options.replace ?? false });
    },
    [navigate],
  );
}

// One list's state and its changes, read from and written to the URL.
export function useListSearch<Filters extends object, Sort extends string>(search: ListSearch<Filters, Sort>) {
  const [params] = useSearchParams();
  const changeSearch = useChangeSearch();
  const state = search.read(params);
  const change = useCallback(
    (changes: ListSearchChanges<Filters, Sort>, options?: { replace?: boolean }) =>
      changeSearch(search.change(changes), options),
    [changeSearch, search],
  );
  const setPage = useCallback(
    (page: number, options?: { replace?: boolean }) => changeSearch(search.page(page), options),
    [changeSearch, search],
  );
  const clear = useCallback(() => changeSearch(search.clear), [changeSearch, search]);
  return { state, isFiltered: search.isFiltered(state), change, setPage, clear };
}
