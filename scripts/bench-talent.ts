// `npm run bench:talent [-- --duration 10 --connections 20 --profiles 1000000]`: Talent Search at a
// platform's scale. Makes sure the database of DATABASE_URL (default tandem_talent on the local
// PostgreSQL) holds that many applicants (npm run seed:talent; only the missing ones are added), starts
// the real server on it and sends a fixed, varied mix of searches (common and rare free text, one to three
// skills, rate ranges, level, region, each sort, the working-hours overlap, deep pages, words only in the
// CVs that one profile in ten has) at 20 connections. Reports p50/p95/p99 of the
// whole mix and of its selective searches (a rare skill or a narrow filter), each search's own time, and
// the query plans of the slowest three. Targets: p95 ≤ 50 ms for the mix, ≤ 15 ms for selective ones.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/client';
import { SESSION_COOKIE } from '../src/server/platform/auth-context';
import { createSharedCache } from '../src/server/platform/shared-cache';
import { buildAccount, buildSession } from '../src/server/seed/factories';
import { searchCandidates } from '../src/server/talent-search/search-candidates';
import { type TalentQuery, talentQuerySchema } from '../src/shared/talent-search';
import { openCpuMeter, withBenchServer } from './bench/measure-api';
import { plansOf } from './bench/query-plans';
import { printTalentSizes, seedTalent, TALENT_DATABASE_URL } from './seed-talent';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    profiles: { type: 'string', default: '1000000' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const profiles = Number(values.profiles);

// The mix: what companies search for. `selective` marks a rare skill or a narrow filter.
const searches: Array<{ name: string; query: TalentQuery; selective?: boolean }> = [
  { name: 'no filter, best match', query: {} },
  { name: 'common text "developer"', query: { q: 'developer' } },
  { name: 'common text "react engineer"', query: { q: 'react engineer' } },
  { name: 'text "customer support"', query: { q: 'customer support' } },
  { name: 'rare text "haskell"', query: { q: 'haskell' }, selective: true },
  { name: 'rare text "cobol" + region', query: { q: 'cobol', region: 'Europe' }, selective: true },
  { name: 'skill Python', query: { skills: 'Python' } },
  { name: 'skills React, TypeScript', query: { skills: 'React,TypeScript' } },
  { name: 'skills AWS, Docker, Kubernetes', query: { skills: 'AWS,Docker,Kubernetes' } },
  { name: 'rare skill OCaml', query: { skills: 'OCaml' }, selective: true },
  { name: 'rare skill Fortran + level', query: { skills: 'Fortran', level: 'expert' }, selective: true },
  { name: 'rate 20–40', query: { rate_min: 20, rate_max: 40 } },
  {
    name: 'rate 90–95, expert, Africa',
    query: { rate_min: 90, rate_max: 95, level: 'expert', region: 'Africa' },
    selective: true,
  },
  { name: 'level senior, Asia Pacific', query: { level: 'senior', region: 'Asia Pacific' } },
  { name: 'availability part-time', query: { availability: 'part-time' } },
  { name: 'badges verified + checked', query: { badges: 'id_verified,background_check' } },
  { name: 'sort rate low to high', query: { sort: 'rate_asc' } },
  { name: 'sort rate high to low, Python', query: { sort: 'rate_desc', skills: 'Python' } },
  { name: 'sort rating', query: { sort: 'rating' } },
  { name: 'sort recent activity', query: { sort: 'recent_activity' } },
  { name: 'sort proven skills', query: { sort: 'proven_skills' } },
  { name: 'proven skills, Python', query: { sort: 'proven_skills', skills: 'Python' } },
  { name: 'overlap ≥ 4 h with New York', query: { overlap_hours: 4, overlap_with: 'America/New_York' } },
  {
    name: 'rare skill COBOL + overlap ≥ 6 h with Berlin',
    query: { skills: 'COBOL', overlap_hours: 6, overlap_with: 'Europe/Berlin' },
    selective: true,
  },
  // Words only CVs hold (seed/talent-at-scale.ts: one profile in ten has a CV): a common employer, a
  // rare one, and a CV word with a profile word.
  { name: 'CV word "fabrikam"', query: { q: 'fabrikam' } },
  { name: 'rare CV word "zephyrine"', query: { q: 'zephyrine' }, selective: true },
  { name: 'CV word "northwind" + "engineer"', query: { q: 'northwind engineer' } },
  { name: '"developer" page 50', query: { q: 'developer', page: 50 } },
  { name: 'no filter, page 500', query: { page: 500 } },
];

const pathOf = (query: TalentQuery) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  const search = params.toString();
  return `/api/talent${search ? `?${search}` : ''}`;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

interface RunFigures {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  // Each path's own response times, in the order of `paths`.
  timesByPath: number[][];
  // CPU a request, in ms: the server process and PostgreSQL's backends (null where /proc cannot tell).
  serverCpu: number | null;
  databaseCpu: number | null;
}

type CpuMeter = Awaited<ReturnType<typeof openCpuMeter>>;

// One autocannon run over a list of paths taken in turn; every response time kept for exact percentiles.
// Each connection sends the list in order, one request at a time, so its k-th response answers path
// k mod n: that tells each search's own times within the mix.
async function runMix(
  origin: string,
  cookie: string,
  paths: string[],
  { cpu, seconds = duration }: { cpu: CpuMeter; seconds?: number },
): Promise<RunFigures> {
  const times: number[] = [];
  const timesByPath = paths.map((): number[] => []);
  const answeredBy = new Map<unknown, number>();
  let non2xx = 0;
  const before = await cpu.sample();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        headers: { cookie },
        requests: paths.map((path) => ({ method: 'GET', path })),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      const answered = answeredBy.get(client) ?? 0;
      answeredBy.set(client, answered + 1);
      timesByPath[answered % paths.length]?.push(responseTime);
      times.push(responseTime);
      if (statusCode >= 300) non2xx++;
    });
  });
  const used = cpu.between(before, await cpu.sample());
  const perRequest = (total: number | null) => (total === null || times.length === 0 ? null : total / times.length);
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    perSecond: Math.round(result.requests.average),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.timeouts,
    non2xx,
    timesByPath,
    serverCpu: perRequest(used.server),
    databaseCpu: perRequest(used.database),
  };
}

