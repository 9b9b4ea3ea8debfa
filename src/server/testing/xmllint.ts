import { spawnSync } from 'node:child_process';

// xmllint parses the file (Debian's libxml2-utils, which .ci/run installs): a missing tool fails the test.
export function xmllint(xml: string): { status: number | null; stderr: string } {
  const result = spawnSync('xmllint', ['--noout', '-'], { input: xml, encoding: 'utf8' });
  if (result.error) {
    throw new Error(
      `xmllint could not run (${result.error.message}); install it with apt-get install -y libxml2-utils, as .ci/run does.`,
    );
  }
  return { status: result.status, stderr: result.stderr };
}
