// `npm run ops -- <command>`: the operator's everyday tasks beside a running deployment (docs/operations.md,
// "Operator commands"): find a user, suspend or reactivate them, end their sessions, list and retry failed jobs,
// show the settings in force, smoke-test a deployment. `npm run ops -- --help` lists them (scripts/ops/run-ops.ts).
import { loadConfig } from '../src/server/config';
import { runOps } from './ops/run-ops';

const code = await runOps(process.argv.slice(2), {
  config: () => loadConfig(process.env),
  // The server's own opening (as admin:create's), loaded only by the commands that read the database.
  openDatabase: async (config) => {
    const [{ openConfiguredDatabase }, { exitWhenDataDirectoryInUse }] = await Promise.all([
      import('../src/server/db/client'),
      import('../src/server/db/lock-data-directory'),
    ]);
    return openConfiguredDatabase(config).catch(exitWhenDataDirectoryInUse);
  },
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exitCode = code;
