// Text safe inside an XML 1.0 document: the characters XML 1.0 cannot hold at all (most C0 controls, lone
// surrogates, U+FFFE/FFFF) are dropped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
export const xmlSafe = (value: string) => value.replace(NOT_XML, '');

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
