import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md names every top-level folder of the server and of the client in a line of its tables:
// a new folder, or one renamed, is described where a reader looks for it, or this fails.
const architecture = fs.readFileSync(path.resolve('docs/architecture.md'), 'utf8');

function folders(root: string): string[] {
  return fs
    .readdirSync(path.resolve(root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

// The folders a table of the section names: the `name/` that opens each of its rows.
function namedIn(heading: string): string[] {
  const start = architecture.indexOf(heading);
  expect(start, `docs/architecture.md has a section "${heading}"`).toBeGreaterThanOrEqual(0);
  const end = architecture.indexOf('\n#', start + heading.length);
  const section = architecture.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^\| `([a-z0-9-]+)\/` \|/gm)].map((match) => match[1] ?? '').sort();
}

describe('docs/architecture.md', () => {
  it('names each folder of src/server in a line, and no folder that is not there', () => {
    expect(namedIn("### The server's folders")).toEqual(folders('src/server'));
  });

  it('names each folder of src/client in a line, and no folder that is not there', () => {
    expect(namedIn("### The client's folders")).toEqual(folders('src/client'));
  });
});
