import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  AUDIT_EXPORT_ROW_LIMIT,
  type AuditLogEntry,
  type AuditLogFilter,
  type AuditLogPage,
  auditActionLabel,
  auditDateRangeMilliseconds,
} from '~/shared/audit-logs';
import type { Database } from '../db/client';
import { auditLogs, users } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { decodeKeysetCursor, encodeKeysetCursor, exactMomentOf, type KeysetPosition } from '../platform/keyset-cursor';

// The audit log read newest first, a page at a time, over millions of rows. Pages are keyset pages: a
// cursor holds the (created_at, id) of the row a page stops at, so page 10,000 costs what page 1 does
// (an offset would read and discard every row before it). Every filter stays on a btree index
// (migration 0024): the date range and the order on (created_at, id), "system" on a partial index,
// and the search on equality only — the actions whose code or words hold the text, an exact email
// (lower(actor_email)), an exact target id or type. No substring scan over the rows.

// Whose rows: every row (administrators) or those a company's members wrote while they were its members
// (its settings): audit_logs.company_id is filled when the row is written (migration 0039), so a member
// who left still shows on their past rows.
export type AuditScope = { kind: 'platform' } | { kind: 'company'; companyId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The distinct actions in the log, read by skipping along the action index (one probe per action, a
// hundred or so, instead of a pass over the rows).
async function readDistinctActions(db: Database): Promise<string[]> {
  const resultRows = await selectRows(
    db,
    z.object({ action: z.string() }),
    sql`
    with recursive found as (
      (select action from audit_logs order by action limit 1)
      union all
      select (select next.action from audit_logs next where next.action > found.action order by next.action limit 1)
      from found where found.action is not null
    )
    select action from found where action is not null`,
  );
  return resultRows.map((row) => row.action);
}

// Actions are added by releases, not by people: the list is read at most once a minute per database.
const ACTIONS_TTL_MS = 60_000;
const actionsRead = new WeakMap<Database, { at: number; actions: Promise<string[]> }>();
function distinctActions(db: Database): Promise<string[]> {
  const cached = actionsRead.get(db);
  if (cached && Date.now() - cached.at < ACTIONS_TTL_MS) return cached.actions;
  const actions = readDistinctActions(db);
  actionsRead.set(db, { at: Date.now(), actions });
  actions.catch(() => actionsRead.delete(db));
  return actions;
}

async function searchCondition(db: Database, q: string): Promise<SQL | undefined> {
  const text = q.trim().toLowerCase();
  if (!text) return undefined;
  if (text.includes('@')) return sql`lower(${auditLogs.actorEmail}) = ${text}`;
  if (UUID.test(text)) return or(eq(auditLogs.targetId, text), eq(auditLogs.actorId, text));
  const actions = (await distinctActions(db)).filter(
    (action) => action.includes(text) || auditActionLabel(action).toLowerCase().includes(text),
  );
  return or(
    actions.length > 0 ? inArray(auditLogs.action, actions) : undefined,
    eq(auditLogs.targetType, text),
    eq(auditLogs.targetId, q.trim()),
  );
}

function scopeCondition(scope: AuditScope): SQL | undefined {
  if (scope.kind === 'platform') return undefined;
  return eq(auditLogs.companyId, scope.companyId);
}

async function whereOf(db: Database, scope: AuditScope, filter: AuditLogFilter, now: Date) {
  const since = new Date(now.getTime() - auditDateRangeMilliseconds[filter.range]);
  return and(
    scopeCondition(scope),
    gte(auditLogs.createdAt, since),
    filter.type === 'system' ? isNull(auditLogs.actorId) : undefined,
    filter.type === 'user' ? isNotNull(auditLogs.actorId) : undefined,
    filter.q ? await searchCondition(db, filter.q) : undefined,
  );
}

// The actor's name as the account has it now (a member who left keeps theirs; an erased account reads as
// anonymised), beside the address the row kept.
const columns = {
  row: auditLogs,
  exactCreatedAt: exactMomentOf(auditLogs.createdAt),
  actorName: users.name,
};
type Row = { row: typeof auditLogs.$inferSelect; exactCreatedAt: string; actorName: string | null };

function auditLogView({ row, actorName }: Row): AuditLogEntry {
  return {
    id: row.id,
    action: row.action,
    action_label: auditActionLabel(row.action),
    actor_kind: row.actorId ? 'user' : 'system',
    actor_id: row.actorId,
    actor_name: actorName,
    actor_email: row.actorEmail,
    target_type: row.targetType,
    target_id: row.targetId,
    details: (row.details ?? {}) as Record<string, unknown>,
    ip_address: row.ipAddress,
    created_at: row.createdAt.toISOString(),
  };
}

const positionOf = (row: Row): KeysetPosition => ({ createdAt: row.exactCreatedAt, id: row.row.id });
const rowKey = sql`(${auditLogs.createdAt}, ${auditLogs.id})`;
const keyOf = (position: KeysetPosition) => sql`(${position.createdAt}::timestamptz, ${position.id}::uuid)`;

// One page, newest first. `after` pages to older rows, `before` to newer ones.
export async function findAuditLogs({
  db,
  scope,
  filter,
  after,
  before,
  pageSize,
  now = new Date(),
}: {
  db: Database;
  scope: AuditScope;
  filter: AuditLogFilter;
  after?: string;
  before?: string;
  pageSize: number;
  now?: Date;
}): Promise<AuditLogPage> {
  const where = await whereOf(db, scope, filter, now);
  const anchor = before ? decodeKeysetCursor(before) : after ? decodeKeysetCursor(after) : null;
  const backwards = Boolean(before);
  const fetched = await db
    .select(columns)
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .where(and(where, anchor ? (backwards ? gt(rowKey, keyOf(anchor)) : lt(rowKey, keyOf(anchor))) : undefined))
    .orderBy(
      ...(backwards ? [asc(auditLogs.createdAt), asc(auditLogs.id)] : [desc(auditLogs.createdAt), desc(auditLogs.id)]),
    )
    .limit(pageSize + 1);
  const hasMore = fetched.length > pageSize;
  const page = fetched.slice(0, pageSize);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  // Going back, the rows after this page are the ones we came from; going forward (or on the first
  // page), there are newer rows exactly when we started from a cursor.
  const hasNewer = backwards ? hasMore : anchor !== null;
  const hasOlder = backwards ? true : hasMore;
  return {
    items: page.map(auditLogView),
    next_cursor: hasOlder && last ? encodeKeysetCursor(positionOf(last)) : null,
    previous_cursor: hasNewer && first ? encodeKeysetCursor(positionOf(first)) : null,
  };
}

// The export's rows in batches of a keyset page each, newest first, at most AUDIT_EXPORT_ROW_LIMIT: a
// CSV of a hundred thousand rows streams out without holding them all.
export async function* findAuditLogsForExport({
  db,
  scope,
  filter,
  now = new Date(),
  batchSize = 1000,
}: {
  db: Database;
  scope: AuditScope;
  filter: AuditLogFilter;
  now?: Date;
  batchSize?: number;
}): AsyncGenerator<AuditLogEntry[]> {
  const where = await whereOf(db, scope, filter, now);
  let anchor: KeysetPosition | null = null;
  let remaining = AUDIT_EXPORT_ROW_LIMIT;
  while (remaining > 0) {
    const rows: Row[] = await db
      .select(columns)
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorId))
      .where(and(where, anchor ? lt(rowKey, keyOf(anchor)) : undefined))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(Math.min(batchSize, remaining));
    if (rows.length === 0) return;
    yield rows.map(auditLogView);
    remaining -= rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    anchor = positionOf(last);
  }
}
