// `npm run release:check` (in npm test): the newest release in releases.json can run on this tree's
// schema — no migration since it contracts — so a rolling upgrade from it, and a rollback to it, are safe.
import { checkReleases, readReleaseLog } from './release/releases';

const problems = checkReleases();
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
const log = readReleaseLog();
const newest = log.releases.at(-1);
console.log(
  log.nextRelease?.contracts
    ? `The next release contracts (${log.nextRelease.contracts}): it needs a maintenance window.`
    : `Release ${newest?.version} runs on this schema: a rolling upgrade from it is safe.`,
);
