import { CircleCheckIcon } from 'lucide-react';
import { homeHero } from '~/client/content/home';
import { getStartedHref } from '~/shared/routes';
import { ClientLogos } from './client-logos';
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

// A client's team as the portal shows it: who is on shift and what they do. People and figures are examples.
const heroTeam = [
  {
    initials: 'MS',
    name: 'Maria Santos',
    role: 'Customer Support',
    shift: 'On shift',
    tone: 'bg-indigo-100 text-indigo-900',
  },
  {
    initials: 'JR',
    name: 'Joshua Reyes',
    role: 'Data Entry',
    shift: 'On shift',
    tone: 'bg-emerald-100 text-emerald-900',
  },
  {
    initials: 'AC',
    name: 'Angela Cruz',
    role: 'Virtual Assistant',
    shift: 'On shift',
    tone: 'bg-amber-100 text-amber-900',
  },
  {
    initials: 'PG',
    name: 'Paolo Garcia',
    role: 'Bookkeeping',
    shift: 'Starts 9:00 PM',
    tone: 'bg-sky-100 text-sky-900',
  },
];

function HeroTeamPicture() {
  return (
    <figure className="rounded-2xl border border-border bg-background p-5 shadow-xl sm:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-semibold">Your team today</p>
        <p className="text-sm text-muted-foreground">3 of 4 on shift</p>
      </div>
      <ul className="mt-4 grid gap-3">
        {heroTeam.map((member) => {
          const isOn = member.shift === 'On shift';
          return (
            <li key={member.name} className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className={`grid size-10 shrink-0 place-items-center rounded-full text-sm font-semibold ${member.tone}`}
              >
                {member.initials}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{member.name}</span>
                <span className="block truncate text-sm text-muted-foreground">{member.role}</span>
              </span>
              <span className="flex shrink-0 items-center gap-1.5 text-sm text-muted-foreground">
                <span
                  aria-hidden="true"
                  className={`size-2 rounded-full ${isOn ? 'bg-emerald-500' : 'bg-slate-300'}`}
                />
                {member.shift}
              </span>
            </li>
          );
        })}
      </ul>
      <figcaption className="mt-4 border-t border-border pt-3 text-sm text-muted-foreground">
        An example team as a client sees it in the Tandem portal.
      </figcaption>
    </figure>
  );
}

function HeroFigures() {
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-2xl border border-border bg-background p-4 shadow-xl sm:gap-4 sm:p-5">
      {heroFigures.map(([value, label]) => (
        <div key={label} className="flex flex-col-reverse justify-end gap-1 rounded-xl bg-muted p-4 sm:p-5">
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
          <ClientLogos className="mt-10" />
        </div>
        <div className="grid min-w-0 gap-6">
          <HeroTeamPicture />
          <HeroFigures />
        </div>
      </Container>
    </section>
  );
}
