import { FX_FILE_MAX_BYTES } from '~/shared/fx-rates';
import type { Database } from '../db/client';
import { parseEcbReferenceRates } from './ecb-reference-rates';
import { storeEcbRates } from './store-ecb-rates';

const FETCH_TIMEOUT_MS = 30_000;

// The body, refused past maxBytes while it streams in: a misconfigured URL must not fill the memory.
async function boundedText(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`the answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

// The daily job (schedule.ts): the ECB's reference rates from FX_RATES_URL, stored as source 'ecb'. Where
// the network does not allow it (no route, a timeout, an error page, a file that is not the ECB's) the
// failure is logged and nothing else happens: the job does not throw, so pg-boss does not hammer the
// server with retries; tomorrow's tick tries again, and the rates stored meanwhile stay in force.
export async function fetchEcbRates({
  db,
  url,
  logger,
  timeoutMs = FETCH_TIMEOUT_MS,
}: {
  db: Database;
  url: string | undefined;
  logger: { info(details: object, message: string): void; warn(details: object, message: string): void };
  timeoutMs?: number;
}): Promise<{ stored: number; dates: string[] } | { failed: string }> {
  if (!url) return { failed: 'FX_RATES_URL is not set' };
  let text: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`the server answered HTTP ${response.status}`);
    }
    text = await boundedText(response, FX_FILE_MAX_BYTES);
  } catch (error) {
    const failed = `exchange rates not fetched from ${url}: ${error instanceof Error ? error.message : String(error)}`;
    logger.warn({ url }, `${failed}; trying again tomorrow`);
    return { failed };
  }
  try {
    const result = await storeEcbRates({ db, rates: parseEcbReferenceRates(text), source: 'ecb' });
    logger.info({ url, stored: result.stored, dates: result.dates }, 'exchange rates fetched from the ECB');
    return { stored: result.stored, dates: result.dates };
  } catch (error) {
    const failed = `exchange rates from ${url} not stored: ${error instanceof Error ? error.message : String(error)}`;
    logger.warn({ url }, `${failed}; trying again tomorrow`);
    return { failed };
  }
}
