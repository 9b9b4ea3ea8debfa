// What drill:pitr takes from deploy/pgbackrest.conf and what it reads back from pgbackrest. The drill runs
// the production settings (encryption, compression, retention, parallelism, asynchronous archiving) against
// a scratch cluster: only where the repository lives and the host's paths are its own.

export const STANZA = 'tandem';

export type PgbackrestConf = Map<string, Map<string, string>>;

// pgbackrest's INI: [section] headers, key=value lines, # comments.
export function parsePgbackrestConf(text: string): PgbackrestConf {
  const sections: PgbackrestConf = new Map();
  let current: Map<string, string> | undefined;
  for (const [index, rawLine] of text.split('\n').entries()) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[([\w.-]+)\]$/.exec(line);
    if (header) {
      const name = header[1] ?? '';
      current = sections.get(name) ?? new Map();
      sections.set(name, current);
      continue;
    }
    const setting = /^([a-z0-9-]+)=(.*)$/.exec(line);
    if (!setting || !current) {
      throw new Error(`line ${index + 1} is neither a [section], a key=value inside one, nor a comment: ${line}`);
    }
    current.set(setting[1] ?? '', setting[2] ?? '');
  }
  return sections;
}

// The bucket, its credentials and the host's folders: the drill's own repository and folders instead.
const HOST_ONLY = /^(repo1-(type|path|s3-.+|storage-.+|cipher-pass)|log-path|spool-path|lock-path)$/;

export interface ScratchPaths {
  root: string;
  dataDirectory: string;
  port: number;
}

export function drillPgbackrestConf(deployed: PgbackrestConf, { root, dataDirectory, port }: ScratchPaths): string {
  const global = deployed.get('global');
  if (!global) throw new Error('deploy/pgbackrest.conf has no [global] section');
  if (!deployed.has(STANZA)) throw new Error(`deploy/pgbackrest.conf has no [${STANZA}] stanza`);
  const cipher = global.get('repo1-cipher-type');
  if (cipher !== 'aes-256-cbc') {
    throw new Error(`deploy/pgbackrest.conf encrypts with ${cipher ?? 'nothing'}, not aes-256-cbc`);
  }
  const kept = [...global].filter(([key]) => !HOST_ONLY.test(key));
  const lines = [
    '[global]',
    ...kept.map(([key, value]) => `${key}=${value}`),
    'repo1-type=posix',
    `repo1-path=${root}/repo`,
    `log-path=${root}/log`,
    `spool-path=${root}/spool`,
    `lock-path=${root}/lock`,
    '',
    `[${STANZA}]`,
    `pg1-path=${dataDirectory}`,
    `pg1-port=${port}`,
    `pg1-socket-path=${root}`,
    '',
  ];
  return lines.join('\n');
}

// The passphrase in a file of its own under conf.d, as production keeps it out of the main file.
export function secretsConf(passphrase: string): string {
  return `[global]\nrepo1-cipher-pass=${passphrase}\n`;
}

export interface BackupSummary {
  label: string;
  type: string;
  seconds: number;
  // Unix time, whole seconds: a restore to a time picks the newest backup that stopped before it.
  stoppedAt: number;
  databaseBytes: number;
  repositoryBytes: number;
  walStart: string;
  walStop: string;
}

export interface StanzaSummary {
  status: string;
  cipher: string;
  backups: BackupSummary[];
  archiveMin?: string;
  archiveMax?: string;
}

interface InfoJson {
  name: string;
  cipher: string;
  status: { message: string };
  archive: Array<{ min: string | null; max: string | null }>;
  backup: Array<{
    label: string;
    type: string;
    timestamp: { start: number; stop: number };
    info: { size: number; repository: { size: number } };
    archive: { start: string; stop: string };
  }>;
}

// `pgbackrest info --output=json`: one stanza's backups and the WAL the repository holds.
export function summarizeInfo(json: string, stanza = STANZA): StanzaSummary {
  let stanzas: InfoJson[];
  try {
    stanzas = JSON.parse(json) as InfoJson[];
  } catch {
    throw new Error(`pgbackrest info printed no JSON: ${json.slice(0, 200)}`);
  }
  const found = Array.isArray(stanzas) ? stanzas.find((entry) => entry.name === stanza) : undefined;
  if (!found) throw new Error(`pgbackrest info knows no stanza ${stanza}`);
  const archives = found.archive ?? [];
  const last = archives[archives.length - 1];
  return {
    status: found.status.message,
    cipher: found.cipher,
    backups: (found.backup ?? []).map((backup) => ({
      label: backup.label,
      type: backup.type,
      seconds: backup.timestamp.stop - backup.timestamp.start,
      stoppedAt: backup.timestamp.stop,
      databaseBytes: backup.info.size,
      repositoryBytes: backup.info.repository.size,
      walStart: backup.archive.start,
      walStop: backup.archive.stop,
    })),
    archiveMin: last?.min ?? undefined,
    archiveMax: last?.max ?? undefined,
  };
}
