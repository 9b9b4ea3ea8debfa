// `npm run drill:pitr [-- --rows-before 1000000 --batch-rows 20000 --batches 5 --max-minutes 5 --keep]`, as
// root: point-in-time recovery with pgBackRest, end to end (docs/operations.md, "Point-in-time recovery").
// A scratch PostgreSQL cluster of the drill's own archives its WAL into an encrypted pgBackRest repository
// in a temporary folder, configured from deploy/pgbackrest.conf; a full backup; rows written in batch A,
// the time noted on PostgreSQL's clock, batch B; then the disaster (the cluster stopped hard and its data
// directory deleted), a restore to the noted time, and the check that A is whole and B absent. Everything
// runs as postgres. Reported: backup duration and size, WAL archived, restore duration, time to the first
// query. Exits 1 when a check fails or a step hangs.
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../src/server/testing/free-port';
import { createCleanups, repositoryRoot, sleep } from './drill/deployment';
import {
  drillPgbackrestConf,
  parsePgbackrestConf,
  STANZA,
  type StanzaSummary,
  secretsConf,
  summarizeInfo,
} from './drill/pitr-config';

const run = promisify(execFile);

const { values } = parseArgs({
  options: {
    'rows-before': { type: 'string', default: '1000000' },
    'batch-rows': { type: 'string', default: '20000' },
    batches: { type: 'string', default: '5' },
    'max-minutes': { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
  },
});
const rowsBefore = Number(values['rows-before']);
const batchRows = Number(values['batch-rows']);
const batchCount = Number(values.batches);
// No single step of a drill this size takes minutes: one that does hangs.
const STEP_TIMEOUT_MS = 3 * 60_000;

const cleanups = createCleanups('drill:pitr', Number(values['max-minutes']));
const isRoot = process.getuid?.() === 0;
let scratchRoot: string | undefined;

// ---- tools ---------------------------------------------------------------------------------------

function hasPgbackrest() {
  return spawnSync('sh', ['-c', 'command -v pgbackrest'], { stdio: 'ignore' }).status === 0;
}

function ensurePgbackrest() {
  if (hasPgbackrest()) return;
  if (!isRoot) throw new Error('pgbackrest is not installed: apt-get install -y pgbackrest (as root)');
  console.info('pgbackrest is not installed: apt-get install -y pgbackrest…');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const installed = spawnSync('apt-get', ['install', '-y', '-qq', 'pgbackrest'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (installed.status !== 0 || !hasPgbackrest()) throw new Error('apt-get install -y pgbackrest failed');
}

// Debian keeps initdb and pg_ctl under the version's own folder; pgbackrest supports the newest.
async function postgresBinaries(): Promise<string> {
  const versions = await fs.readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
  return path.join('/usr/lib/postgresql', newest, 'bin');
}

// A command as the postgres user, as Debian runs the cluster and pgbackrest; bounded in time.
async function asPostgres(what: string, command: string[], cwd: string): Promise<string> {
  const [program = '', ...args] = isRoot ? ['runuser', '-u', 'postgres', '--', ...command] : command;
  try {
    const { stdout } = await run(program, args, {
      cwd,
      timeout: STEP_TIMEOUT_MS,
      // runuser passes SIGTERM on to the command; SIGKILL would leave it running.
      killSignal: 'SIGTERM',
      maxBuffer: 16 * 1024 * 1024,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' },
    });
    return stdout;
  } catch (error) {
    const { killed, stdout, stderr } = error as { killed?: boolean; stdout?: string; stderr?: string };
    if (killed) throw new Error(`${what} did not finish within ${STEP_TIMEOUT_MS / 60_000} minutes`);
    throw new Error(`${what} failed:\n${`${stdout ?? ''}${stderr ?? ''}`.trim()}`);
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = STEP_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await check().catch(() => undefined);
    if (answer !== undefined) return answer;
    await sleep(50);
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 60_000} minutes`);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// ---- the scratch cluster -------------------------------------------------------------------------

interface Scratch {
  root: string;
  dataDirectory: string;
  configPath: string;
  port: number;
  bin: string;
}

async function createScratch(): Promise<Scratch> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-drill-pitr-'));
  scratchRoot = root;
  cleanups.add('scratch folder', async () => {
    if (values.keep) console.info(`scratch folder kept: ${root}`);
    else await fs.rm(root, { recursive: true, force: true });
  });
  if (isRoot) await run('chown', ['postgres:postgres', root]);
  const scratch = {
    root,
    dataDirectory: path.join(root, 'data'),
    configPath: path.join(root, 'etc'),
    port: await freePort(),
    bin: await postgresBinaries(),
  };
  for (const folder of ['etc', 'etc/conf.d', 'repo', 'log', 'spool', 'lock']) {
    await asPostgres(`mkdir ${folder}`, ['mkdir', '-m', '0700', path.join(root, folder)], root);
  }
  const deployed = parsePgbackrestConf(await fs.readFile(path.join(repositoryRoot, 'deploy/pgbackrest.conf'), 'utf8'));
  await writeAsPostgres(path.join(root, 'etc/pgbackrest.conf'), drillPgbackrestConf(deployed, scratch));
  await writeAsPostgres(
    path.join(root, 'etc/conf.d/tandem-secrets.conf'),
    secretsConf(randomBytes(48).toString('base64')),
  );
  return scratch;
}

async function writeAsPostgres(file: string, text: string) {
  await fs.writeFile(file, text, { mode: 0o600 });
  if (isRoot) await run('chown', ['postgres:postgres', file]);
}

function pgbackrest(scratch: Scratch, ...args: string[]) {
  return asPostgres(
    `pgbackrest ${args.at(-1)}`,
    ['pgbackrest', `--config-path=${scratch.configPath}`, `--stanza=${STANZA}`, ...args],
    scratch.root,
  );
}

// deploy/pgbackrest.conf's PostgreSQL lines, on the drill's port and socket.
async function initCluster(scratch: Scratch) {
  await asPostgres(
    'initdb',
    [path.join(scratch.bin, 'initdb'), '-D', scratch.dataDirectory, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8'],
    scratch.root,
  );
  const settings = [
    "listen_addresses = '127.0.0.1'",
    `port = ${scratch.port}`,
    `unix_socket_directories = '${scratch.root}'`,
    'wal_level = replica',
    'archive_mode = on',
    `archive_command = 'pgbackrest --config-path=${scratch.configPath} --stanza=${STANZA} archive-push %p'`,
    'max_wal_senders = 3',
    'archive_timeout = 60',
    "timezone = 'UTC'",
  ];
  await fs.appendFile(path.join(scratch.dataDirectory, 'postgresql.conf'), `\n${settings.join('\n')}\n`);
}

async function startCluster(scratch: Scratch) {
  await asPostgres(
    'pg_ctl start',
    [
      path.join(scratch.bin, 'pg_ctl'),
      '-D',
      scratch.dataDirectory,
      '-l',
      path.join(scratch.root, 'postgresql.log'),
      '-t',
      String(STEP_TIMEOUT_MS / 1000),
      '-w',
      'start',
    ],
    scratch.root,
  );
}

async function stopCluster(scratch: Scratch, mode: 'fast' | 'immediate') {
  await asPostgres(
    `pg_ctl stop -m ${mode}`,
    [path.join(scratch.bin, 'pg_ctl'), '-D', scratch.dataDirectory, '-m', mode, '-w', 'stop'],
    scratch.root,
  );
}

function connect(scratch: Scratch) {
  const client = new pg.Client({ host: '127.0.0.1', port: scratch.port, user: 'postgres', database: 'postgres' });
  // The server stopped under an idle connection (the disaster, an interrupted drill): the next query says so.
  client.on('error', () => undefined);
  return client;
}

async function query<Row extends Record<string, unknown>>(client: pg.Client, text: string): Promise<Row[]> {
  return (await client.query<Row>(text)).rows;
}

// ---- the rows ------------------------------------------------------------------------------------

async function writeBatch(client: pg.Client, batch: string) {
  for (let round = 0; round < batchCount; round++) {
    await client.query(
      `insert into drill_rows (batch, n, payload)
       select $1, g, md5($1 || g::text) || repeat('x', 60) from generate_series($2::int, $3::int) as g`,
      [batch, round * batchRows + 1, (round + 1) * batchRows],
    );
  }
}

interface BatchDigest {
  batch: string;
  rows: number;
  digest: string;
}

async function digests(client: pg.Client): Promise<Map<string, BatchDigest>> {
  const rows = await query<{ batch: string; rows: string; digest: string }>(
    client,
    `select batch, count(*) as rows, md5(string_agg(payload, '' order by n)) as digest
     from drill_rows group by batch`,
  );
  return new Map(rows.map((row) => [row.batch, { batch: row.batch, rows: Number(row.rows), digest: row.digest }]));
}

// ---- the drill -----------------------------------------------------------------------------------

async function main() {
  if (!isRoot) console.info('Not root: running initdb and pgbackrest as this user.');
  ensurePgbackrest();
  const started = performance.now();
  const scratch = await createScratch();
  await initCluster(scratch);
  await startCluster(scratch);
  cleanups.add('PostgreSQL cluster', () => stopCluster(scratch, 'immediate').catch(() => undefined));
  const version = (await asPostgres('pgbackrest version', ['pgbackrest', 'version'], scratch.root)).trim();

  let client = connect(scratch);
  await client.connect();
  const serverVersion = (await query<{ server_version: string }>(client, 'show server_version'))[0]?.server_version;
  console.info(
    `\ndrill:pitr — ${version}, PostgreSQL ${serverVersion} on port ${scratch.port}, repository ${scratch.root}/repo (aes-256-cbc); ${os.availableParallelism()} cores, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  // Before any rows: archive_command fails until the stanza exists.
  await pgbackrest(scratch, 'stanza-create');
  await client.query(
    `create table drill_rows (
       id bigint generated always as identity primary key,
       batch text not null, n int not null, payload text not null,
       written_at timestamptz not null default clock_timestamp())`,
  );
  await client.query(
    `insert into drill_rows (batch, n, payload)
     select 'before', g, md5(g::text) || repeat('y', 60) from generate_series(1, $1::int) as g`,
    [rowsBefore],
  );

  await pgbackrest(scratch, 'check');
  const backup = await timed(() => pgbackrest(scratch, '--type=full', 'backup'));
  // pgbackrest restores to a time from a backup that stopped before it, comparing whole seconds: a target
  // in the second the backup stopped finds none (error 075), so batch A begins a second later.
  const backupStoppedAt = summarizeInfo(await pgbackrest(scratch, '--output=json', 'info')).backups[0]?.stoppedAt ?? 0;
  await waitFor("PostgreSQL's clock passing the backup's stop", async () => {
    const [clock] = await query<{ epoch: string }>(client, 'select extract(epoch from clock_timestamp()) as epoch');
    return Number(clock?.epoch) > backupStoppedAt + 1 ? true : undefined;
  });

  const [afterBackup] = await query<{ lsn: string }>(client, 'select pg_current_wal_lsn()::text as lsn');
  await writeBatch(client, 'A');
  // PostgreSQL's clock, after batch A's last commit returned and before batch B's first began.
  const [atTarget] = await query<{ now: string; replay: string }>(
    client,
    `select clock_timestamp()::text as now, pg_wal_lsn_diff(pg_current_wal_lsn(), '${afterBackup?.lsn}') as replay`,
  );
  const target = atTarget?.now ?? '';
  await writeBatch(client, 'B');
  const before = await digests(client);
  const switched = (await query<{ wal: string }>(client, 'select pg_walfile_name(pg_switch_wal()) as wal'))[0]?.wal;
  await waitFor('archiving of the last WAL segment', async () => {
    const [archiver] = await query<{ last: string | null }>(
      client,
      'select last_archived_wal as last from pg_stat_archiver',
    );
    return archiver?.last && switched && archiver.last >= switched ? true : undefined;
  });
  const [archiver] = await query<{ archived: string; failed: string }>(
    client,
    'select archived_count as archived, failed_count as failed from pg_stat_archiver',
  );
  const info: StanzaSummary = summarizeInfo(await pgbackrest(scratch, '--output=json', 'info'));
  const repositoryWal = await walInRepository(path.join(scratch.root, 'repo/archive'));
  await client.end();

  // The disaster: the server gone without a shutdown checkpoint, its files with it.
  await stopCluster(scratch, 'immediate');
  await fs.rm(scratch.dataDirectory, { recursive: true, force: true });
  await asPostgres('mkdir data', ['mkdir', '-m', '0700', scratch.dataDirectory], scratch.root);

  const restore = await timed(() =>
    pgbackrest(scratch, '--type=time', `--target=${target}`, '--target-action=promote', 'restore'),
  );
  const startedAt = performance.now();
  await startCluster(scratch);
  const accepting = performance.now() - startedAt;
  client = await waitFor('the promotion of the restored cluster', async () => {
    const candidate = connect(scratch);
    try {
      await candidate.connect();
      const [state] = await query<{ recovering: boolean }>(candidate, 'select pg_is_in_recovery() as recovering');
      if (state?.recovering === false) return candidate;
    } catch {
      // not accepting connections yet
    }
    await candidate.end().catch(() => undefined);
    return undefined;
  });
  const firstQuery = performance.now() - startedAt;
  const after = await digests(client);
  const [timeline] = await query<{ wal: string }>(client, 'select pg_walfile_name(pg_current_wal_lsn()) as wal');
  await client.end();
  // Archiving goes on from the new timeline: the next backup has WAL to build on.
  await pgbackrest(scratch, 'check');

  const failures: string[] = [];
  for (const batch of ['before', 'A']) {
    const expected = before.get(batch);
    const found = after.get(batch);
    if (!expected || found?.rows !== expected.rows || found.digest !== expected.digest) {
      failures.push(
        `batch ${batch}: ${found?.rows ?? 0} rows of ${expected?.rows ?? 0}, digest ${found?.digest === expected?.digest ? 'equal' : 'differs'}`,
      );
    }
  }
  const leaked = after.get('B')?.rows ?? 0;
  if (leaked > 0) failures.push(`batch B: ${leaked} rows written after the target came back`);
  if (before.get('B')?.rows !== batchRows * batchCount) failures.push('batch B was not written before the disaster');

  const full = info.backups.find((entry) => entry.type === 'full');
  const walFirst = info.archiveMin ?? '';
  const walLast = info.archiveMax ?? '';
  const rowsChecked = [...after.values()].reduce((sum, entry) => sum + entry.rows, 0);
  console.info(`
  full backup      ${seconds(backup.ms)} (pgbackrest: ${full?.seconds ?? '?'} s), database ${megabytes(full?.databaseBytes ?? 0)}, ${megabytes(full?.repositoryBytes ?? 0)} in the repository (compressed, ${info.cipher})
  WAL archived     ${repositoryWal.segments} segments (${walFirst}…${walLast}), ${megabytes(repositoryWal.bytes)} in the repository; archive_command ran ${archiver?.archived} times, failed ${archiver?.failed}
  target time      ${target}, between batch A and batch B (${batchCount} transactions of ${batchRows} rows each): ${megabytes(Number(atTarget?.replay))} of WAL past the backup to replay
  restore          ${seconds(restore.ms)} (pgbackrest restore --type=time --target-action=promote, ${megabytes(full?.databaseBytes ?? 0)})
  start            accepting connections after ${seconds(accepting)}, first query on the promoted cluster after ${seconds(firstQuery)} (timeline ${Number.parseInt(timeline?.wal.slice(0, 8) ?? '0', 16)})
  rows checked     ${rowsChecked}: before the backup ${after.get('before')?.rows ?? 0}/${rowsBefore}, batch A ${after.get('A')?.rows ?? 0}/${batchRows * batchCount} (digest ${after.get('A')?.digest === before.get('A')?.digest ? 'equal' : 'differs'}), batch B ${leaked}/0
  whole drill      ${seconds(performance.now() - started)}
`);
  if (failures.length > 0) {
    console.error(`drill:pitr failed:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.info('drill:pitr passed: batch A whole, batch B absent, archiving resumed on the new timeline.');
  }
}

// The repository keeps a segment as <WAL file name>-<its SHA-1>.<compression>.
async function walInRepository(folder: string): Promise<{ segments: number; bytes: number }> {
  const found = { segments: 0, bytes: 0 };
  for (const entry of await fs.readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/^[0-9A-F]{24}-[0-9a-f]{40}\./.test(entry.name)) continue;
    found.segments++;
    found.bytes += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return found;
}

main()
  .catch(async (error: Error) => {
    console.error(`\ndrill:pitr failed: ${error.message}`);
    const log = scratchRoot && (await fs.readFile(path.join(scratchRoot, 'postgresql.log'), 'utf8').catch(() => ''));
    if (log) console.error(`PostgreSQL's log ends:\n${log.trimEnd().split('\n').slice(-15).join('\n')}`);
    process.exitCode = 1;
  })
  .finally(() => cleanups.run().then(() => process.exit()));
