// Where the run's global setup leaves the templates for the test workers, which inherit its environment.
// Apart from database-templates.ts, so the global setup reads them without loading the database code.
export const PGLITE_TEMPLATE_VARIABLE = 'TANDEM_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_VARIABLE = 'TANDEM_TEST_POSTGRES_TEMPLATE';
