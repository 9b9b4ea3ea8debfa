import { strToU8, zipSync } from 'fflate';
import PDFDocument from 'pdfkit';

// CVs as the tests upload them: real PDFs (pdfkit) and DOCX files (a zip with the parts Word needs).

export async function pdfCv(pages: string[]): Promise<Buffer> {
  const document = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => document.on('end', resolve));
  for (const text of pages) document.addPage().text(text);
  document.end();
  await ended;
  return Buffer.concat(chunks);
}

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

export function documentXmlOf(paragraphs: string[]): string {
  const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`);
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body.join('')}</w:body></w:document>`;
}

export function docxCv(paragraphs: string[], documentXml: string | Uint8Array = documentXmlOf(paragraphs)): Buffer {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(contentTypes),
      '_rels/.rels': strToU8(rels),
      'word/document.xml': typeof documentXml === 'string' ? strToU8(documentXml) : documentXml,
    }),
  );
}

// A zip bomb: a valid DOCX whose document.xml inflates to `inflatedBytes` of spaces from a few kilobytes.
export function zipBombDocx(inflatedBytes: number): Buffer {
  const xml = new Uint8Array(inflatedBytes).fill(0x20);
  return docxCv([], xml);
}
