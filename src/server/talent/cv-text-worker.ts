// The text of a CV, read in a worker thread (read-cv-text.ts starts it with memory limits and ends it
// after a time limit): a hostile file can exhaust this thread, never the server's event loop.
// Node runs this file as it is (type stripping), in development and beside the production bundle
// (scripts/build-server.ts copies it), so it imports packages and Node only, nothing of src/.
import { parentPort, workerData } from 'node:worker_threads';
import { Unzip, UnzipInflate } from 'fflate';
import { getDocumentProxy } from 'unpdf';

export interface CvTextLimits {
  // A PDF with more pages is refused whole: a CV has a few.
  maxPages: number;
  // The text kept: reading stops there.
  maxChars: number;
  // A DOCX's word/document.xml once inflated (a zip bomb inflates far past its size), and its entries.
  maxDocumentXmlBytes: number;
  maxZipEntries: number;
}

export interface CvTextRequest {
  // Says the thread was started for this (a test runner's own worker threads have workerData too).
  purpose: 'cv-text';
  bytes: Uint8Array;
  contentType: string;
  limits: CvTextLimits;
}

export type CvTextAnswer = { ok: true; text: string } | { ok: false; reason: string };

// A refusal by a limit or a broken file: the job records it and the applicant is told.
class Unreadable extends Error {}

// Whitespace as single spaces, lines kept; control characters (and the excerpt's markers) dropped.
function tidy(text: string, maxChars: number): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]/gu, (character) => (character === '\n' ? '\n' : ' '))
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n[\s]*/g, '\n')
    .trim()
    .slice(0, maxChars);
}

async function readPdf(bytes: Uint8Array, limits: CvTextLimits): Promise<string> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // The text only: no fonts loaded as faces, no XFA forms.
    pdf = await getDocumentProxy(bytes, { disableFontFace: true, enableXfa: false });
  } catch (error) {
    throw new Unreadable(`not a readable PDF (${(error as Error).message})`);
  }
  if (pdf.numPages > limits.maxPages) throw new Unreadable(`${pdf.numPages} pages, more than ${limits.maxPages}`);
  let text = '';
  for (let number = 1; number <= pdf.numPages && text.length < limits.maxChars; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str + (item.hasEOL ? '\n' : ' ');
    }
    text += '\n';
    page.cleanup();
  }
  return text;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return entities[name] ?? whole;
  });

// word/document.xml inflated as it streams, counted: past the limit the inflating stops.
function documentXmlOf(bytes: Uint8Array, limits: CvTextLimits): string {
  const decoder = new TextDecoder();
  let xml = '';
  let inflated = 0;
  let entries = 0;
  let isFound = false;
  let failure: Unreadable | undefined;
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > limits.maxZipEntries) throw new Unreadable(`more than ${limits.maxZipEntries} zip entries`);
    if (file.name !== 'word/document.xml') return;
    isFound = true;
    if (file.originalSize !== undefined && file.originalSize > limits.maxDocumentXmlBytes) {
      throw new Unreadable(`word/document.xml says it inflates to ${file.originalSize} bytes`);
    }
    file.ondata = (error, chunk, isFinal) => {
      if (failure) return;
      if (error) {
        failure = new Unreadable(`word/document.xml does not inflate (${error.message})`);
        return;
      }
      inflated += chunk.length;
      if (inflated > limits.maxDocumentXmlBytes) {
        failure = new Unreadable(`word/document.xml inflates past ${limits.maxDocumentXmlBytes} bytes`);
        file.terminate();
        return;
      }
      xml += decoder.decode(chunk, { stream: !isFinal });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch (error) {
    if (error instanceof Unreadable) throw error;
    throw new Unreadable(`not a readable zip (${(error as Error).message})`);
  }
  if (failure) throw failure;
  if (!isFound) throw new Unreadable('no word/document.xml');
  return xml;
}

// The document's runs of text (w:t), with its paragraphs, tabs and breaks as whitespace.
function readDocx(bytes: Uint8Array, limits: CvTextLimits): string {
  const xml = documentXmlOf(bytes, limits);
  let text = '';
  for (const match of xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<\/w:p>|<w:(?:tab|br|cr)\b[^>]*\/>/g)) {
    if (match[1] !== undefined) text += decodeXml(match[1]);
    else text += match[0] === '</w:p>' ? '\n' : ' ';
    if (text.length >= limits.maxChars) break;
  }
  return text;
}

export async function readCvTextHere({ bytes, contentType, limits }: CvTextRequest): Promise<CvTextAnswer> {
  try {
    const raw = contentType === 'application/pdf' ? await readPdf(bytes, limits) : readDocx(bytes, limits);
    return { ok: true, text: tidy(raw, limits.maxChars) };
  } catch (error) {
    if (error instanceof Unreadable) return { ok: false, reason: error.message };
    return { ok: false, reason: `unreadable (${(error as Error).message})` };
  }
}

const request = workerData as CvTextRequest | undefined;
if (parentPort && request?.purpose === 'cv-text') {
  const port = parentPort;
  readCvTextHere(request).then((answer) => port.postMessage(answer));
}
