import zlib from 'node:zlib';
import bidiFactory from 'bidi-js';
import type { Font } from 'fontkit';

// How pdf-document.ts turns text into glyphs: HarfBuzz shapes it (Arabic letters joined, Indic conjuncts and
// reordered vowel signs, Thai and Vietnamese marks placed), the Unicode bidirectional algorithm orders it,
// and every glyph carries the letters it was made from, so the PDF reads back as the text that was drawn.

// The tables of a font file. The Devanagari, Bengali and Thai faces ship as WOFF (zlib-compressed tables):
// fontkit and HarfBuzz both take the plain sfnt rebuilt from them.
function readTables(bytes: Buffer): { flavor: number; tables: Map<string, Buffer> } {
  const tables = new Map<string, Buffer>();
  const isWoff = bytes.toString('latin1', 0, 4) === 'wOFF';
  const count = bytes.readUInt16BE(isWoff ? 12 : 4);
  for (let index = 0; index < count; index++) {
    if (isWoff) {
      const entry = 44 + index * 20;
      const offset = bytes.readUInt32BE(entry + 4);
      const stored = bytes.subarray(offset, offset + bytes.readUInt32BE(entry + 8));
      const length = bytes.readUInt32BE(entry + 12);
      tables.set(
        bytes.toString('latin1', entry, entry + 4),
        stored.length < length ? zlib.inflateSync(stored) : stored,
      );
    } else {
      const entry = 12 + index * 16;
      const offset = bytes.readUInt32BE(entry + 8);
      tables.set(
        bytes.toString('latin1', entry, entry + 4),
        bytes.subarray(offset, offset + bytes.readUInt32BE(entry + 12)),
      );
    }
  }
  return { flavor: bytes.readUInt32BE(isWoff ? 4 : 0), tables };
}

