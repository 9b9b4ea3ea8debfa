// `npm run drill:release -- [--from x.y.z] [--keep-logs] [--max-minutes n]`: the release check's promise run
// for real. The previous release (releases.json's newest, or --from) is checked out from its tag and built;
// it starts on a fresh PostgreSQL database, then this tree's build upgrades the database, then the previous
// release starts again on the upgraded schema — the rollback — and each time `ops smoke` signs in and walks
// the deployment. Prints how long each step took; exits 1 when the previous release cannot run.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/client';
import { buildAccount } from '../src/server/seed/factories';
import { freePort } from '../src/server/testing/free-port';
import { stopChild } from './bench/child-processes';
import {
  type Cleanups,
  createCleanups,
  type DeploymentSettings,
  ensureBuild,
  freshDatabase,
  instanceEnvironment,
  redisKeyPrefixFor,
  repositoryRoot,
  startInstance,
  startMailSink,
  waitUntilReady,
} from './drill/deployment';
import { runSmoke } from './ops/smoke';
import { readReleaseLog } from './release/releases';

const run = promisify(execFile);
const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    'keep-logs': { type: 'boolean', default: false },
    'max-minutes': { type: 'string', default: '20' },
  },
});
const cleanups = createCleanups('drill:release', Number(values['max-minutes']));

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

// The tag checked out beside this tree, with this tree's packages when its lock file is the same (else its
// own `npm ci`), and built as a release is.
async function buildRelease(cleanups: Cleanups, version: string, root: string) {
  const tag = `v${version}`;
  await run('git', ['rev-parse', '--verify', `${tag}^{commit}`], { cwd: repositoryRoot }).catch(() => {
    throw new Error(`There is no tag ${tag} here: git fetch --tags, then try again.`);
  });
  await run('git', ['worktree', 'add', '--detach', root, tag], { cwd: repositoryRoot });
  cleanups.add(`the worktree of ${tag}`, () =>
    run('git', ['worktree', 'remove', '--force', root], { cwd: repositoryRoot }),
  );
  const [lockThen, lockNow] = await Promise.all([
    fs.readFile(path.join(root, 'package-lock.json'), 'utf8'),
    fs.readFile(path.join(repositoryRoot, 'package-lock.json'), 'utf8'),
  ]);
  const install = lockThen === lockNow ? 'linked this tree’s packages' : 'installed its own packages';
  if (lockThen === lockNow)
    await fs.symlink(path.join(repositoryRoot, 'node_modules'), path.join(root, 'node_modules'));
  else await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, maxBuffer: 64 << 20 });
  await run('npm', ['run', '--silent', 'build'], { cwd: root, maxBuffer: 64 << 20 });
  return install;
}

// A company's account made with this tree's code on the release's database (administrators need a second
// factor, which the smoke test does not give).
async function createCompanyAccount(settings: DeploymentSettings, logDir: string) {
  const config = loadConfig(instanceEnvironment(settings, 0, path.join(logDir, 'data-account'), logDir));
  const database = await openConfiguredDatabase(config);
  try {
    const password = randomBytes(12).toString('base64url');
    const { user } = await buildAccount(database.db, { role: 'company', password });
    return { email: user.email, password };
  } finally {
    await database.close();
  }
}

async function main() {
  const log = readReleaseLog();
  const version = values.from ?? log.releases.at(-1)?.version;
  if (!version) throw new Error('releases.json lists no release to roll back to.');
  const logDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-drill-release-'));
  cleanups.add('the logs', async () => {
    if (values['keep-logs']) console.info(`logs kept in ${logDir}`);
    else await fs.rm(logDir, { recursive: true, force: true });
  });

  let started = performance.now();
  ensureBuild();
  const install = await buildRelease(cleanups, version, path.join(logDir, 'previous'));
  console.info(`Built ${version} from its tag (${install}) and this tree: ${seconds(started)}`);

  const port = await freePort();
  const settings: DeploymentSettings = {
    databaseUrl: await freshDatabase(cleanups, 'tandem_drill_release'),
    redisKeyPrefix: redisKeyPrefixFor(cleanups, 'drill-release'),
    smtpUrl: (await startMailSink(cleanups)).url,
    publicUrl: `http://127.0.0.1:${port}`,
    sessionSecret: randomBytes(32).toString('base64url'),
  };
  let account: { email: string; password: string } | undefined;
  const failures: string[] = [];

  // One release on the shared database: start, wait until ready, walk it signed in, stop.
  const runRelease = async (step: string, buildRoot: string) => {
    started = performance.now();
    const instance = await startInstance(cleanups, { name: step, port, buildRoot, settings, logDir });
    await waitUntilReady(instance, 180_000);
    const ready = seconds(started);
    account ??= await createCompanyAccount(settings, logDir);
    const checks = await runSmoke(settings.publicUrl, { signIn: account });
    const failed = checks.filter((check) => !check.ok);
    for (const check of failed) failures.push(`${step}: ${check.name} — ${check.detail}`);
    console.info(
      `${step}: ready in ${ready}; smoke ${checks.length - failed.length}/${checks.length} checks passed${failed.length ? ` (failed: ${failed.map((check) => check.name).join(', ')})` : ''}`,
    );
    await stopChild(instance.child, 15_000);
  };

  await runRelease(`${version} on a new database`, path.join(logDir, 'previous'));
  await runRelease('this tree, upgrading the database', repositoryRoot);
  await runRelease(`${version} again, on the upgraded schema (the rollback)`, path.join(logDir, 'previous'));

  if (failures.length > 0) {
    values['keep-logs'] = true;
    throw new Error(`The previous release does not run on the new schema:\n${failures.join('\n')}`);
  }
  console.info(`Release ${version} runs on this tree's schema, before and after the upgrade.`);
}

try {
  await main();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
