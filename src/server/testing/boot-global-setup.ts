import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { SERVER_UNDER_TEST_VARIABLE } from './database-template-variables';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

// Global setup of the boot project (vitest.config.ts): the production server bundle its files start as real
// processes, built once for the run (scripts/build-server.ts --server-only), with the files a new embedded
// database starts from. Inside the repository, so that the bundle finds the packages it leaves to node_modules.
export default async function buildServerUnderTest() {
  const directory = path.join(repositoryRoot, 'node_modules/.cache', `tandem-server-under-test-${process.pid}`);
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/build-server.ts', '--server-only', '--out-dir', directory],
    { cwd: repositoryRoot, env: { PATH: process.env.PATH, LOG_LEVEL: 'warn' } },
  );
  process.env[SERVER_UNDER_TEST_VARIABLE] = directory;
  return () => fs.rm(directory, { recursive: true, force: true });
}
