import { describe, expect, it } from 'vitest';
import { pdfText } from '../testing/pdf-text';
import { createPdf } from './pdf-document';

describe('the PDFs the server makes', () => {
  it('sets text of several scripts in one line, aligned as asked, and wraps a long one whole', async () => {
    const pdf = await createPdf({ title: 'Scripts', now: new Date('2026-11-26T00:00:00Z'), margin: 56 });
    const { document } = pdf;
    const width = document.page.width - 112;
    document.fontSize(10);
    pdf.text('Left', 56, 100, { width });
    pdf.text('Łódź 日本 김민준', 56, 100, { width, align: 'right', weight: 'bold' });
    pdf.text('Centre 中文 Ελλάδα', 56, 130, { width, align: 'center' });
    const long = `${'Москва 東京 서울 '.repeat(12)}end`;
    pdf.text(long, 56, 160, { width: 200 });
    const text = await pdfText(await pdf.finish());
    const lines = text.split('\n');
    // One line: the left cell, then the right-aligned one at the far end, in one piece.
    expect(lines.find((line) => line.startsWith('Left'))).toMatch(/^Left\s{20,}Łódź 日本 김민준$/);
    expect(lines.find((line) => line.includes('Centre'))).toMatch(/^\s{20,}Centre 中文 Ελλάδα$/);
    // Wrapped over lines, every word kept, in order.
    const wrapped = lines.filter((line) => /Москва|東京|서울|end/.test(line));
    expect(wrapped.length).toBeGreaterThan(3);
    expect(wrapped.join(' ').trim().split(/\s+/)).toEqual(long.split(' '));
  });
});

describe('a font shared by every PDF', () => {
  // Each document reuses the parsed font (createPdf). A letter drawn first only as a part of an accented
  // one (the E in É) must still be readable as itself in a later document: search, copy and screen
  // readers read a PDF's text by its letters.
  it('keeps every letter readable after a document drew it only inside an accented letter', async () => {
    const accented = await createPdf({ title: 'Accents', now: new Date(), margin: 40 });
    accented.text('Émile Žižek Łódź Ünal Ção Øst Ñandú Ÿves Ĵ');
    await accented.finish();
    const plain = await createPdf({ title: 'Plain', now: new Date(), margin: 40 });
    plain.text('Earnings Zizek Lodz Unal Cao Ost Nandu Yves J zebra');
    const text = await pdfText(await plain.finish());
    expect(text).toContain('Earnings Zizek Lodz Unal Cao Ost Nandu Yves J zebra');
  });
});

describe('shaping', () => {
  // HarfBuzz applies one script's rules to a run: a Devanagari name after Latin text in one run was shaped
  // as Latin, its conjunct क्ष drawn as three letters and its vowel sign ि after the consonant it goes before,
  // which still reads back right. Shaped as Devanagari, the line is as wide as its two parts.
  it('shapes each script in a line by its own rules', async () => {
    const pdf = await createPdf({ title: 'Shaping', now: new Date(), margin: 40 });
    const { document } = pdf;
    document.fontSize(10);
    const apart = document.widthOfString('Interpreter — ') + document.widthOfString('क्षत्रिय');
    expect(document.widthOfString('Interpreter — क्षत्रिय')).toBeCloseTo(apart, 3);
    // Letters that become one glyph: क्ष is narrower than क, ् and ष side by side.
    const letters = ['क', '्', 'ष'].reduce((sum, letter) => sum + document.widthOfString(letter), 0);
    expect(document.widthOfString('क्ष')).toBeLessThan(letters * 0.8);
    await pdf.finish();
  });
});
