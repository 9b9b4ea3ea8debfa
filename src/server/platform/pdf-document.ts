import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Font } from 'fontkit';
import {
  createShaper,
  embeddingLevels,
  fontFiles,
  loadHarfBuzz,
  readTextBackAsShaped,
  visualOrder,
} from './pdf-shaping';

// Every PDF the server makes starts here (invoices, payout statements, the yearly summary, the hiring
// analytics report): embedded typefaces, so any name a company or a person gives reads right in every viewer
// and in programs that extract the text. PDFKit's built-in Helvetica knows Windows-1252 only ("Łódź Ελλάδα
// Москва 日本" came out garbled).
//
// No single font covers every script, so each run of text is set in the first face that has its glyphs,
// as browsers do: Noto Sans (Latin, Greek, Cyrillic, Vietnamese, Devanagari), Noto Naskh Arabic, Noto Sans
// Hebrew, Bengali and Thai, then Noto Sans SC (every CJK unified ideograph of the basic block, so Chinese
// and Japanese kanji, and the kana) and Noto Sans KR (Hangul). The faces ship in npm packages, not from
// the machine (docs/stack-notes.md "PDF fonts"); the CJK files are large (8 and 5 MB a weight), but PDFKit
// embeds only the glyphs a document uses: an invoice is about 10 KB, 90 KB with a Chinese or Japanese name.
//
// Text is shaped by HarfBuzz, not by PDFKit's fontkit (pdf-shaping.ts): Arabic letters joined, Indic
// conjuncts and vowel signs in place, Thai and Vietnamese marks stacked. The bidirectional algorithm
// (bidi-js) orders right-to-left runs, within a face and across faces on a line. Every glyph carries the
// letters it was made from, so pdftotext, search and screen readers read back the text as it was written.

export type PdfWeight = 'regular' | 'bold';

// Files are relative to the folder of each package's entry (the packages export no paths to their fonts).
const EMBEDPDF = (file: string) => `../fonts/${file}`;
const FONTSOURCE = (name: string, weight: number) => `files/${name}-${weight}-normal.woff`;
const FACES = [
  { package: '@embedpdf/fonts-latin', regular: EMBEDPDF('NotoSans-Regular.ttf'), bold: EMBEDPDF('NotoSans-Bold.ttf') },
  {
    package: '@embedpdf/fonts-arabic',
    regular: EMBEDPDF('NotoNaskhArabic-Regular.ttf'),
    bold: EMBEDPDF('NotoNaskhArabic-Bold.ttf'),
  },
  {
    package: '@embedpdf/fonts-hebrew',
    regular: EMBEDPDF('NotoSansHebrew-Regular.ttf'),
    bold: EMBEDPDF('NotoSansHebrew-Bold.ttf'),
  },
  {
    package: '@fontsource/noto-sans-bengali',
    regular: FONTSOURCE('noto-sans-bengali-bengali', 400),
    bold: FONTSOURCE('noto-sans-bengali-bengali', 700),
  },
  {
    package: '@fontsource/noto-sans-thai',
    regular: FONTSOURCE('noto-sans-thai-thai', 400),
    bold: FONTSOURCE('noto-sans-thai-thai', 700),
  },
  {
    package: '@embedpdf/fonts-sc',
    regular: EMBEDPDF('NotoSansHans-Regular.otf'),
    bold: EMBEDPDF('NotoSansHans-Bold.otf'),
  },
  { package: '@embedpdf/fonts-kr', regular: EMBEDPDF('NotoSansKR-Regular.otf'), bold: EMBEDPDF('NotoSansKR-Bold.otf') },
] as const;

// Found at run time (createRequire), not imported: the container image's check needs them named.
export const PDF_FONT_PACKAGES = FACES.map((face) => face.package);

interface LoadedFace {
  name: string;
  font: Font;
}

type LoadedFaces = Record<PdfWeight, LoadedFace[]>;

function fontFile(packageName: string, file: string): string {
  const entry = createRequire(import.meta.url).resolve(packageName);
  return path.join(path.dirname(entry), file);
}

