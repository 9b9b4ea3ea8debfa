import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Font } from 'fontkit';

// Every PDF the server makes starts here (invoices, the hiring analytics report): one typeface, embedded,
// so any name a company or a person gives reads right in every viewer and in programs that extract the
// text. PDFKit's built-in Helvetica knows Windows-1252 only ("Łódź Ελλάδα Москва 日本" came out garbled).
//
// No single font covers every script, so each run of text is set in the first face that has its glyphs,
// as browsers do: Noto Sans (Latin, Greek, Cyrillic, Vietnamese), then Noto Sans SC (every CJK unified
// ideograph of the basic block, so Chinese and Japanese kanji, and the kana), then Noto Sans KR (Hangul).
// The faces ship in npm packages, not from the machine (docs/stack-notes.md "PDF fonts"); the CJK files
// are large (8 and 5 MB a weight), but PDFKit embeds only the glyphs a document uses: an invoice is about
// 10 KB, 90 KB with a Chinese or Japanese name. Scripts none of them covers (Arabic, Hebrew, Indic, Thai)
// come out as empty boxes; PDFKit lays text out left to right only, so right-to-left scripts would need
// more than a font anyway.

export type PdfWeight = 'regular' | 'bold';

const FACES = [
  { package: '@embedpdf/fonts-latin', regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  { package: '@embedpdf/fonts-sc', regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' },
  { package: '@embedpdf/fonts-kr', regular: 'NotoSansKR-Regular.otf', bold: 'NotoSansKR-Bold.otf' },
] as const;

// Found at run time (createRequire), not imported: the container image's check needs them named.
export const PDF_FONT_PACKAGES = FACES.map((face) => face.package);

interface LoadedFace {
  name: string;
  font: Font;
}

type LoadedFaces = Record<PdfWeight, LoadedFace[]>;

// The packages export no paths to their files: the fonts sit in fonts/ beside their dist/ entry.
function fontFile(packageName: string, file: string): string {
  const entry = createRequire(import.meta.url).resolve(packageName);
  return path.join(path.dirname(entry), '..', 'fonts', file);
}

async function loadFace(packageName: string, file: string, name: string): Promise<LoadedFace> {
  // Loaded with the first PDF, as pdfkit is: fontkit would add to every start.
  const [fontkit, bytes] = await Promise.all([import('fontkit'), fs.readFile(fontFile(packageName, file))]);
  const font = fontkit.create(bytes);
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection, not one font.`);
  keepLettersOfSharedGlyphs(font);
  return { name, font };
}

// fontkit keeps each glyph it has made, with the letters it was made for. A document's subset makes the
// parts of an accented letter (the E of É) with none, and a later document that lays out E gets that
// glyph back: drawn, but with no letter for its text (search, copy and screen readers lost it). A glyph
// asked for with its letters gets them.
function keepLettersOfSharedGlyphs(font: Font) {
  const shared = font as Font & { getGlyph(id: number, characters?: number[]): { codePoints: number[] } | null };
  const getGlyph = shared.getGlyph.bind(shared);
  shared.getGlyph = (id, characters = []) => {
    const glyph = getGlyph(id, characters);
    if (glyph && glyph.codePoints.length === 0 && characters.length > 0) glyph.codePoints = characters;
    return glyph;
  };
}

// Read once per process, on the first PDF (the files take about 27 MB of memory from then on).
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
}

// Spaces and combining marks stay with the run they are in; every other character goes to the first face
// that has it (the first face when none does, which draws its empty box).
const JOINS_ANY_RUN = /^(?:\s|\p{M}|\u200d|\ufe0f)$/u;
function splitIntoRuns(value: string, faces: readonly LoadedFace[]): Run[] {
  const runs: Run[] = [];
  const primary = primaryFace(faces);
  for (const character of value) {
    const current = runs.at(-1);
    const codePoint = character.codePointAt(0) ?? 0;
    const face =
      current && JOINS_ANY_RUN.test(character)
        ? current.face
        : (faces.find((candidate) => candidate.font.hasGlyphForCodePoint(codePoint)) ?? primary);
    if (current && current.face === face) current.text += character;
    else runs.push({ face, text: character });
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
}: {
  title: string;
  now: Date;
  margin: number;
  autoFirstPage?: boolean;
}): Promise<PdfWriter> {
  // Loaded on the first export: pdfkit is a quarter of a second of every start otherwise.
  const [{ default: PDFDocument }, faces] = await Promise.all([import('pdfkit'), loadFaces()]);
  const document = new PDFDocument({
    size: 'A4',
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
  // Before anything is drawn: the default Helvetica is then never used, so never embedded.
  document.font(primaryFace(faces.regular).name);

  const writer: PdfWriter = {
    document,
    text(value, x, y, { weight = 'regular', ...options } = {}) {
      const primary = primaryFace(faces[weight]);
      // Every face on the primary face's baseline: PDFKit puts text's top at y and finds the baseline from
      // each font's own ascender, which would lift or drop a CJK name against the text around it.
      document.font(primary.name);
      const { ascent, descent } = primary.font;
      const baseline = -(document.currentLineHeight() * ascent) / (ascent - descent);
      const runs = splitIntoRuns(value, faces[weight]);
      if (runs.length <= 1) {
        document.font((runs[0]?.face ?? primary).name).text(value, x, y, { ...options, baseline });
        return writer;
      }
      const widthOf = (run: Run) => document.font(run.face.name).widthOfString(run.text, options);
      const startX = x ?? document.x;
      const startY = y ?? document.y;
      const total = runs.reduce((sum, run) => sum + widthOf(run), 0);
      const available = options.width ?? document.page.width - document.page.margins.right - startX;
      // PDFKit's continued text aligns each piece on its own: a line that fits is placed piece by piece.
      if ((options.align === 'right' || options.align === 'center') && total <= available) {
        let left = startX + (options.align === 'right' ? available - total : (available - total) / 2);
        for (const run of runs) {
          document.font(run.face.name).text(run.text, left, startY, {
            ...options,
            baseline,
            width: undefined,
            lineBreak: false,
          });
          left += widthOf(run);
        }
        document.font(primary.name);
        document.x = startX;
        document.y = startY + document.currentLineHeight(true);
        return writer;
      }
      // Left-aligned (or too long for one line): the pieces follow one another and wrap as one text.
      runs.forEach((run, index) => {
        const continued = index < runs.length - 1;
        document.font(run.face.name);
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
