import { Building2, Clock, Factory, type LucideIcon, Users } from 'lucide-react';
import { Link } from 'react-router';
import { type CaseStudy, caseStudySummary } from '~/client/content/case-studies';
import { paths } from '~/shared/routes';
import { CaseStudyTags } from './case-study-tags';
import { Container } from './components/site-layout';

interface Fact {
  label: string;
  value: string;
  icon: LucideIcon;
}

// The top of a case study: back link, tags, the page's <h1> and its four facts.
export function CaseStudyHero({ caseStudy }: { caseStudy: CaseStudy }) {
  const facts: Fact[] = [
    { label: 'Company', value: caseStudy.company, icon: Building2 },
    { label: 'Industry', value: caseStudy.industry, icon: Factory },
    { label: 'Timeline', value: caseStudy.timeline, icon: Clock },
    { label: 'Team Size', value: caseStudy.teamSize, icon: Users },
  ];
  return (
    <section className="bg-gradient-to-b from-indigo-50 to-background py-16 sm:py-20">
      <Container>
        <Link
          to={paths.caseStudies.getHref()}
          className="mb-6 inline-flex text-sm font-medium text-primary hover:underline"
        >
          ← Back to Case Studies
        </Link>
        <div className="max-w-3xl">
          <CaseStudyTags tags={caseStudy.tags} />
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{caseStudy.title}</h1>
          <p className="mt-5 text-lg text-pretty text-muted-foreground">{caseStudySummary(caseStudy)}</p>
        </div>
        <dl className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {facts.map(({ label, value, icon: Icon }) => (
            <div
              key={label}
              className="relative rounded-xl border border-border bg-background py-4 pr-4 pl-18 shadow-sm"
            >
              <dt className="text-sm text-muted-foreground">
                <span className="absolute top-1/2 left-4 flex size-10 -translate-y-1/2 items-center justify-center rounded-lg bg-accent text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {label}
              </dt>
              <dd className="font-semibold text-foreground">{value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
