import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One name per domain from the client's folder to the server's (the house issue): a client folder has a server
// twin of the same name, or it is named below — as client-only (no server side of its own), or as served by a
// server folder of another name, a rename still to make. A new folder must choose, and a rename must shorten
// the list.

const clientOnly = ['app', 'components', 'content', 'lib'];

// Client folder → the server folder its calls reach (by the contracts it imports).
const servedByAnotherName: Record<string, string> = {
  'admin-assignments': 'work',
  'admin-disputes': 'fixed-price',
  'admin-jobs': 'jobs',
  'admin-payments': 'payments',
  'admin-payouts': 'payouts',
  'admin-tests': 'assessments',
  'company-dashboard': 'companies',
  'contact-inbox': 'site',
  'hiring-team': 'jobs',
  'manager-portal': 'account-managers',
  'message-templates': 'messaging',
  'system-settings': 'settings',
  'test-taking': 'assessments',
  timesheets: 'work',
};

const folders = (root: string) =>
  fs
    .readdirSync(path.resolve(root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

describe('client and server folders', () => {
  const client = folders('src/client');
  const server = new Set(folders('src/server'));

  it('have one name per domain, or say why not', () => {
    const unexplained = client.filter(
      (folder) => !server.has(folder) && !clientOnly.includes(folder) && !(folder in servedByAnotherName),
    );
    expect(unexplained).toEqual([]);
  });

  it('list only folders that exist, and serve each from a server folder that exists', () => {
    const listed = [...clientOnly, ...Object.keys(servedByAnotherName)];
    expect(listed.filter((folder) => !client.includes(folder))).toEqual([]);
    expect(listed.filter((folder) => server.has(folder))).toEqual([]);
    expect(Object.values(servedByAnotherName).filter((folder) => !server.has(folder))).toEqual([]);
  });
});
