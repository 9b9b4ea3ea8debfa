import fs from 'node:fs/promises';
import { PGLITE_TEMPLATE_VARIABLE } from './database-template-variables';

// The run's migrated PGlite files (vitest-global-setup.ts), for a test that opens an embedded database in a
// directory of its own: starting from them skips initdb and the migrations, seconds on a slow machine.
// Undefined when the run made none (a file run alone in a project without the database setup).
export async function migratedPgliteFiles(): Promise<Blob | undefined> {
  const templateFile = process.env[PGLITE_TEMPLATE_VARIABLE];
  return templateFile ? new Blob([await fs.readFile(templateFile)]) : undefined;
}
