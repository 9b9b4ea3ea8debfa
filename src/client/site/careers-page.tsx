import {
  BanknoteIcon,
  BriefcaseBusinessIcon,
  ClockIcon,
  GraduationCapIcon,
  HeartPulseIcon,
  HouseIcon,
  type LucideIcon,
  MapPinIcon,
  MoonIcon,
  TrendingUpIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { careerBenefits, careersEmail, hiringSteps, type JobOpening, jobOpenings } from '~/client/content/careers';
import { getStartedHref, paths } from '~/shared/routes';
import { CardGrid, PageHero, Section, StepList } from './components/site-layout';
import { HighlightCard } from './highlight-card';

const benefitIcons: LucideIcon[] = [
  HeartPulseIcon,
  GraduationCapIcon,
  TrendingUpIcon,
  MoonIcon,
  HouseIcon,
  BanknoteIcon,
];

function applyHref(job: JobOpening) {
  return `mailto:${careersEmail}?subject=${encodeURIComponent(job.title)}`;
}

function JobOpeningCard({ job }: { job: JobOpening }) {
  const facts = [
    { label: 'Department', value: job.department, icon: BriefcaseBusinessIcon },
    { label: 'Location', value: job.location, icon: MapPinIcon },
    { label: 'Type', value: job.type, icon: ClockIcon },
  ];
  return (
    <article className="flex h-full flex-col rounded-xl border border-border bg-background p-6 shadow-sm">
      <h3 className="text-lg font-semibold">{job.title}</h3>
      <dl className="mt-3 grid gap-1.5 text-sm text-muted-foreground">
        {facts.map(({ label, value, icon: Icon }) => (
          <div key={label} className="flex items-start gap-2">
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <dt className="sr-only">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 flex-1 text-muted-foreground">{job.description}</p>
      <a
        href={applyHref(job)}
        className="mt-5 inline-flex h-10 w-fit items-center justify-center rounded-md bg-primary px-5 text-sm font-medium text-primary-foreground hover:bg-primary-hover"
      >
        Apply<span className="sr-only"> for {job.title}</span>
      </a>
    </article>
  );
}

export default function CareersPage() {
  return (
    <>
      <PageMeta
        title={paths.careers.title}
        description="Build your career at Tandem: open roles in operations, AI training, client success and engineering, with health cover, paid AI training and clear career paths."
        path={paths.careers.getHref()}
      />
      <PageHero
        eyebrow="Careers"
        title="Grow your career with Tandem"
        description="We are hiring the people who train, lead and support Tandem teams. Join a company that invests in your skills, pays fairly and promotes from within."
        actions={[{ label: 'See open positions', href: '#open-positions' }]}
      />

      <Section
        id="open-positions"
        eyebrow="Open positions"
        title="Roles open now"
        description={`Apply by email to ${careersEmail} with your CV. The subject line is filled in for you.`}
      >
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {jobOpenings.map((job) => (
            <li key={job.title}>
              <JobOpeningCard job={job} />
            </li>
          ))}
        </ul>
        <div className="mt-10 rounded-xl border border-indigo-200 bg-accent p-6 text-accent-foreground">
          <p className="font-semibold">Looking for client work instead?</p>
          <p className="mt-1">
            Remote professionals who want to work on client teams apply through the talent marketplace.{' '}
            <Link to={getStartedHref} className="font-semibold underline underline-offset-4 hover:no-underline">
              Create an applicant account
            </Link>{' '}
            to build your profile, take skills tests and apply to client jobs.
          </p>
        </div>
      </Section>

      <Section
        tone="muted"
        eyebrow="Benefits"
        title="Why people stay at Tandem"
        description="Good people stay where they are looked after and can grow. This is what we offer everyone who joins us."
      >
        <CardGrid columns={3}>
          {careerBenefits.map((benefit, index) => (
            <HighlightCard
              key={benefit.title}
              icon={benefitIcons[index] ?? HeartPulseIcon}
              title={benefit.title}
              description={benefit.description}
            />
          ))}
        </CardGrid>
      </Section>

      <Section
        eyebrow="Hiring process"
        title="How we hire, in four steps"
        description="Most candidates hear back at every step within five working days, and the whole process takes two to three weeks."
      >
        <StepList steps={hiringSteps} />
      </Section>
    </>
  );
}
