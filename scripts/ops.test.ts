import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, sessions, users } from '../src/server/db/schema';
import type { JobQueue } from '../src/server/platform/job-queue';
import { startPgBossQueue } from '../src/server/platform/pg-boss-queue';
import { loadWebClient } from '../src/server/platform/web-client';
import { buildSession } from '../src/server/seed/factories';
import { signedInAccount } from '../src/server/testing/auth-helpers';
import { writeFixtureBuild } from '../src/server/testing/fixture-client-build';
import { createTestApp, type TestApp } from '../src/server/testing/test-app';
import { listFailedJobs } from './ops/jobs';
import { runOps } from './ops/run-ops';
import { describeSettings } from './ops/settings';
import { runSmoke } from './ops/smoke';
import { findUsers, OPS_SOURCE } from './ops/users';

const quiet = { error: () => undefined, warn: () => undefined };

// `npm run ops` against a test app: the commands as an operator types them (runOps, with the test database), the
// smoke test against the app listening on a loopback port, and the script itself for its help and refusals.
describe('the operator command', () => {
  let testApp: TestApp;
  let directory: string;
  let baseUrl: string;

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-ops-'));
    await writeFixtureBuild(directory);
    // The home page names its script, as a built one does: the smoke test finds an asset through it.
    await fs.writeFile(
      path.join(directory, 'index.html'),
      '<html><head><script type="module" src="/assets/app-3f2a1b.js"></script></head><body>home page</body></html>',
    );
    const webClient = await loadWebClient(directory, 'http://127.0.0.1');
    // No workers of the app's own: the test's queue is the only one to take (and fail) a job.
    testApp = await createTestApp({ webClient, env: { JOB_WORKERS: 'false' } });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await testApp.close();
    await fs.rm(directory, { recursive: true, force: true });
  });

  // The command line, on the test database (which the command must not close).
  async function ops(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOps(argv, {
      config: () => testApp.config,
      openDatabase: async () => ({ ...testApp.database, close: async () => {} }),
      env: {},
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  const auditOf = (userId: string, action: string) =>
    testApp.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, userId), eq(auditLogs.action, action)));

  it('finds people by a fragment of their address or name, with their company and last sign-in', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Opaline Quarry' });
    const member = await signedInAccount(testApp, {
      role: 'company',
      name: 'Opaline Ridge',
      companyName: 'Ridge Works',
    });
    const found = await findUsers({ db: testApp.database.db, fragment: 'opaline' });
    expect(found.map((user) => user.email).sort()).toEqual([applicant.user.email, member.user.email].sort());
    expect(found.find((user) => user.id === member.user.id)).toMatchObject({
      role: 'company',
      status: 'active',
      company: 'Ridge Works',
    });
    expect(await findUsers({ db: testApp.database.db, fragment: '100%' })).toEqual([]);

    const listed = await ops('users', 'find', 'Opaline', 'Quarry');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(applicant.user.email);
    expect(listed.out).not.toContain(member.user.email);
    const json = await ops('users', 'find', applicant.user.id, '--json');
    expect(JSON.parse(json.out)).toEqual([expect.objectContaining({ id: applicant.user.id, role: 'applicant' })]);
  });

  it('suspends an applicant as Applicant Management does, signed out at once, and reactivates them', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const refused = await ops('users', 'suspend', applicant.user.email);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('--reason');

    const suspended = await ops('users', 'suspend', applicant.user.email.toUpperCase(), '--reason', 'Spam reports');
    expect(suspended).toMatchObject({ code: 0, out: `Suspended ${applicant.user.email}; 1 session(s) ended.` });
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, applicant.user.id));
    expect(row?.status).toBe('suspended');
    const me = await applicant.request({ method: 'GET', url: '/api/auth/me' });
    expect(me.json()).toMatchObject({ user: null, signed_out_reason: 'account_suspended' });
    const [audit] = await auditOf(applicant.user.id, 'applicant.suspended');
    expect(audit).toMatchObject({
      actorId: null,
      details: {
        before: { status: 'active' },
        after: { status: 'suspended' },
        sessions_ended: 1,
        reason: 'Spam reports',
        by: OPS_SOURCE,
      },
    });
    // Again: nothing changes, no second row.
    expect((await ops('users', 'suspend', applicant.user.id, '--reason', 'again')).out).toContain('already suspended');
    expect(await auditOf(applicant.user.id, 'applicant.suspended')).toHaveLength(1);

    const reactivated = await ops('users', 'reactivate', applicant.user.id, '--json');
    expect(JSON.parse(reactivated.out)).toMatchObject({ changed: true, user: { status: 'active' } });
    expect(await auditOf(applicant.user.id, 'applicant.activated')).toEqual([
      expect.objectContaining({ actorId: null, details: expect.objectContaining({ by: OPS_SOURCE }) }),
    ]);
  });

  it('refuses to suspend other accounts one by one, and someone who does not exist, in a sentence', async () => {
    const member = await signedInAccount(testApp, { role: 'company' });
    const refused = await ops('users', 'suspend', member.user.email, '--reason', 'x');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Company Management');
    const missing = await ops('users', 'reactivate', 'nobody@example.com', '--json');
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.out)).toEqual({ error: 'No user has the email address nobody@example.com.' });
  });

  it('ends every session of a person, with an audit row', async () => {
    const member = await signedInAccount(testApp, { role: 'company' });
    await buildSession(testApp.database.db, member.user.id);
    const ended = await ops('sessions', 'end', member.user.email);
    expect(ended).toMatchObject({ code: 0, out: `Ended 2 session(s) of ${member.user.email}.` });
    expect(await testApp.database.db.select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
    expect((await member.request({ method: 'GET', url: '/api/auth/me' })).json()).toMatchObject({ user: null });
    expect(await auditOf(member.user.id, 'auth.sessions_revoked')).toEqual([
      expect.objectContaining({ actorId: null, details: { count: 2, by: OPS_SOURCE } }),
    ]);
  });

  it('lists failed jobs and puts them back through pg-boss', async () => {
    let queue: JobQueue | undefined;
    try {
      queue = await startPgBossQueue({
        database: testApp.database,
        logger: quiet,
        pollingIntervalSeconds: 0.5,
        retryLimit: 0,
      });
      await queue.work('fetch-fx-rates', async () => {
        throw new Error('the rates server answered 503');
      });
      await queue.send('fetch-fx-rates', {});
      await queue.send('fetch-fx-rates', {});
      const started = Date.now();
      while ((await listFailedJobs(testApp.database, { queue: 'fetch-fx-rates' })).length < 2) {
        if (Date.now() - started > 15_000) throw new Error('the jobs did not fail');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await queue?.stop();
    }
    const listed = await ops('jobs', 'failed', '--queue', 'fetch-fx-rates', '--json');
    const failed = JSON.parse(listed.out) as Array<{ id: string; name: string; error: string; retryCount: number }>;
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({ name: 'fetch-fx-rates', retryCount: 0 });
    expect(failed[0]?.error).toContain('the rates server answered 503');
    expect((await ops('jobs', 'failed')).out).toContain('fetch-fx-rates');

    const stateOf = async (id: string) =>
      (await testApp.database.runSql('select state from pgboss.job where id = $1', [id])).rows[0]?.state;
    const [first, second] = failed;
    if (!first || !second) throw new Error('two failed jobs expected');
    expect(await ops('jobs', 'retry', first.id)).toMatchObject({ code: 0 });
    expect(await stateOf(first.id)).toBe('retry');
    expect(await stateOf(second.id)).toBe('failed');
    const again = await ops('jobs', 'retry', first.id);
    expect(again.code).toBe(1);
    expect(again.err).toContain('No failed job has the id');

    expect(await ops('jobs', 'retry', '--queue', 'fetch-fx-rates', '--all')).toMatchObject({
      code: 0,
      out: 'Put 1 failed fetch-fx-rates job(s) back to be retried.',
    });
    expect(await stateOf(second.id)).toBe('retry');
    expect((await ops('jobs', 'retry')).code).toBe(1);
  });

  it('shows the settings in force with every secret masked', async () => {
    const config = {
      ...testApp.config,
      DATABASE_URL: 'postgres://tandem:hunter2@db:5432/tandem',
      SESSION_SECRET: 'a'.repeat(40),
      STRIPE_SECRET_KEY: undefined,
    };
    const settings = await describeSettings({ config, db: testApp.database.db });
    expect(settings.configuration).toMatchObject({
      DATABASE_URL: 'postgres://tandem:***@db:5432/tandem',
      SESSION_SECRET: 'set',
      STRIPE_SECRET_KEY: 'not set',
      NODE_ENV: 'test',
      REDIS_KEY_PREFIX: 'tandem:',
    });
    expect(JSON.stringify(settings)).not.toMatch(/hunter2|aaaaaaaa/);
    expect(settings.platform).toHaveProperty('session_timeout_minutes');
    const shown = await ops('settings', 'show');
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(/SESSION_SECRET\s+not set/);
    expect(shown.out).toContain('session_timeout_minutes');
  });

  it('smoke-tests the app on a loopback port, signed in and out, and fails on what is broken', async () => {
    const account = await signedInAccount(testApp, { role: 'applicant', password: 'a long test password 1' });
    const checks = await runSmoke(baseUrl, {
      signIn: { email: account.user.email, password: 'a long test password 1' },
    });
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    expect(checks.map((check) => check.name)).toEqual([
      '/api/health answers',
      '/api/ready answers ready',
      'the home page renders',
      '/jobs renders',
      'a static asset is served with caching headers',
      'security headers are present',
      'sign-in',
      'an authenticated API read',
      'the live socket upgrades',
    ]);

    const signedOut = await ops('smoke', baseUrl);
    expect(signedOut.code).toBe(0);
    expect(signedOut.out).toMatch(/^✓ \/api\/health answers \(\d+ ms\)/);
    expect(signedOut.out).toContain('All 7 checks passed.');

    const wrong = await runSmoke(baseUrl, { signIn: { email: account.user.email, password: 'not it at all' } });
    expect(wrong.filter((check) => !check.ok).map((check) => check.name)).toEqual([
      'sign-in',
      'an authenticated API read',
    ]);
    // Nothing listens there.
    const down = await ops('smoke', 'http://127.0.0.1:9', '--json');
    expect(down.code).toBe(1);
    expect(JSON.parse(down.out)).toMatchObject({ ok: false });
  });

  it('runs as a script: its help, and a clear refusal of a bad argument', async () => {
    const run = promisify(execFile);
    const script = ['--import', 'tsx', 'scripts/ops.ts'];
    const [help, bad] = await Promise.all([
      run(process.execPath, [...script, 'jobs', 'retry', '--help']),
      run(process.execPath, [...script, 'smoke', 'not a url']).catch((error) => error),
    ]);
    expect(help.stdout).toContain('npm run ops -- jobs retry --queue name --all');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("Give the deployment's address");
  });
});
