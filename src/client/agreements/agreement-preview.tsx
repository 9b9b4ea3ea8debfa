import { agreementPlaceholders, sampleAgreementValues } from '~/shared/agreements';

// An agreement's text as it reads once filled: a line starting "# " is a heading, the rest paragraphs as written.
export function AgreementPreview({ body, label }: { body: string; label: string }) {
  const filled = agreementPlaceholders.fill(body, sampleAgreementValues);
  // Each block keyed by where it starts in the text: stable while the text above it is unchanged.
  const blocks = filled
    .split(/\n(?=# )|\n{2,}/)
    .reduce<Array<{ at: number; block: string }>>((found, block) => {
      const from = found.at(-1);
      const at = filled.indexOf(block, from ? from.at + from.block.length : 0);
      found.push({ at, block });
      return found;
    }, [])
    .filter(({ block }) => block.trim() !== '');
  return (
    // Scrolls on its own: focusable, so the keyboard can scroll it too.
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by the keyboard to be scrolled (axe scrollable-region-focusable).
      tabIndex={0}
      className="max-h-96 min-w-0 overflow-y-auto rounded-md border border-border bg-background p-4 text-sm"
    >
      {blocks.map(({ at, block }) => {
        const [first = '', ...rest] = block.split('\n');
        const heading = first.startsWith('# ') ? first.slice(2) : null;
        const paragraph = heading === null ? block : rest.join('\n');
        return (
          <div key={at} className="mb-3 last:mb-0">
            {heading !== null && <h4 className="mb-1 font-semibold">{heading}</h4>}
            {paragraph.trim() !== '' && <p className="whitespace-pre-line [overflow-wrap:anywhere]">{paragraph}</p>}
          </div>
        );
      })}
    </section>
  );
}
