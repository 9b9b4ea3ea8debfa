import fs from 'node:fs/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../src/server/db/client';
import { runOnServer } from '../../src/server/db/postgres-server';
import * as schema from '../../src/server/db/schema';

// The plans PostgreSQL ran for a call, as auto_explain reports them (EXPLAIN ANALYZE of each statement).
export async function plansOf(databaseUrl: string, call: (db: Database) => Promise<unknown>): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const plans: string[] = [];
  client.on('notice', (notice) => {
    if (notice.message?.includes('plan:')) plans.push(notice.message);
  });
  try {
    await client.query("LOAD 'auto_explain'");
    await client.query(
      "SET auto_explain.log_min_duration = 0; SET auto_explain.log_analyze = on; SET auto_explain.log_buffers = on; SET auto_explain.log_level = 'notice'; SET client_min_messages = 'notice'",
    );
    await call(drizzle({ client, schema, casing: 'snake_case' }) as unknown as Database);
  } finally {
    await client.end();
  }
  return plans;
}

// The plans the real server's own statements ran, when no domain function can be called apart: auto_explain
// is loaded into every new session of the database (so the server must be started after `enable`), logs to
// the PostgreSQL server's log, and `read` takes the plans of that database written since `mark`.
// PostgreSQL's log file: POSTGRES_LOG, else Debian's default for the server's major version.
export async function openServerPlans(serverUrl: string, databaseName: string) {
  const version = await serverMajorVersion(serverUrl);
  const logFile = process.env.POSTGRES_LOG ?? `/var/log/postgresql/postgresql-${version}-main.log`;
  const readable = await fs
    .access(logFile, fs.constants.R_OK)
    .then(() => true)
    .catch(() => false);
  const quoted = `"${databaseName.replace(/"/g, '""')}"`;
  const settings = [
    "session_preload_libraries = 'auto_explain'",
    'auto_explain.log_min_duration = 0',
    'auto_explain.log_analyze = on',
    'auto_explain.log_buffers = on',
    'auto_explain.log_timing = on',
  ];
  return {
    readable,
    logFile,
    async enable() {
      for (const setting of settings) await runOnServer(serverUrl, `ALTER DATABASE ${quoted} SET ${setting}`);
    },
    async disable() {
      await runOnServer(serverUrl, `ALTER DATABASE ${quoted} RESET ALL`);
    },
    async mark(): Promise<number> {
      return readable ? (await fs.stat(logFile)).size : 0;
    },
    // Each plan of this database logged since the mark, with its duration, slowest first.
    async read(since: number): Promise<Array<{ ms: number; plan: string }>> {
      if (!readable) return [];
      const handle = await fs.open(logFile, 'r');
      try {
        const { size } = await handle.stat();
        const buffer = Buffer.alloc(Math.max(0, size - since));
        await handle.read(buffer, 0, buffer.length, since);
        return parsePlans(buffer.toString('utf8'), databaseName);
      } finally {
        await handle.close();
      }
    },
  };
}

async function serverMajorVersion(serverUrl: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>("select current_setting('server_version_num') as version");
    return Math.floor(Number(rows[0]?.version ?? 0) / 10_000);
  } finally {
    await client.end();
  }
}

// A log entry starts with the line prefix (`%m [%p] %q%u@%d ` on Debian); its plan lines follow without one.
function parsePlans(text: string, databaseName: string): Array<{ ms: number; plan: string }> {
  const plans: Array<{ ms: number; plan: string }> = [];
  let current: { ms: number; lines: string[] } | null = null;
  const flush = () => {
    if (current) plans.push({ ms: current.ms, plan: current.lines.join('\n') });
    current = null;
  };
  for (const line of text.split('\n')) {
    if (/^\d{4}-\d\d-\d\d /.test(line)) {
      flush();
      const match = line.match(/@(\S+) LOG: {2}duration: ([\d.]+) ms {2}plan:/);
      if (match && match[1] === databaseName) current = { ms: Number(match[2]), lines: [] };
    } else if (current) current.lines.push(line);
  }
  flush();
  return plans.sort((a, b) => b.ms - a.ms);
}
