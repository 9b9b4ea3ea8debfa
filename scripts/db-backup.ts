// `npm run db:backup -- [file or directory]`: the configured database (DATABASE_URL, or the embedded one in
// DATA_DIR, which needs the server stopped) and DATA_DIR/secret.key in one .tar.gz (decision 028).
import { loadConfig } from '../src/server/config';
import { BackupRefusedError, backUpDatabase, describeManifest, describeSize } from '../src/server/db/backup';

const args = process.argv.slice(2);
if (args.length > 1 || args.some((arg) => arg.startsWith('-'))) {
  console.error('Usage: npm run db:backup -- [directory, or file ending .tar.gz; the current directory by default]');
  process.exit(1);
}

try {
  const backup = await backUpDatabase({ config: loadConfig(process.env), target: args[0] });
  console.log(`Backed up to ${backup.file} (${describeSize(backup.bytes)}: ${describeManifest(backup.manifest)}).`);
  for (const note of backup.notes) console.log(note);
} catch (error) {
  // A refusal is the whole story; a tool that failed (pg_dump, pg_restore, tar) said why in the message.
  console.error(error instanceof BackupRefusedError ? error.message : `The backup failed: ${(error as Error).message}`);
  process.exit(1);
}
