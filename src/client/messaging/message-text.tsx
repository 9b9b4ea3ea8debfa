import type { ReactNode } from 'react';

// A message is text, never HTML: React escapes it. Web addresses in it become links that open in a new
// tab, tell the other site nothing about us and pass it no ranking.
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"]+/gi;
// Punctuation that ends a sentence rather than the address ("see https://example.com.").
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}]+$/;

interface TextPart {
  text: string;
  href?: string;
}

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const start = match.index ?? 0;
    const address = match[0].replace(TRAILING_PUNCTUATION, '');
    let href: string | undefined;
    try {
      const url = new URL(address);
      if (url.protocol === 'http:' || url.protocol === 'https:') href = url.href;
    } catch {
      href = undefined;
    }
    if (!href) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: address, href });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function MessageText({ text, linkClassName }: { text: string; linkClassName?: string }) {
  // A link's key is where it starts in the text: unique, and stable while the text is.
  let offset = 0;
  const nodes: ReactNode[] = splitLinks(text).map((part) => {
    const start = offset;
    offset += part.text.length;
    return part.href ? (
      <a key={start} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className={linkClassName}>
        {part.text}
      </a>
    ) : (
      part.text
    );
  });
  return <>{nodes}</>;
}