async function loadFace(packageName: string, file: string, name: string): Promise<LoadedFace> {
  // Loaded with the first PDF, as pdfkit is: fontkit would add to every start.
  const [fontkit, hb, bytes] = await Promise.all([
    import('fontkit'),
    loadHarfBuzz(),
    fs.readFile(fontFile(packageName, file)),
  ]);
  const { sfnt, shaping } = fontFiles(bytes);
  const font = fontkit.create(sfnt);
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection, not one font.`);
  // PDFKit lays text out with font.layout(): HarfBuzz does it instead (pdf-shaping.ts).
  const shaper = createShaper(hb, font, shaping);
  (font as { layout: unknown }).layout = (text: string) => shaper.layout(text);
  return { name, font };
}

// Read once per process, on the first PDF (the files take about 30 MB of memory from then on).
let loaded: Promise<LoadedFaces> | null = null;
function loadFaces(): Promise<LoadedFaces> {
  const loadWeight = (weight: PdfWeight) =>
    Promise.all(FACES.map((face, index) => loadFace(face.package, face[weight], `face${index}-${weight}`)));
  if (!loaded) {
    const loading = Promise.all([loadWeight('regular'), loadWeight('bold')]).then(([regular, bold]) => ({
      regular,
      bold,
    }));
    // A failed read is not kept: the next PDF tries again.
    loading.catch(() => {
      if (loaded === loading) loaded = null;
    });
    loaded = loading;
  }
  return loaded;
}

function primaryFace(faces: readonly LoadedFace[]): LoadedFace {
  const [primary] = faces;
  if (!primary) throw new Error('No font face is loaded.');
  return primary;
}

interface Run {
  face: LoadedFace;
  text: string;
  level: number;
}

// Spaces and combining marks stay with the run they are in; every other character goes to the first face
// that has it (the first face when none does, which draws its empty box). A run is also of one bidi level,
// so runs can be put in the order they are seen: a right-to-left name with a number in it, for one.
const JOINS_ANY_RUN = /^(?:\s|\p{M}|\u200c|\u200d|\ufe0f)$/u;
function splitIntoRuns(value: string, faces: readonly LoadedFace[]): Run[] {
  const runs: Run[] = [];
  const primary = primaryFace(faces);
  const levels = embeddingLevels(value);
  let offset = 0;
  for (const character of value) {
    const current = runs.at(-1);
    const level = levels[offset] ?? 0;
    offset += character.length;
    const codePoint = character.codePointAt(0) ?? 0;
    const face =
      current && JOINS_ANY_RUN.test(character)
        ? current.face
        : (faces.find((candidate) => candidate.font.hasGlyphForCodePoint(codePoint)) ?? primary);
    if (current && current.face === face && current.level === level) current.text += character;
    else runs.push({ face, text: character, level });
  }
  return runs;
}

export type PdfTextOptions = PDFKit.Mixins.TextOptions & { weight?: PdfWeight };

export interface PdfWriter {
  document: PDFKit.PDFDocument;
  // document.text() with the fallback faces: at x, y (or where the last text ended), in the weight given.
  text(value: string, x?: number, y?: number, options?: PdfTextOptions): PdfWriter;
  // The file, once everything is drawn.
  finish(): Promise<Buffer>;
}

export async function createPdf({
  title,
  now,
  margin,
  autoFirstPage = true,
  size = 'A4',
}: {
  title: string;
  now: Date;
  margin: number;
  autoFirstPage?: boolean;
  // US Letter for the IRS's forms, which are laid out on it.
  size?: 'A4' | 'LETTER';
}): Promise<PdfWriter> {
  // Loaded on the first export: pdfkit is a quarter of a second of every start otherwise.
  const [{ default: PDFDocument }, faces] = await Promise.all([import('pdfkit'), loadFaces()]);
  const document = new PDFDocument({
    size,
    margin,
    autoFirstPage,
    info: { Title: title, Author: 'Tandem', CreationDate: now },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  // PDFKit takes a font it has already parsed (it checks for layout()): each document then reuses the
  // tables read before instead of parsing a new copy of the file (a third of a second, a second with CJK).
  for (const weight of ['regular', 'bold'] as const) {
    for (const face of faces[weight])
      document.registerFont(face.name, face.font as unknown as PDFKit.Mixins.PDFFontSource);
  }
  // Each face PDFKit opens for this document reads back as shaped (pdf-shaping.ts). PDFKit makes a face's
  // embedded font when it is first chosen, so the choice goes through here.
  const selectFace = (face: LoadedFace) => {
    document.font(face.name);
    readTextBackAsShaped((document as unknown as { _font: object })._font);
    return document;
  };
  // Before anything is drawn: the default Helvetica is then never used, so never embedded.
  selectFace(primaryFace(faces.regular));

  const writer: PdfWriter = {
    document,
    text(value, x, y, { weight = 'regular', ...options } = {}) {
      const primary = primaryFace(faces[weight]);
      // Every face on the primary face's baseline: PDFKit puts text's top at y and finds the baseline from
      // each font's own ascender, which would lift or drop a CJK name against the text around it.
      selectFace(primary);
      const { ascent, descent } = primary.font;
      const baseline = -(document.currentLineHeight() * ascent) / (ascent - descent);
      const runs = splitIntoRuns(value, faces[weight]);
      if (new Set(runs.map((run) => run.face)).size <= 1) {
        // One face: its layout orders right-to-left text itself, line by line as PDFKit wraps it.
        selectFace(runs[0]?.face ?? primary).text(value, x, y, { ...options, baseline });
        return writer;
      }
      const widthOf = (run: Run) => selectFace(run.face).widthOfString(run.text, options);
      const startX = x ?? document.x;
      const startY = y ?? document.y;
      const total = runs.reduce((sum, run) => sum + widthOf(run), 0);
      const available = options.width ?? document.page.width - document.page.margins.right - startX;
      const seen = visualOrder(runs);
      const reordered = seen.some((run, index) => run !== runs[index]);
      // PDFKit's continued text aligns each piece on its own and keeps them in reading order: a line that
      // fits is placed piece by piece, in the order the pieces are seen.
      if (total <= available && (reordered || options.align === 'right' || options.align === 'center')) {
        const free = available - total;
        let left = startX + (options.align === 'right' ? free : options.align === 'center' ? free / 2 : 0);
        for (const run of seen) {
          selectFace(run.face).text(run.text, left, startY, {
            ...options,
            baseline,
            width: undefined,
            align: 'left',
            lineBreak: false,
          });
          left += widthOf(run);
        }
        selectFace(primary);
        document.x = startX;
        document.y = startY + document.currentLineHeight(true);
        return writer;
      }
      // Left-aligned (or too long for one line): the pieces follow one another and wrap as one text.
      runs.forEach((run, index) => {
        const continued = index < runs.length - 1;
        selectFace(run.face);
        if (index === 0) document.text(run.text, startX, startY, { ...options, baseline, align: 'left', continued });
        else document.text(run.text, { baseline, continued });
      });
      return writer;
    },
    finish() {
      document.end();
      return finished;
    },
  };
  return writer;
}
