import { z } from 'zod';

// Asks the EU's VIES whether a member state has registered a VAT number (its REST interface, VIES_URL:
// https://ec.europa.eu/taxation_customs/vies/rest-api). A member state's service is down for hours at a time,
// so a failure of any kind is an answer, 'unavailable', never an exception: the caller keeps the number,
// checked for its shape (tax-ids.ts), and may ask again later.

export type ViesResult =
  | { status: 'valid' | 'invalid'; name: string; address: string; requestDate: string }
  | { status: 'unavailable'; reason: string };

export const VIES_TIMEOUT_MS = 5_000;
// An answer is a few hundred bytes; a misconfigured URL must not fill the memory.
const ANSWER_MAX_BYTES = 64 * 1024;

// POST /check-vat-number answers a verdict, or — on 200 as on 4xx and 5xx — a list of errors
// (MS_UNAVAILABLE, MS_MAX_CONCURRENT_REQ, TIMEOUT, SERVICE_UNAVAILABLE, INVALID_INPUT …).
const viesAnswerSchema = z.object({
  valid: z.boolean().optional(),
  name: z.string().nullish(),
  address: z.string().nullish(),
  requestDate: z.string().nullish(),
  // Beside valid: false, an error code here means no verdict was reached.
  userError: z.string().nullish(),
  actionSucceed: z.boolean().optional(),
  errorWrappers: z.array(z.object({ error: z.string().nullish() })).nullish(),
});

// Member states that keep a trader's name or address private answer '---'.
const published = (value: string | null | undefined) => {
  const text = (value ?? '').trim();
  return text === '---' ? '' : text;
};

async function boundedText(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > ANSWER_MAX_BYTES) {
      await reader.cancel();
      throw new Error(`an answer larger than ${ANSWER_MAX_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const unavailable = (reason: string): ViesResult => ({ status: 'unavailable', reason });

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function readAnswer(status: number, text: string): ViesResult {
  const answer = viesAnswerSchema.safeParse(parsedJson(text));
  const data = answer.success ? answer.data : undefined;
  const error = data?.errorWrappers?.find((wrapper) => wrapper.error)?.error;
  if (error) return unavailable(error);
  if (status < 200 || status > 299) return unavailable(`HTTP ${status}`);
  if (!data) return unavailable('an answer not understood');
  if (data.actionSucceed === false || data.errorWrappers) return unavailable('an error without a code');
  if (data.userError && data.userError !== 'VALID' && data.userError !== 'INVALID') return unavailable(data.userError);
  if (data.valid === undefined) return unavailable('an answer without a verdict');
  return {
    status: data.valid ? 'valid' : 'invalid',
    name: published(data.name),
    address: published(data.address),
    requestDate: data.requestDate ?? '',
  };
}

// `countryCode`: the VIES member state code (checkTaxId's viesCountry: EL for Greece, XI for Northern
// Ireland). `vatNumber`: with or without that prefix.
export async function checkVatWithVies(
  input: { countryCode: string; vatNumber: string },
  options: { url: string; timeoutMs?: number },
): Promise<ViesResult> {
  const countryCode = input.countryCode.trim().toUpperCase();
  const compact = input.vatNumber.toUpperCase().replace(/[\s./-]+/g, '');
  const vatNumber = compact.startsWith(countryCode) ? compact.slice(countryCode.length) : compact;
  const timeoutMs = options.timeoutMs ?? VIES_TIMEOUT_MS;
  const controller = new AbortController();
  // Covers the answer's body too: a server that sends its headers and stalls is as unavailable as one that
  // never answers.
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(`${options.url.replace(/\/+$/, '')}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode, vatNumber }),
      signal: controller.signal,
    });
    return readAnswer(response.status, await boundedText(response));
  } catch (error) {
    if (controller.signal.aborted) return unavailable(`no answer within ${timeoutMs} ms`);
    // fetch says "fetch failed"; what failed (ECONNREFUSED, ENOTFOUND) is its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return unavailable(`${error instanceof Error ? error.message : String(error)}${cause}`);
  } finally {
    clearTimeout(timer);
  }
}
