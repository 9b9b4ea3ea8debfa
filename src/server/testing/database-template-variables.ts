// Where the run's global setup leaves the templates for the test workers, which inherit its environment.
// Apart from database-templates.ts, so the global setup reads them without loading the database code.
export const PGLITE_TEMPLATE_VARIABLE = 'TANDEM_TEST_PGLITE_TEMPLATE';
// A new embedded database as initdb leaves it, before any migration.
export const PGLITE_BLANK_VARIABLE = 'TANDEM_TEST_PGLITE_BLANK';
export const POSTGRES_TEMPLATE_VARIABLE = 'TANDEM_TEST_POSTGRES_TEMPLATE';
// The server bundle the boot project's files start (boot-global-setup.ts).
export const SERVER_UNDER_TEST_VARIABLE = 'TANDEM_TEST_SERVER_UNDER_TEST';

// What a template holds besides its schema (settings, the job queue's queues): its tables, to empty, and the
// rows to put back, as JSON. A worker empties its database back to this between files (test-database.ts).
export interface TemplateContents {
  tables: string[];
  rows: Array<{ table: string; columns: string; json: string }>;
}

export function templateContentsVariable(driver: 'pglite' | 'postgres') {
  return `TANDEM_TEST_${driver.toUpperCase()}_TEMPLATE_CONTENTS`;
}
