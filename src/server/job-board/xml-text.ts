// Text safe inside an XML 1.0 document: the characters XML 1.0 cannot hold at all (most C0 controls, lone
// surrogates, U+FFFE/FFFF) are dropped.
// XML 1.0's Char production, by code point (a lone surrogate is its own code point, outside every range).
const isXmlCharacter = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  code >= 0x10000;
export const xmlSafe = (value: string) =>
  Array.from(value)
    .filter((character) => isXmlCharacter(character.codePointAt(0) ?? 0))
    .join('');

// An element's text, escaped: & < > and quotes.
export const escapeXml = (value: string) =>
  xmlSafe(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

// Indeed asks for every value inside CDATA and for no HTML entities: "]]>" in a value is split across two
// sections so it cannot end the first.
export const cdata = (value: string) => `<![CDATA[${xmlSafe(value).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

// Plain text as simple HTML paragraphs, so a description keeps its blank lines and line breaks on Indeed.
// Its characters stay literal: Indeed reads no HTML entities.
export const paragraphsOf = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('');
