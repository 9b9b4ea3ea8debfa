import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { NamedParagraphs } from '~/client/content/case-studies';

const ACRONYMS = new Set(['AI', 'CSAT', 'EHR', 'HR', 'ROI', 'SEO']);
const MINOR_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to']);

// "customerExperience" → "Customer Experience", "aiTraining" → "AI Training", "toolsAndIntegration" →
// "Tools and Integration".
function headingFromKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word, position) => {
      const lower = word.toLowerCase();
      if (ACRONYMS.has(word.toUpperCase())) return word.toUpperCase();
      if (position > 0 && MINOR_WORDS.has(lower)) return lower;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}

// A titled card of a case study: one <h2>, then its text.
export function CaseStudySection({
  id,
  title,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-8"
    >
      <h2 id={`${id}-heading`} className="flex items-center gap-3 text-2xl font-bold tracking-tight">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        {title}
      </h2>
      <div className="mt-5 space-y-5 leading-7 text-slate-700">{children}</div>
    </section>
  );
}

// The labelled paragraphs of a card, each key shown as an <h3>.
export function NamedParagraphList({ paragraphs }: { paragraphs: NamedParagraphs | undefined }) {
  if (!paragraphs) return null;
  return (
    <div className="space-y-5">
      {Object.entries(paragraphs).map(([key, text]) => (
        <div key={key}>
          <h3 className="text-lg font-semibold text-foreground">{headingFromKey(key)}</h3>
          <p className="mt-1">{text}</p>
        </div>
      ))}
    </div>
  );
}
