import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { defineListSearch, type ListSearchStateOf, searchParam, useChangeSearch } from '~/client/lib/list-search';
import { payoutExceptionLabels, runLineStatuses, talentBalancesQuerySchema } from '~/shared/payouts';
import type { BalancesFilter, BalancesQuery, RunLinesQuery } from './api';

// The screen's state in the URL of /admin/payouts: the tab (?tab=balances; the runs are the default), the
// open run (?run=<id>), and each list's own page and filters under its own keys, so the three lists never
// move each other's pages.

const tabParam = searchParam.oneOf('tab', ['balances', 'tax-forms', 'books'] as const);
const monthParam = searchParam.text('month');
const runParam = searchParam.text('run');

export type PayoutsTab = 'runs' | 'balances' | 'tax-forms' | 'books';

// The lines' keys go with the run they belong to: opening another run starts on its first page, unfiltered.
const linesKeys = { lines_page: null, lines_page_size: null, lines_status: null } as const;

export function usePayoutsView() {
  const [params] = useSearchParams();
  const changeSearch = useChangeSearch();
  const tab: PayoutsTab = tabParam.read(params) ?? 'runs';
  const runId = runParam.read(params) || null;
  const showTab = useCallback(
    (next: PayoutsTab) => changeSearch({ [tabParam.key]: next === 'runs' ? null : next }),
    [changeSearch],
  );
  const openRun = useCallback(
    (id: string | null) => changeSearch({ [tabParam.key]: null, [runParam.key]: id, ...linesKeys }),
    [changeSearch],
  );
  // The books' month (?month=YYYY-MM), this month when none is chosen.
  const month = monthParam.read(params) || null;
  const showMonth = useCallback((next: string) => changeSearch({ [monthParam.key]: next }), [changeSearch]);
  return { tab, runId, showTab, openRun, month, showMonth };
}

export const runsSearch = defineListSearch<Record<never, never>>({
  keys: { q: 'runs_q', page: 'runs_page', pageSize: 'runs_page_size', sort: 'runs_sort' },
  pageSizes: [20, 50, 100],
  filters: {},
});

export const runLinesSearch = defineListSearch({
  keys: { q: 'lines_q', page: 'lines_page', pageSize: 'lines_page_size', sort: 'lines_sort' },
  pageSizes: [20, 50, 100],
  filters: { status: searchParam.oneOf('lines_status', runLineStatuses) },
});

export function toRunLinesQuery(state: ListSearchStateOf<typeof runLinesSearch>): RunLinesQuery {
  return { status: state.status ?? undefined, page: state.page, page_size: state.pageSize };
}

// The narrowings GET /api/admin/payout-balances offers, as its schema lists them.
export const balancesFilters: readonly BalancesFilter[] = talentBalancesQuerySchema.shape.only.unwrap().options;

export const balancesFilterLabels: Record<BalancesFilter, string> = {
  owed: 'Money owed',
  negative: 'Negative balance',
  on_hold: payoutExceptionLabels.on_hold,
};

export const balancesSearch = defineListSearch({
  pageSizes: [20, 50, 100],
  filters: { only: searchParam.oneOf('only', balancesFilters) },
});

export function toBalancesQuery(state: ListSearchStateOf<typeof balancesSearch>): BalancesQuery {
  return { q: state.q || undefined, only: state.only ?? undefined, page: state.page, page_size: state.pageSize };
}
