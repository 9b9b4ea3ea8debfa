import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { ServiceSection, StatPanelSection, TagGroupsSection } from '~/client/content/services/service-content';
import { cn } from '~/client/lib/cn';
import { CardGrid, Container, Section, StatGrid, StepList } from './components/site-layout';
import { ServiceCard } from './service-card';

// The body of a services page: each section of its content, in order, on alternating backgrounds.
export function ServiceSections({ sections }: { sections: ServiceSection[] }) {
  return sections.map((section, index) => (
    <ServiceSectionView key={section.id} section={section} tone={index % 2 === 0 ? 'default' : 'muted'} />
  ));
}

function ServiceSectionView({ section, tone }: { section: ServiceSection; tone: 'default' | 'muted' }) {
  const heading = { id: section.id, eyebrow: section.eyebrow, title: section.title, description: section.description };
  switch (section.kind) {
    case 'cards':
      return (
        <Section {...heading} tone={tone}>
          <CardGrid columns={section.columns}>
            {section.cards.map((card) => (
              <ServiceCard key={card.title} card={card} />
            ))}
          </CardGrid>
        </Section>
      );
    case 'steps':
      return (
        <Section {...heading} tone={tone}>
          {/* StepList lays steps out four to a row; three steps fill the row rather than leave a gap. */}
          <div className={cn(section.steps.length === 3 && 'lg:[&>ol]:grid-cols-3')}>
            <StepList steps={section.steps} />
          </div>
        </Section>
      );
    case 'tagGroups':
      return (
        <Section {...heading} tone={tone}>
          <TagGroups section={section} />
        </Section>
      );
    case 'statPanel':
      return <StatPanel section={section} />;
  }
}

function TagGroups({ section }: { section: TagGroupsSection }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {section.groups.map((group) => {
        const Icon = group.icon;
        return (
          <li key={group.label} className="rounded-xl border border-border bg-background p-6 shadow-sm">
            <h3 className="flex items-center gap-3 text-lg font-semibold">
              {Icon && (
                <span className="flex size-9 items-center justify-center rounded-lg bg-accent text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
              )}
              {group.label}
            </h3>
            <ul className="mt-4 flex flex-wrap gap-2">
              {group.items.map((item) => (
                <li
                  key={item}
                  className="rounded-md border border-border bg-muted px-2.5 py-1 text-sm font-medium text-foreground"
                >
                  {item}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

// Figures on a dark band, with an optional note and link: client results, an ROI box or banner.
function StatPanel({ section }: { section: StatPanelSection }) {
  const headingId = `${section.id}-heading`;
  return (
    <section id={section.id} aria-labelledby={headingId} className="bg-indigo-800 py-16 text-white sm:py-20">
      <Container>
        <div className="mb-10 max-w-3xl">
          {section.eyebrow && (
            <p className="mb-2 text-sm font-semibold tracking-wide text-indigo-100 uppercase">{section.eyebrow}</p>
          )}
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance">
            {section.title}
          </h2>
          {section.description && <p className="mt-4 text-lg text-pretty text-indigo-100">{section.description}</p>}
        </div>
        <div className={cn(section.stats.length === 3 && 'md:[&>dl]:grid-cols-3')}>
          <StatGrid stats={section.stats} tone="dark" />
        </div>
        {(section.note || section.action) && (
          <div className="mt-10 flex flex-col gap-6 border-t border-white/20 pt-8 md:flex-row md:items-center md:justify-between">
            {section.note && <p className="max-w-2xl text-pretty text-indigo-100">{section.note}</p>}
            {section.action && (
              <Link
                to={section.action.href}
                className="inline-flex h-11 w-fit shrink-0 items-center gap-2 rounded-md bg-white px-6 font-medium text-indigo-800 transition-colors hover:bg-indigo-50 focus-visible:outline-white"
              >
                {section.action.label}
                <ArrowRightIcon className="size-4" aria-hidden="true" />
              </Link>
            )}
          </div>
        )}
      </Container>
    </section>
  );
}
