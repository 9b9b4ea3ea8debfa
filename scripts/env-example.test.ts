import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_NAMES } from '../src/server/config';

const run = promisify(execFile);

// deploy/.env.example is read three ways: by Docker Compose (env_file), by systemd (EnvironmentFile=) and by a
// shell (`set -a; . file`, how settings reach `npm run admin:create`). They agree only on a subset: a plain value
// of characters no shell treats specially, or a double-quoted one without $ ` \ ' or " (systemd and a shell
// both expand or unescape those differently). A line outside it would load differently in one of the three.
const PLAIN = /^[A-Za-z0-9_@%+=:,./?-]*$/;
const QUOTED = /^"([^"$`\\']*)"$/;

// Settings config.ts reads that have no line of their own, and why.
const UNLISTED: Record<string, string> = {
  CALENDAR_APIS_URL: 'the tests stand-in for the calendar providers, refused in production',
};

interface Line {
  key: string;
  value: string;
  isCommentedOut: boolean;
  number: number;
}

// The value every reader gets from a line of the subset; a line outside it is a failure of its own.
function settingLines(text: string): { lines: Line[]; outside: string[] } {
  const lines: Line[] = [];
  const outside: string[] = [];
  text.split('\n').forEach((line, index) => {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) {
      if (line !== '' && !line.startsWith('#')) outside.push(`line ${index + 1} is neither a setting nor a comment`);
      return;
    }
    const [, comment, key = '', raw = ''] = match;
    const quoted = QUOTED.exec(raw);
    if (!quoted && !PLAIN.test(raw)) {
      outside.push(`line ${index + 1} (${key}): quote the value in double quotes, without $ \` \\ ' or " inside`);
    }
    lines.push({ key, value: quoted ? (quoted[1] ?? '') : raw, isCommentedOut: Boolean(comment), number: index + 1 });
  });
  return { lines, outside };
}

// What a POSIX shell exports after sourcing the file, from an empty environment.
async function sourcedByShell(file: string): Promise<Map<string, string>> {
  const { stdout } = await run('sh', ['-c', 'set -a; . "$1"; set +a; env -0', 'sh', file], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  const environment = new Map<string, string>();
  for (const entry of stdout.split('\0').filter(Boolean)) {
    const separator = entry.indexOf('=');
    environment.set(entry.slice(0, separator), entry.slice(separator + 1));
  }
  return environment;
}

describe('deploy/.env.example', () => {
  let directory: string;
  let example: string;

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-env-example-'));
    example = await fs.readFile('deploy/.env.example', 'utf8');
  });
  afterAll(async () => {
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('holds only lines that Compose, systemd and a shell read alike', () => {
    expect(settingLines(example).outside).toEqual([]);
    const keys = settingLines(example).lines.map((line) => line.key);
    expect(
      keys.filter((key, index) => keys.indexOf(key) !== index),
      'settings with two lines',
    ).toEqual([]);
  });

  it('lists every setting the server reads, set or commented out', () => {
    const keys = new Set(settingLines(example).lines.map((line) => line.key));
    expect(SETTING_NAMES.filter((name) => !keys.has(name) && !(name in UNLISTED))).toEqual([]);
    for (const name of Object.keys(UNLISTED)) expect(example, `${name} is named in a comment`).toContain(name);
  });

  it('loads into a shell with set -a, every value as written (as shipped, and with every setting uncommented)', async () => {
    const uncommented = example.replace(/^#\s*([A-Z][A-Z0-9_]*=)/gm, '$1');
    for (const [name, text] of [
      ['as-shipped.env', example],
      ['uncommented.env', uncommented],
    ] as const) {
      const file = path.join(directory, name);
      await fs.writeFile(file, text);
      const sourced = await sourcedByShell(file);
      const { lines } = settingLines(text);
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines.filter((entry) => !entry.isCommentedOut)) {
        expect(sourced.get(line.key), `${name} line ${line.number} (${line.key})`).toBe(line.value);
      }
    }
    const sourced = await sourcedByShell(path.join(directory, 'as-shipped.env'));
    expect(sourced.get('MAIL_FROM')).toBe('Tandem <no-reply@tandem.example.com>');
  });
});