const p95Of = (times: number[]) =>
  percentile(
    [...times].sort((a, b) => a - b),
    95,
  );

const seeded = await seedTalent(TALENT_DATABASE_URL, profiles);
await printTalentSizes(TALENT_DATABASE_URL);

const database = await openDatabase({ url: TALENT_DATABASE_URL, poolSize: 1 });
const { user, companyId } = await (async () => {
  const { user } = await buildAccount(database.db, { role: 'company', companyName: 'Talent Bench Company' });
  const member = await database.db.query.companyMembers.findFirst({
    where: (table, { eq }) => eq(table.userId, user.id),
  });
  if (!member) throw new Error('The bench company was not created.');
  return { user, companyId: member.companyId };
})();
const { token } = await buildSession(database.db, user.id);
await database.close();
const cookie = `${SESSION_COOKIE}=${token}`;

await withBenchServer(TALENT_DATABASE_URL, async ({ origin, pid }) => {
  const cpu = await openCpuMeter({
    serverPid: pid,
    serverUrl: TALENT_DATABASE_URL,
    databaseName: new URL(TALENT_DATABASE_URL).pathname.slice(1),
  });
  // Each search alone first: its own time (median of 3 after one warm-up) and its result count.
  const single: Array<{ name: string; path: string; ms: number; total: number; selective: boolean }> = [];
  for (const search of searches) {
    const path = pathOf(search.query);
    const timings: number[] = [];
    let total = 0;
    for (let attempt = 0; attempt < 4; attempt++) {
      const started = performance.now();
      const response = await fetch(`${origin}${path}`, { headers: { cookie } });
      const body = (await response.json()) as { total?: number };
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
      if (attempt > 0) timings.push(performance.now() - started);
      total = body.total ?? 0;
    }
    timings.sort((a, b) => a - b);
    single.push({ name: search.name, path, ms: timings[1] ?? 0, total, selective: Boolean(search.selective) });
  }
  const paths = searches.map((search) => pathOf(search.query));
  await runMix(origin, cookie, paths, { cpu }); // warm-up: JIT, plans, the database's caches

  const selectivePaths = searches.filter((search) => search.selective).map((search) => pathOf(search.query));
  // The ceiling: the same session, routing and serialising, with one tiny indexed query behind it.
  const ceilingPath = '/api/talent/skills?q=zz';
  const ceiling = await runMix(origin, cookie, [ceilingPath], { cpu });
  const mix = await runMix(origin, cookie, paths, { cpu });
  const selective = await runMix(origin, cookie, selectivePaths, { cpu });
  // The CPU a search costs, each search alone for a few seconds at the same connections: what the
  // server and PostgreSQL spend, which the latency of twenty requests sharing two cores cannot tell.
  // After the mix, whose estimates (count-candidates.ts, a minute) these runs would otherwise outlive.
  const cpuBySearch: RunFigures[] = [];
  for (const entry of single) cpuBySearch.push(await runMix(origin, cookie, [entry.path], { cpu, seconds: 2 }));
  // The mix again, now that the estimates it kept are over a minute old: the moment a popular search's
  // estimate is refreshed (count-candidates.ts).
  const staleMix = await runMix(origin, cookie, paths, { cpu });
  const cpuFigure = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
  console.log(
    `\n| search | results | alone (ms, median of 3) | server CPU (ms/search) | PostgreSQL CPU (ms/search) |\n|---|---:|---:|---:|---:|`,
  );
  single.forEach((entry, index) => {
    const run = cpuBySearch[index];
    console.log(
      `| ${entry.name}${entry.selective ? ' (selective)' : ''} | ${entry.total.toLocaleString('en-US')} | ${entry.ms.toFixed(1)} | ${cpuFigure(run?.serverCpu ?? null)} | ${cpuFigure(run?.databaseCpu ?? null)} |`,
    );
  });

  const selectiveInMix = searches.flatMap((search, index) => (search.selective ? (mix.timesByPath[index] ?? []) : []));
  const figure = (value: number) => value.toFixed(1);
  console.log(
    `\nautocannon: ${connections} connections, ${duration} s a run, loopback, the ${paths.length} searches above taken in turn`,
  );
  console.log(
    '| run | requests | req/s | p50 (ms) | p95 (ms) | p99 (ms) | server CPU (ms/req) | PostgreSQL CPU (ms/req) | errors | non-2xx |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const [name, run] of [
    [`ceiling: ${ceilingPath} (session + one indexed query)`, ceiling],
    ['whole mix', mix],
    ['selective searches alone', selective],
    ['whole mix, its estimates over a minute old', staleMix],
  ] as const) {
    console.log(
      `| ${name} | ${run.requests} | ${run.perSecond} | ${figure(run.p50)} | ${figure(run.p95)} | ${figure(run.p99)} | ${cpuFigure(run.serverCpu)} | ${cpuFigure(run.databaseCpu)} | ${run.errors} | ${run.non2xx} |`,
    );
  }
  console.log('\nEach search within the whole mix:\n| search | requests | p95 (ms) |\n|---|---:|---:|');
  searches.forEach((search, index) => {
    const times = mix.timesByPath[index] ?? [];
    console.log(
      `| ${search.name}${search.selective ? ' (selective)' : ''} | ${times.length} | ${figure(p95Of(times))} |`,
    );
  });
  console.log(`| all selective searches | ${selectiveInMix.length} | ${figure(p95Of(selectiveInMix))} |`);
  await cpu.close();

  // A run that finished no request met nothing.
  const isClean = (run: RunFigures) => run.requests > 0 && run.errors === 0 && run.non2xx === 0;
  const mixMet = isClean(mix) && mix.p95 <= 50;
  const selectiveMet = isClean(selective) && selective.p95 <= 15;
  console.log(`\nwhole mix: p95 ${figure(mix.p95)} ms (target ≤ 50 ms) ${mixMet ? 'met' : 'MISSED'}`);
  console.log(
    `selective searches alone: p95 ${figure(selective.p95)} ms (target ≤ 15 ms) ${selectiveMet ? 'met' : 'MISSED'}; ` +
      `within the mix ${figure(p95Of(selectiveInMix))} ms`,
  );
  console.log(
    `ceiling at ${connections} connections: p95 ${figure(ceiling.p95)} ms, ${ceiling.perSecond} req/s; ` +
      `the mix reaches ${((100 * mix.perSecond) / Math.max(1, ceiling.perSecond)).toFixed(0)}% of its throughput`,
  );
  console.log(
    `seed: ${seeded.added.toLocaleString('en-US')} applicants added in ${seeded.seconds.toFixed(1)} s this run`,
  );

  console.log('\nThe slowest three searches, as PostgreSQL ran them:');
  for (const entry of [...single].sort((a, b) => b.ms - a.ms).slice(0, 3)) {
    const search = searches.find((candidate) => candidate.name === entry.name);
    if (!search) continue;
    console.log(`\n### ${entry.name} (${entry.ms.toFixed(1)} ms)`);
    for (const plan of await plansOf(TALENT_DATABASE_URL, (db) =>
      // An empty cache: the plans are those of a search seen for the first time in a minute.
      searchCandidates({ db, cache: createSharedCache({}), companyId, filters: talentQuerySchema.parse(search.query) }),
    ))
      console.log(plan);
  }
  if (!mixMet || !selectiveMet) process.exitCode = 1;
});
