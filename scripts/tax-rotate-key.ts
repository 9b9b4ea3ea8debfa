// `npm run tax:rotate-key`: re-seals every tax identification number under the current key (decision 054).
// Put the new key first in TAX_ID_KEYS and keep the old ones after it, restart the servers, run this, then
// drop the old keys. With the embedded database, stop the server first: it holds the database.
import { loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/client';
import { exitWhenDataDirectoryInUse } from '../src/server/db/lock-data-directory';
import { migrateDatabase } from '../src/server/db/migrate';
import { createTaxIdCipher, taxIdKeysOf } from '../src/server/platform/tax-id-cipher';
import { resolveSecret } from '../src/server/secret';
import { rotateTaxIdKeys } from '../src/server/tax-forms/rotate-tax-id-keys';

const config = loadConfig(process.env);
const cipher = createTaxIdCipher(taxIdKeysOf({ config, secret: await resolveSecret(config) }));
const database = await openConfiguredDatabase(config).catch(exitWhenDataDirectoryInUse);
try {
  await migrateDatabase(database);
  const { resealed, forms } = await rotateTaxIdKeys({ db: database.db, cipher });
  console.log(
    `${resealed} tax identification numbers re-sealed under key "${cipher.currentKeyId}" (${forms} tax forms).`,
  );
} finally {
  await database.close();
}
