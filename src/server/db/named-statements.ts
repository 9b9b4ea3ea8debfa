import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';

// A pg client that sends every parameterised SELECT as a named (prepared) statement, named after its
// text. PostgreSQL then parses it once per connection, and after five runs keeps a generic plan when
// that plan costs no more than planning afresh (plan_cache_mode = auto) — the way pgjdbc prepares
// repeated statements. Drizzle builds the same text for the same query shape, values travelling
// apart, so a hot read like Find Jobs stops paying parse and plan time on every request.
// Only SELECTs: their shapes are few, while batched INSERTs of varying row counts would leave one
// statement per batch size in every connection.
const statementNames = new Map<string, string>();

// Starts a query that is planned afresh on every run, with its values: one whose best plan depends on
// them (a rare skill wants the skill's index, a common one a walk in sort order), which a generic plan
// would ignore.
const PLANNED_EACH_TIME = '/* planned each time */';
export const planEachTime = (query: SQL): SQL => sql`${sql.raw(PLANNED_EACH_TIME)} ${query}`;
const MAX_REMEMBERED_TEXTS = 2_000;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    if (statementNames.size >= MAX_REMEMBERED_TEXTS) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

interface PreparableConfig {
  text: string;
  name?: undefined;
}

// A query config (not a text, not a cursor) for a SELECT with parameters and no name of its own.
function isPreparable(config: unknown, values: unknown): config is PreparableConfig {
  if (config === null || typeof config !== 'object') return false;
  const { text, name, submit, values: configValues } = config as Record<string, unknown>;
  const params = values ?? configValues;
  return (
    typeof text === 'string' &&
    name === undefined &&
    typeof submit !== 'function' &&
    Array.isArray(params) &&
    params.length > 0 &&
    /^\s*(select|with)\b/i.test(text) &&
    !text.startsWith(PLANNED_EACH_TIME)
  );
}

const clientQuery = pg.Client.prototype.query;

export class NamedStatementClient extends pg.Client {}

// Assigned rather than declared: one function serves every overload of pg's query(), passing its
// arguments through with a name added.
NamedStatementClient.prototype.query = function namedQuery(
  this: pg.Client,
  config: unknown,
  values?: unknown,
  callback?: unknown,
) {
  const named = isPreparable(config, values) ? { ...config, name: statementName(config.text) } : config;
  return Reflect.apply(clientQuery, this, [named, values, callback]);
};
