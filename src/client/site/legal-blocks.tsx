import { Link } from 'react-router';
import type { LegalBlock, RichText } from '~/client/content/legal/legal-document';

// Renders the typed blocks of a policy (src/client/content/legal) as readable prose.

function plainText(text: RichText): string {
  if (typeof text === 'string') return text;
  return text.map((part) => (typeof part === 'string' ? part : 'code' in part ? part.code : part.text)).join('');
}

function RichTextContent({ text }: { text: RichText }) {
  if (typeof text === 'string') return text;
  return text.map((part) => {
    if (typeof part === 'string') return part;
    if ('code' in part) {
      return (
        <code
          key={`code:${part.code}`}
          className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.9em] text-foreground"
        >
          {part.code}
        </code>
      );
    }
    return (
      <Link
        key={`link:${part.href}`}
        to={part.href}
        className="font-medium text-primary underline underline-offset-2 hover:text-primary-hover"
      >
        {part.text}
      </Link>
    );
  });
}

function blockKey(block: LegalBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `p:${plainText(block.text)}`;
    case 'list':
      return `ul:${plainText(block.items[0] ?? '')}`;
    case 'subsection':
      return `h3:${block.title}`;
    case 'table':
      return `table:${block.caption}`;
  }
}

function LegalTable({ block }: { block: Extract<LegalBlock, { kind: 'table' }> }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="border-b border-border bg-muted px-2 py-3 text-left sm:px-4 font-semibold text-foreground">
          {block.caption}
        </caption>
        <thead>
          <tr className="border-b border-border">
            {block.columns.map((column) => (
              <th key={column} scope="col" className="px-2 py-3 align-bottom sm:px-4 font-semibold text-foreground">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row) => (
            <tr key={plainText(row[0] ?? '')} className="border-b border-border last:border-b-0">
              {row.map((cell, cellIndex) => {
                const key = `${block.columns[cellIndex]}:${plainText(cell)}`;
                return cellIndex === 0 ? (
                  <th key={key} scope="row" className="px-2 py-3 align-top font-medium sm:px-4 text-foreground">
                    <RichTextContent text={cell} />
                  </th>
                ) : (
                  <td key={key} className="px-2 py-3 align-top text-slate-700 sm:px-4">
                    <RichTextContent text={cell} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// A list item written "Term: explanation" shows its term in bold, so long lists scan easily.
function ListItemContent({ item }: { item: RichText }) {
  const match = typeof item === 'string' ? /^([^:]{3,45}): (.+)$/s.exec(item) : null;
  if (!match) return <RichTextContent text={item} />;
  return (
    <>
      <strong className="font-semibold text-foreground">{match[1]}:</strong> {match[2]}
    </>
  );
}

function LegalBlockView({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p className="leading-7 text-slate-700">
          <RichTextContent text={block.text} />
        </p>
      );
    case 'list':
      return (
        <ul className="list-disc space-y-2 pl-6 leading-7 text-slate-700 marker:text-primary">
          {block.items.map((item) => (
            <li key={plainText(item)}>
              <ListItemContent item={item} />
            </li>
          ))}
        </ul>
      );
    case 'subsection':
      return (
        <div className="pt-2">
          <h3 className="mb-3 text-lg font-semibold text-foreground">{block.title}</h3>
          <LegalBlocks blocks={block.blocks} />
        </div>
      );
    case 'table':
      return <LegalTable block={block} />;
  }
}

export function LegalBlocks({ blocks }: { blocks: LegalBlock[] }) {
  return (
    <div className="space-y-4">
      {blocks.map((block) => (
        <LegalBlockView key={blockKey(block)} block={block} />
      ))}
    </div>
  );
}
