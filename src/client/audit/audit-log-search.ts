import { useSearchParams } from 'react-router';
import { isOneOf, type SearchPatch, useChangeSearch } from '~/client/lib/list-search';
import {
  type AuditActorKind,
  type AuditDateRange,
  type AuditLogListQuery,
  auditActorKinds,
  auditDateRanges,
  DEFAULT_AUDIT_DATE_RANGE,
} from '~/shared/audit-logs';

// The audit log's state in the URL: ?q=suspended&type=user&range=30d&after=<cursor>. A filter change
// starts again from the newest rows (the cursor is dropped). `prefix` keeps two lists on one page apart
// (the company settings page: ?audit_q=…).

interface AuditLogSearchState {
  q: string;
  type: AuditActorKind | null;
  range: AuditDateRange;
  after: string | null;
  before: string | null;
}

const PAGE_SIZE = 25;

export function useAuditLogSearch(prefix = '') {
  const [params] = useSearchParams();
  const changeSearch = useChangeSearch();
  const key = (name: string) => `${prefix}${name}`;
  const type = params.get(key('type')) ?? '';
  const range = params.get(key('range')) ?? '';
  const state: AuditLogSearchState = {
    q: params.get(key('q'))?.trim() ?? '',
    type: isOneOf(auditActorKinds, type) ? type : null,
    range: isOneOf(auditDateRanges, range) ? range : DEFAULT_AUDIT_DATE_RANGE,
    after: params.get(key('after')),
    before: params.get(key('before')),
  };
  const patch = (changes: Record<string, string | null>): SearchPatch =>
    Object.fromEntries(Object.entries(changes).map(([name, value]) => [key(name), value]));

  const filter = (changes: Partial<Pick<AuditLogSearchState, 'q' | 'type' | 'range'>>, replace = false) =>
    changeSearch(
      patch({
        ...('q' in changes ? { q: changes.q || null } : {}),
        ...('type' in changes ? { type: changes.type ?? null } : {}),
        ...('range' in changes
          ? { range: changes.range === DEFAULT_AUDIT_DATE_RANGE ? null : (changes.range ?? null) }
          : {}),
        after: null,
        before: null,
      }),
      { replace },
    );
  const older = (cursor: string) => changeSearch(patch({ after: cursor, before: null }));
  const newer = (cursor: string) => changeSearch(patch({ before: cursor, after: null }));
  const clear = () => changeSearch(patch({ q: null, type: null, range: null, after: null, before: null }));
  const isFiltered = Boolean(state.q || state.type || state.range !== DEFAULT_AUDIT_DATE_RANGE);

  const query: AuditLogListQuery = {
    q: state.q || undefined,
    type: state.type ?? undefined,
    range: state.range,
    after: state.after ?? undefined,
    before: state.before ?? undefined,
    page_size: PAGE_SIZE,
  };
  return { state, query, filter, older, newer, clear, isFiltered, pageSize: PAGE_SIZE };
}
