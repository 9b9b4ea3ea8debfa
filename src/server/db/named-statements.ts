import { createHash } from 'node:crypto';
import pg from 'pg';

// A pg client that sends every parameterised SELECT as a named (prepared) statement, named after its
// text. PostgreSQL then parses it once per connection, and after five runs keeps a generic plan when
// that plan costs no more than planning afresh (plan_cache_mode = auto) — the way pgjdbc prepares
// repeated statements. Drizzle builds the same text for the same query shape, values travelling
// apart, so a hot read like Find Jobs stops paying parse and plan time on every request.
// Only SELECTs: their shapes are few, while batched INSERTs of varying row counts would leave one
// statement per batch size in every connection.
const statementNames = new Map<string, string>();
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

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

const isPreparable = (config: QueryConfigLike, values: unknown) => {
  const params = values ?? config.values;
  return (
    typeof config.text === 'string' &&
    config.name === undefined &&
    typeof config.submit !== 'function' &&
    Array.isArray(params) &&
    params.length > 0 &&
    /^\s*(select|with)\b/i.test(config.text)
  );
};

export class NamedStatementClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is a set of overloads; this passes them through
  override query(config: any, values?: any, callback?: any): any {
    if (config !== null && typeof config === 'object' && isPreparable(config, values)) {
      return super.query({ ...config, name: statementName(config.text) }, values, callback);
    }
    return super.query(config, values, callback);
  }
}
