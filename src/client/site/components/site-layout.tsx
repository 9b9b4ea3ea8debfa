import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '~/client/lib/cn';

// Building blocks of the marketing pages, so every page reads and looks the same.

export function Container({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 sm:px-6', className)}>{children}</div>;
}

interface SiteAction {
  label: string;
  href: string;
  variant?: 'primary' | 'secondary';
}

const actionStyles = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
  secondary: 'border border-input bg-background text-foreground hover:bg-muted',
};

// On the indigo call-to-action band the primary action turns white so it stands out.
const darkActionStyles = {
  primary: 'bg-white text-indigo-800 hover:bg-indigo-50',
  secondary: 'border border-white/60 text-white hover:bg-white/10',
};

export function ActionLinks({ actions, tone = 'light' }: { actions: SiteAction[]; tone?: 'light' | 'dark' }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      {actions.map((action) => {
        const variant = action.variant ?? 'primary';
        const className = cn(
          'inline-flex h-11 items-center justify-center rounded-md px-6 text-base font-medium transition-colors',
          tone === 'dark' ? darkActionStyles[variant] : actionStyles[variant],
        );
        return action.href.startsWith('#') ? (
          <a key={action.label} href={action.href} className={className}>
            {action.label}
          </a>
        ) : (
          <Link key={action.label} to={action.href} className={className}>
            {action.label}
          </Link>
        );
      })}
    </div>
  );
}

interface Stat {
  value: string;
  label: string;
}

export function StatGrid({ stats, tone = 'light' }: { stats: Stat[]; tone?: 'light' | 'dark' }) {
  return (
    <dl className="grid grid-cols-2 gap-6 md:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.label} className="flex flex-col-reverse gap-1">
          <dt className={cn('text-sm', tone === 'dark' ? 'text-indigo-100' : 'text-muted-foreground')}>{stat.label}</dt>
          <dd className={cn('text-3xl font-bold tracking-tight', tone === 'dark' ? 'text-white' : 'text-primary')}>
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

// The top of a page: its one <h1>.
export function PageHero({
  eyebrow,
  title,
  description,
  actions = [],
  stats,
  backLink,
  children,
}: {
  eyebrow?: string;
  title: string;
  description: string;
  actions?: SiteAction[];
  stats?: Stat[];
  backLink?: { label: string; href: string };
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-indigo-50 to-background py-16 sm:py-20">
      <Container>
        {backLink && (
          <Link to={backLink.href} className="mb-6 inline-flex text-sm font-medium text-primary hover:underline">
            ← {backLink.label}
          </Link>
        )}
        <div className="max-w-3xl">
          {eyebrow && <p className="mb-3 text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
          <p className="mt-5 text-lg text-pretty text-muted-foreground">{description}</p>
          {children}
          {actions.length > 0 && (
            <div className="mt-8">
              <ActionLinks actions={actions} />
            </div>
          )}
        </div>
        {stats && (
          <div className="mt-12 rounded-xl border border-border bg-background p-6 shadow-sm">
            <StatGrid stats={stats} />
          </div>
        )}
      </Container>
    </section>
  );
}

// A titled band of a page: its <h2> and what belongs under it.
export function Section({
  id,
  eyebrow,
  title,
  description,
  tone = 'default',
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  description?: string;
  tone?: 'default' | 'muted';
  children: ReactNode;
}) {
  return (
    <section id={id} className={cn('py-16 sm:py-20', tone === 'muted' && 'bg-muted')}>
      <Container>
        <div className="mb-10 max-w-3xl">
          {eyebrow && <p className="mb-2 text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
          <h2 className="text-3xl font-bold tracking-tight text-balance">{title}</h2>
          {description && <p className="mt-4 text-lg text-pretty text-muted-foreground">{description}</p>}
        </div>
        {children}
      </Container>
    </section>
  );
}

export function CardGrid({ children, columns = 3 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  return (
    <div
      className={cn('grid gap-6 sm:grid-cols-2', columns === 3 && 'lg:grid-cols-3', columns === 4 && 'lg:grid-cols-4')}
    >
      {children}
    </div>
  );
}

export interface Feature {
  title: string;
  description: string;
  items?: string[];
  badge?: string;
  // A short result line such as "40% faster response times".
  result?: string;
  href?: string;
}

export function FeatureCard({ feature, headingLevel = 3 }: { feature: Feature; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article className="flex h-full flex-col rounded-xl border border-border bg-background p-6 shadow-sm">
      {feature.badge && (
        <span className="mb-3 w-fit rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground">
          {feature.badge}
        </span>
      )}
      <Heading className="text-lg font-semibold">
        {feature.href ? (
          <Link to={feature.href} className="hover:text-primary hover:underline">
            {feature.title}
          </Link>
        ) : (
          feature.title
        )}
      </Heading>
      <p className="mt-2 text-muted-foreground">{feature.description}</p>
      {feature.items && feature.items.length > 0 && (
        <ul className="mt-4 space-y-2 text-sm">
          {feature.items.map((item) => (
            <li key={item} className="flex gap-2">
              <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      )}
      {feature.result && <p className="mt-auto pt-4 text-sm font-semibold text-emerald-700">{feature.result}</p>}
    </article>
  );
}

export interface Step {
  title: string;
  description: string;
}

export function StepList({ steps }: { steps: Step[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-xl border border-border bg-background p-6">
          <span
            aria-hidden="true"
            className="mb-4 flex size-10 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
          >
            {index + 1}
          </span>
          <h3 className="text-lg font-semibold">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-muted-foreground">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}

// The closing call to action of a page.
export function CtaBanner({
  title,
  description,
  actions,
}: {
  title: string;
  description: string;
  actions: SiteAction[];
}) {
  return (
    <section className="py-16 sm:py-20">
      <Container>
        <div className="rounded-2xl bg-indigo-700 px-6 py-12 text-center text-white sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight text-balance">{title}</h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-indigo-100">{description}</p>
          <div className="mt-8 flex justify-center">
            <ActionLinks actions={actions} tone="dark" />
          </div>
        </div>
      </Container>
    </section>
  );
}

// Initials in a circle: people's pictures without hot-linked images.
export function InitialsAvatar({ name, className }: { name: string; className?: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-800',
        className,
      )}
    >
      {initials}
    </span>
  );
}
