import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  PGLITE_BLANK_VARIABLE,
  PGLITE_TEMPLATE_VARIABLE,
  POSTGRES_TEMPLATE_VARIABLE,
  templateContentsVariable,
} from './database-template-variables';

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
    path.join(import.meta.dirname, '../platform/initial-database-files.ts'),
    path.join(repositoryRoot, 'node_modules/@electric-sql/pglite/package.json'),
    path.join(repositoryRoot, 'node_modules/pg-boss/package.json'),
  ];
  for (const source of sources) {
    const stat = await fs.stat(source);
    if (stat.isFile()) hash.update(source).update(await fs.readFile(source));
  }
  return hash.digest('hex').slice(0, 16);
}

// The PGlite template (its files, and what it holds as JSON) is kept between runs: a file run alone then only
// loads it. A change to what it is made of names a new one. Each is written under a temporary name first, the
// files last, so a run never reads a half-written template.
const blankFileOf = (templateFile: string) => templateFile.replace(/\.tar$/, '-blank.tar');

async function pgliteTemplate(): Promise<{ file: string; contents: string }> {
  const directory = path.join(repositoryRoot, 'node_modules/.cache/tandem-test');
  const file = path.join(directory, `pglite-template-${await templateFingerprint()}.tar`);
  const contentsFile = `${file}.json`;
  if (await fs.stat(file).catch(() => undefined)) return { file, contents: await fs.readFile(contentsFile, 'utf8') };
  await fs.mkdir(directory, { recursive: true });
  for (const stale of await fs.readdir(directory)) {
    if (stale.startsWith('pglite-template-')) await fs.rm(path.join(directory, stale), { force: true });
  }
  const { createPgliteTemplate } = await loadTemplates();
  const template = await createPgliteTemplate();
  const contents = JSON.stringify(template.contents);
  for (const [target, data] of [
    [contentsFile, contents],
    [blankFileOf(file), template.blankFiles],
    [file, template.files],
  ] as const) {
    const written = `${target}.${process.pid}`;
    await fs.writeFile(written, data);
    await fs.rename(written, target);
  }
  return { file, contents };
}

// Global setup of the database projects (vitest.config.ts): the template of the project's database kind,
// handed to the test workers through their environment. The PostgreSQL one lives for the run.
export default async function setUpDatabaseTemplate(project: TestProject) {
  const serverUrl = project.config.env.DATABASE_URL;
  if (serverUrl) {
    const { createPostgresTemplate, dropTemplateAndCopies } = await loadTemplates();
    const { name, contents } = await createPostgresTemplate(serverUrl);
    process.env[POSTGRES_TEMPLATE_VARIABLE] = name;
    process.env[templateContentsVariable('postgres')] = JSON.stringify(contents);
    return () => dropTemplateAndCopies(serverUrl, name);
  }
  const { file, contents } = await pgliteTemplate();
  process.env[PGLITE_TEMPLATE_VARIABLE] = file;
  process.env[PGLITE_BLANK_VARIABLE] = blankFileOf(file);
  process.env[templateContentsVariable('pglite')] = contents;
}