function writeSfnt(flavor: number, tables: Map<string, Buffer>): Buffer {
  const tags = [...tables.keys()].sort();
  const power = 2 ** Math.floor(Math.log2(tags.length));
  const header = Buffer.alloc(12 + tags.length * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(tags.length, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(tags.length * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tags.forEach((tag, index) => {
    const table = tables.get(tag) ?? Buffer.alloc(0);
    const entry = 12 + index * 16;
    header.write(tag, entry, 'latin1');
    header.writeUInt32BE(offset, entry + 8);
    header.writeUInt32BE(table.length, entry + 12);
    const padded = Buffer.alloc(Math.ceil(table.length / 4) * 4);
    table.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

// Shaping reads no outlines (GPOS places the marks), and the CJK outlines are 8 MB a face: HarfBuzz,
// which keeps its own copy of the font, gets the file without them.
const OUTLINE_TABLES = new Set(['glyf', 'loca', 'CFF ', 'CFF2']);

export interface FontFiles {
  // What fontkit parses: the file as it is, or the sfnt inside a WOFF.
  sfnt: Buffer;
  // What HarfBuzz shapes with: the same font less its outlines.
  shaping: Buffer;
}

export function fontFiles(bytes: Buffer): FontFiles {
  const { flavor, tables } = readTables(bytes);
  const sfnt = bytes.toString('latin1', 0, 4) === 'wOFF' ? writeSfnt(flavor, tables) : bytes;
  const shapingTables = new Map([...tables].filter(([tag]) => !OUTLINE_TABLES.has(tag)));
  return { sfnt, shaping: writeSfnt(flavor, shapingTables) };
}

type HarfBuzz = typeof import('harfbuzzjs');

// HarfBuzz is WebAssembly: compiled on the first PDF, not at every start.
let harfBuzz: Promise<HarfBuzz> | null = null;
export function loadHarfBuzz(): Promise<HarfBuzz> {
  if (!harfBuzz) {
    const loading = import('harfbuzzjs');
    loading.catch(() => {
      if (harfBuzz === loading) harfBuzz = null;
    });
    harfBuzz = loading;
  }
  return harfBuzz;
}

const bidi = bidiFactory();

export interface ShapedGlyph {
  id: number;
  advanceWidth: number;
  // The letters this glyph stands for in the text: a whole cluster on the cluster's first glyph (a
  // ligature's letters, a conjunct's, a letter with its marks), none on the cluster's other glyphs.
  codePoints: number[];
}

export interface ShapedPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}

export interface ShapedRun {
  glyphs: ShapedGlyph[];
  positions: ShapedPosition[];
  advanceWidth: number;
}

interface LevelRun {
  start: number;
  end: number;
  level: number;
}

// Runs of one embedding level, from the bidirectional algorithm, in the order they are seen (rule L2:
// from the highest level down to the lowest odd one, every stretch at that level or above is reversed).
export function visualOrder<T extends { level: number }>(runs: readonly T[]): T[] {
  const ordered = [...runs];
  const levels = ordered.map((run) => run.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    let index = 0;
    while (index < ordered.length) {
      if ((ordered[index]?.level ?? 0) < level) {
        index++;
        continue;
      }
      let end = index;
      while (end < ordered.length && (ordered[end]?.level ?? 0) >= level) end++;
      ordered.splice(index, end - index, ...ordered.slice(index, end).reverse());
      index = end;
    }
  }
  return ordered;
}

// The embedding level of each UTF-16 unit, the paragraph's direction taken from its first strong letter as
// in a browser's dir="auto": an Arabic name reads right to left, an English line with one Hebrew word left
// to right.
export function embeddingLevels(text: string): Uint8Array {
  return bidi.getEmbeddingLevels(text).levels;
}

// HarfBuzz shapes a run by one script's rules, guessed from its letters: "Interpreter — क्षत्रिय" as one
// run came out as Latin, its conjuncts apart. Runs end where the script changes; spaces, punctuation,
// digits and marks (script Common or Inherited) stay in the run they are in.
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Arabic',
  'Hebrew',
  'Devanagari',
  'Bengali',
  'Thai',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
].map((name) => new RegExp(`\\p{Script=${name}}`, 'u'));
const SHARED_BY_SCRIPTS = /[\p{Script=Common}\p{Script=Inherited}]/u;
function scriptOf(character: string): number {
  if (SHARED_BY_SCRIPTS.test(character)) return -1;
  const index = SCRIPTS.findIndex((script) => script.test(character));
  return index === -1 ? SCRIPTS.length + (character.codePointAt(0) ?? 0) : index;
}

export function levelRuns(text: string, levels: Uint8Array): LevelRun[] {
  const runs: LevelRun[] = [];
  let script = -1;
  let index = 0;
  for (const character of text) {
    const level = levels[index] ?? 0;
    const current = runs.at(-1);
    const own = scriptOf(character);
    const sameScript = own === -1 || script === -1 || own === script;
    if (current && current.level === level && sameScript) current.end = index + character.length;
    else {
      runs.push({ start: index, end: index + character.length, level });
      script = -1;
    }
    if (own !== -1) script = own;
    index += character.length;
  }
  return runs;
}

export interface Shaper {
  layout(text: string): ShapedRun;
}

// A fontkit font laid out by HarfBuzz from the same file, so glyph ids agree. fontkit still measures the
// nominal widths PDFKit writes into the file and makes the subset.
export function createShaper(hb: HarfBuzz, font: Font, shaping: Buffer): Shaper {
  const hbFont = new hb.Font(new hb.Face(new hb.Blob(shaping)));
  const buffer = new hb.Buffer();
  return {
    layout(text) {
      const glyphs: ShapedGlyph[] = [];
      const positions: ShapedPosition[] = [];
      for (const run of visualOrder(levelRuns(text, embeddingLevels(text)))) {
        buffer.reset();
        // The whole text goes in, the run is shaped: a letter joins the ones beside it across a run's edge.
        buffer.addText(text, run.start, run.end - run.start);
        buffer.setDirection(run.level % 2 === 1 ? hb.Direction.RTL : hb.Direction.LTR);
        buffer.guessSegmentProperties();
        hb.shape(hbFont, buffer);
        const shaped = buffer.getGlyphInfosAndPositions();
        const isRightToLeft = run.level % 2 === 1;
        // Clusters are UTF-16 offsets into the text; a cluster's letters run to the next cluster's start.
        const starts = [...new Set(shaped.map((glyph) => glyph.cluster))].sort((a, b) => a - b);
        const lettersOf = new Map(
          starts.map((start, index) => [start, text.slice(start, starts[index + 1] ?? run.end)]),
        );
        shaped.forEach((glyph, index) => {
          const isFirstOfCluster = shaped[index - 1]?.cluster !== glyph.cluster;
          let width = font.getGlyph(glyph.codepoint).advanceWidth;
          let letters: string[] = [];
          if (isFirstOfCluster) {
            // A cluster's letters go on its first glyph, which is made as wide as the whole cluster, and its
            // other glyphs are made zero wide (the pen is put back by PDFKit's position adjustments, so the
            // drawing does not move): pdftotext spreads a glyph's letters over its width and reads a gap
            // between letters as a space, as it did inside "क्षत्रिय" when the vowel sign drawn first held them.
            for (let next = index + 1; shaped[next]?.cluster === glyph.cluster; next++)
              width += font.getGlyph(shaped[next]?.codepoint ?? 0).advanceWidth;
            letters = [...(lettersOf.get(glyph.cluster) ?? '')];
            // Readers take a glyph's letters as drawn left to right and then turn right-to-left text around
            // (poppler and pdf.js both do): a ligature's letters, لا, go in reversed so they come out in order.
            if (isRightToLeft) letters.reverse();
          } else width = 0;
          glyphs.push({
            id: glyph.codepoint,
            advanceWidth: width,
            codePoints: letters.map((letter) => letter.codePointAt(0) ?? 0),
          });
          positions.push({
            xAdvance: glyph.xAdvance ?? 0,
            yAdvance: glyph.yAdvance ?? 0,
            xOffset: glyph.xOffset ?? 0,
            yOffset: glyph.yOffset ?? 0,
          });
        });
      }
      const advanceWidth = positions.reduce((sum, position) => sum + position.xAdvance, 0);
      return { glyphs, positions, advanceWidth };
    },
  };
}

// The part of PDFKit's EmbeddedFont (not exported by pdfkit) that turns text into glyph codes.
interface EmbeddedFont {
  font: { layout(text: string, features?: unknown): ShapedRun };
  scale: number;
  subset: { glyphs: number[]; mapping: Record<number, number>; includeGlyph(id: number): number };
  widths: number[];
  unicode: number[][];
  layoutCached(text: string): ShapedRun;
  layout(text: string, features?: unknown, onlyWidth?: boolean): ShapedRun;
  encode(text: string, features?: unknown): [string[], ShapedPosition[]];
}

const readsBack = new WeakSet<object>();

// PDFKit names each glyph once per font, by the letters of its first use, in the ToUnicode map programs
// read the text from. A shaped glyph stands for different letters in different places (the क of क and
// the क of कि, the i of "i" and the i under a mark): each glyph-and-letters pair gets its own code in the
// subset (a copy of the glyph), so every place reads back as its own letters. PDFKit also lays out text
// word by word; right-to-left words would then come out in reading order, left to right, so a text is
// laid out whole.
export function readTextBackAsShaped(font: object) {
  if (readsBack.has(font)) return;
  readsBack.add(font);
  const embedded = font as EmbeddedFont;
  const codes = new Map<string, number>();
  embedded.layout = (text) => embedded.layoutCached(text);
  embedded.encode = (text) => {
    const { glyphs, positions } = embedded.layout(text);
    const encoded = glyphs.map((glyph) => {
      const key = `${glyph.id} ${glyph.advanceWidth} ${glyph.codePoints.join(' ')}`;
      let code = codes.get(key);
      if (code === undefined) {
        const { subset } = embedded;
        code =
          subset.mapping[glyph.id] === undefined ? subset.includeGlyph(glyph.id) : subset.glyphs.push(glyph.id) - 1;
        codes.set(key, code);
        embedded.widths[code] = glyph.advanceWidth * embedded.scale;
        embedded.unicode[code] = glyph.codePoints;
      }
      return code.toString(16).padStart(4, '0');
    });
    return [encoded, positions];
  };
}
