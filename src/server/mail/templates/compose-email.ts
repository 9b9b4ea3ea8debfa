// The one place an email's two parts are made: a template lists its blocks once, and this file writes
// them as the plain-text part (the words people read in the outbox and in text-only clients) and as a
// small HTML part in a shared layout. Every value is escaped on its way into the HTML, so a name like
// `<script>` arrives as text.

// Only composeEmail makes one, so the mailer is handed nothing but a rendered template.
declare const rendered: unique symbol;

export interface RenderedEmail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  // An email a person subscribed to (a job alert): the address that unsubscribes in one POST, which the
  // mailer sends as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058), as mail providers require of
  // bulk senders. Such an email also carries a link to a page that does the same, in its body.
  readonly listUnsubscribeUrl?: string;
  readonly [rendered]: true;
}

// A link shows its address in the text part and becomes a link in the HTML part.
interface EmailLink {
  readonly href: string;
}

export type Inline = string | number | EmailLink;

type EmailBlock =
  | { readonly kind: 'paragraph'; readonly parts: readonly Inline[] }
  // Lines set apart (the messages of a digest), indented by two spaces in the text part.
  | { readonly kind: 'quote'; readonly lines: readonly (readonly Inline[])[] }
  // The one thing the email asks for: its address on a line of its own in the text, a button in the HTML.
  | { readonly kind: 'action'; readonly label: string; readonly href: string };

export function link(href: string): EmailLink {
  return { href };
}

// A paragraph written as a template literal: paragraph`Hi ${name},`. A line break inside it stays a line
// break in both parts.
export function paragraph(strings: TemplateStringsArray, ...values: Inline[]): EmailBlock {
  const parts: Inline[] = [];
  strings.forEach((piece, index) => {
    parts.push(piece);
    if (index < values.length) parts.push(values[index] as Inline);
  });
  return { kind: 'paragraph', parts };
}

export function quote(lines: Inline[][]): EmailBlock {
  return { kind: 'quote', lines };
}

export function action(label: string, href: string): EmailBlock {
  return { kind: 'action', label, href };
}

export const signature: EmailBlock = paragraph`— The Tandem team`;

export function composeEmail({
  subject,
  blocks,
  listUnsubscribeUrl,
}: {
  subject: string;
  blocks: EmailBlock[];
  listUnsubscribeUrl?: string;
}): RenderedEmail {
  return {
    subject,
    text: blocks.map(textOf).join('\n\n'),
    html: layout(subject, blocks.map(htmlOf).join('')),
    ...(listUnsubscribeUrl && { listUnsubscribeUrl }),
  } as RenderedEmail;
}

function inlineText(part: Inline): string {
  return typeof part === 'object' ? part.href : String(part);
}

function textOf(block: EmailBlock): string {
  if (block.kind === 'paragraph') return block.parts.map(inlineText).join('');
  if (block.kind === 'quote') return block.lines.map((line) => `  ${line.map(inlineText).join('')}`).join('\n');
  return block.href;
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => entities[character] ?? character);
}

// Our links are absolute web addresses built from PUBLIC_URL; anything else (a javascript: URL) is shown,
// not linked.
function isWebAddress(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

function anchor(href: string, label: string, style: string): string {
  if (!isWebAddress(href)) return escapeHtml(label);
  return `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(label)}</a>`;
}

const linkStyle = 'color:#1d4ed8;word-break:break-all';

function inlineHtml(part: Inline): string {
  if (typeof part === 'object') return anchor(part.href, part.href, linkStyle);
  return escapeHtml(String(part)).replace(/\n/g, '<br>');
}

function htmlOf(block: EmailBlock): string {
  if (block.kind === 'paragraph') {
    const inner = block.parts.map(inlineHtml).join('');
    return inner.trim() ? `<p style="margin:0 0 16px">${inner}</p>` : '';
  }
  if (block.kind === 'quote') {
    const lines = block.lines.map((line) => line.map(inlineHtml).join('')).join('<br>');
    return `<blockquote style="margin:0 0 16px;padding:0 0 0 12px;border-left:3px solid #d4d4d8;color:#3f3f46">${lines}</blockquote>`;
  }
  const button =
    'display:inline-block;padding:10px 18px;background:#18181b;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600';
  return `<p style="margin:0 0 8px">${anchor(block.href, block.label, button)}</p><p style="margin:0 0 16px;font-size:13px">${anchor(block.href, block.href, linkStyle)}</p>`;
}

function layout(subject: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px 12px;background:#f4f4f5;color:#18181b;font-family:-apple-system,\'Segoe UI\',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">',
    '<p style="margin:0 0 20px;font-size:18px;font-weight:700">Tandem</p>',
    body,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}
