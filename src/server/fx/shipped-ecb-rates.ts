import fs from 'node:fs/promises';
import path from 'node:path';
import { type EcbRate, parseEcbReferenceRates } from './ecb-reference-rates';

// The ECB reference rates the project ships (eurofxref-daily.xml beside this module; the build copies it,
// scripts/build-server.ts), so a machine with no network has rates and says their day. The file is the ECB's
// eurofxref-daily.xml of 2022-07-08 as kept in the public repository xpt-nl/ecb (commit 85e5271d832f), byte
// for byte as the ECB publishes it.
export const SHIPPED_ECB_FILE = path.join(import.meta.dirname, 'eurofxref-daily.xml');

export async function readShippedEcbRates(): Promise<EcbRate[]> {
  return parseEcbReferenceRates(await fs.readFile(SHIPPED_ECB_FILE, 'utf8'));
}
