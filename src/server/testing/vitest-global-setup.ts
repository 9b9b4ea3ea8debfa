import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGLITE_TEMPLATE_VARIABLE, POSTGRES_TEMPLATE_VARIABLE } from './database-template-variables';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const migrationsFolder = path.resolve(import.meta.dirname, '../db/migrations');

// The database code (PGlite, pg, pg-boss) is loaded only to make a template: a file run alone whose
// PGlite template is cached starts its worker that much sooner.
const loadTemplates = () => import('./database-templates');

// What a template is made of: the migrations, the code that prepares it, and the versions of PGlite and pg-boss.
async function templateFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const migrationFiles = await fs.readdir(migrationsFolder, { recursive: true, encoding: 'utf8' });
  const sources = [
    ...migrationFiles.sort().map((file) => path.join(migrationsFolder, file)),
    path.join(import.meta.dirname, 'database-templates.ts'),
    path.join(import.meta.dirname, '../platform/pg-boss-queue.ts'),
    path.join(repositoryRoot, 'node_modules/@electric-sql/pglite/package.json'),
    path.join(repositoryRoot, 'node_modules/pg-boss/package.json'),
  ];
  for (const source of sources) {
    const stat = await fs.stat(source);
    if (stat.isFile()) hash.update(source).update(await fs.readFile(source));
  }
  return hash.digest('hex').slice(0, 16);
}

// The PGlite template is kept between runs (a file run alone then only loads it); a change to what it is
// made of names a new one. Written under a temporary name first, so a run never reads a half-written file.
async function pgliteTemplateFile(): Promise<string> {
  const directory = path.join(repositoryRoot, 'node_modules/.cache/tandem-test');
  const file = path.join(directory, `pglite-template-${await templateFingerprint()}.tar`);
  if (await fs.stat(file).catch(() => undefined)) return file;
  await fs.mkdir(directory, { recursive: true });
  for (const stale of await fs.readdir(directory)) {
    if (stale.startsWith('pglite-template-')) await fs.rm(path.join(directory, stale), { force: true });
  }
  const written = `${file}.${process.pid}`;
  const { createPgliteTemplate } = await loadTemplates();
  await fs.writeFile(written, await createPgliteTemplate());
  await fs.rename(written, file);
  return file;
}

// Global setup of the database projects (vitest.config.ts): the template of the project's database kind,
// handed to the test workers through their environment. The PostgreSQL one lives for the run.
export default async function setUpDatabaseTemplate(project: TestProject) {
  const serverUrl = project.config.env.DATABASE_URL;
  if (serverUrl) {
    const { createPostgresTemplate, dropDatabase } = await loadTemplates();
    const name = await createPostgresTemplate(serverUrl);
    process.env[POSTGRES_TEMPLATE_VARIABLE] = name;
    return () => dropDatabase(serverUrl, name);
  }
  process.env[PGLITE_TEMPLATE_VARIABLE] = await pgliteTemplateFile();
}
