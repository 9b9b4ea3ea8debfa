import { ArrowRightIcon, CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { ServiceCard as ServiceCardContent, TagGroup } from '~/client/content/services/service-content';
import { cn } from '~/client/lib/cn';

// A card of a service page: the site's FeatureCard with an icon, tag lists and a typical-results box.
export function ServiceCard({ card }: { card: ServiceCardContent }) {
  const Icon = card.icon;
  const isCompact = !card.features && !card.tags && !card.results;
  return (
    <article
      className={cn(
        'relative flex h-full flex-col rounded-xl border bg-background shadow-sm',
        card.href && 'transition-shadow focus-within:shadow-md hover:shadow-md',
        card.badge === 'Popular' ? 'border-primary ring-1 ring-primary' : 'border-border',
        isCompact ? 'p-5' : 'p-6',
      )}
    >
      {(Icon || card.badge) && (
        <div className="mb-4 flex items-start justify-between gap-3">
          {Icon && (
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
              <Icon className="size-5" aria-hidden="true" />
            </span>
          )}
          {card.badge && <CardBadge label={card.badge} tone={card.badgeTone ?? 'label'} />}
        </div>
      )}
      <h3 className="text-lg font-semibold">
        {card.href ? (
          // The link covers the whole card; its focus ring is drawn around the card.
          <Link
            to={card.href}
            className="after:absolute after:inset-0 after:rounded-xl hover:text-primary focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
          >
            {card.title}
          </Link>
        ) : (
          card.title
        )}
      </h3>
      <p className="mt-2 text-pretty text-muted-foreground">{card.description}</p>
      {card.features && card.features.length > 0 && (
        <ul className="mt-4 space-y-2 text-sm">
          {card.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      )}
      {card.tags && <TagList group={card.tags} className="mt-5" />}
      {card.results && card.results.length > 0 && (
        <div className="mt-auto pt-5">
          <div className="rounded-lg bg-emerald-50 p-4">
            <p className="text-sm font-semibold text-emerald-900">Typical results</p>
            <ul className="mt-2 space-y-1 text-sm text-emerald-900">
              {card.results.map((result) => (
                <li key={result} className="flex gap-2">
                  <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-emerald-700" />
                  <span>{result}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {card.href && (
        <span
          aria-hidden="true"
          className="mt-auto inline-flex items-center gap-1 pt-5 text-sm font-medium text-primary"
        >
          Learn more <ArrowRightIcon className="size-4" />
        </span>
      )}
    </article>
  );
}

function CardBadge({ label, tone }: { label: string; tone: 'label' | 'result' }) {
  return (
    <span
      className={cn(
        'w-fit rounded-full px-3 py-1 text-xs font-semibold',
        tone === 'result' ? 'bg-emerald-50 text-emerald-800' : 'bg-accent text-accent-foreground',
      )}
    >
      {label}
    </span>
  );
}

// A labelled row of chips: a tech stack, the tools a team works in, the metrics it reports on.
function TagList({ group, className }: { group: TagGroup; className?: string }) {
  return (
    <div className={className}>
      <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{group.label}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {group.items.map((item) => (
          <li
            key={item}
            className="rounded-md border border-border bg-muted px-2 py-1 text-xs font-medium text-foreground"
          >
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}
