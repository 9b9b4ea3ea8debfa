import path from 'node:path';

// The npm scripts an operator runs beside the server (docs: the runbook). The container image holds no
// TypeScript sources, so `npm run build:server` also bundles each into build/commands/, and the Dockerfile
// points the image's npm script at the bundle: `npm run admin:create` works the same in both.
export const OPERATOR_COMMANDS = {
  'admin:create': 'scripts/admin-create.ts',
  'db:migrate': 'scripts/db-migrate.ts',
  'db:backup': 'scripts/db-backup.ts',
  'db:restore': 'scripts/db-restore.ts',
  'tax:rotate-key': 'scripts/tax-rotate-key.ts',
  ops: 'scripts/ops.ts',
} as const;

export const COMMANDS_DIRECTORY = 'build/commands';

export const builtCommandOf = (source: string) => `${COMMANDS_DIRECTORY}/${path.basename(source, '.ts')}.js`;
