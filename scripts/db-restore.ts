// `npm run db:restore -- [--force] <backup file>`: puts back what npm run db:backup took, with every
// Tandem instance stopped (decision 028). --force replaces data already there, keeping it aside.
import { loadConfig } from '../src/server/config';
import { BackupRefusedError, describeManifest, restoreDatabase } from '../src/server/db/backup';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((arg) => arg !== '--force');
if (files.length !== 1 || files[0]?.startsWith('-')) {
  console.error('Usage: npm run db:restore -- [--force] <backup file>');
  process.exit(1);
}

try {
  const restored = await restoreDatabase({ config: loadConfig(process.env), file: files[0] ?? '', force });
  if (restored.movedAsideTo) console.log(`What DATA_DIR held is now in ${restored.movedAsideTo}.`);
  if (restored.savedBeforeRestore) console.log(`The database as it was is saved in ${restored.savedBeforeRestore}.`);
  console.log(
    `Restored the backup of ${restored.manifest.createdAt} (${describeManifest(restored.manifest)}). Start the server: it applies any newer migrations.`,
  );
  for (const note of restored.notes) console.log(note);
} catch (error) {
  // A refusal is the whole story; a tool that failed (pg_dump, pg_restore, tar) said why in the message.
  console.error(
    error instanceof BackupRefusedError ? error.message : `The restore failed: ${(error as Error).message}`,
  );
  process.exit(1);
}
