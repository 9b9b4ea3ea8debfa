import { CircleCheckIcon } from 'lucide-react';
import { homeHero } from '~/client/content/home';
import { getStartedHref } from '~/shared/routes';
import { ActionLinks, Container } from './components/site-layout';

const heroActions = [
  { label: 'Get Started', href: getStartedHref },
  { label: 'Learn More', href: '#services', variant: 'secondary' as const },
];

// The figures clients ask about first, drawn with markup: no images from elsewhere.
const heroFigures = [
  ['500+', 'businesses trust Tandem'],
  ['4.9/5', 'average client rating'],
  ['98%', 'client retention'],
  ['24/7', 'coverage, every day'],
];

function HeroFigures() {
  return (
    <dl className="grid grid-cols-2 gap-4 rounded-2xl border border-border bg-background p-6 shadow-xl sm:p-8">
      {heroFigures.map(([value, label]) => (
        <div key={label} className="flex flex-col-reverse justify-end gap-1 rounded-xl bg-muted p-4 sm:p-6">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-3xl font-bold tracking-tight text-primary sm:text-4xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function HomeHero() {
  return (
    <section className="overflow-hidden bg-gradient-to-b from-indigo-50 to-background py-16 sm:py-24">
      <Container className="grid items-center gap-14 lg:grid-cols-2">
        <div>
          <p className="mb-3 text-sm font-semibold tracking-wide text-primary uppercase">{homeHero.eyebrow}</p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{homeHero.headline}</h1>
          <p className="mt-5 text-lg text-pretty text-muted-foreground">{homeHero.description}</p>
          <ul className="mt-6 space-y-3">
            {homeHero.bullets.map((bullet) => (
              <li key={bullet} className="flex gap-3">
                <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <span>{bullet}</span>
              </li>
            ))}
          </ul>
          <div className="mt-8">
            <ActionLinks actions={heroActions} />
          </div>
        </div>
        <HeroFigures />
      </Container>
    </section>
  );
}
