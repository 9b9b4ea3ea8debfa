import type { LucideIcon } from 'lucide-react';

// A card led by an icon: benefits, values and promises on the company pages.
export function HighlightCard({
  icon: Icon,
  title,
  description,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
}) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-border bg-background p-6 shadow-sm">
      <span className="mb-4 flex size-12 items-center justify-center rounded-lg bg-accent text-primary">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="mt-2 text-muted-foreground">{description}</p>
    </article>
  );
}
