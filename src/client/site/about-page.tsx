import { GraduationCapIcon, HeartHandshakeIcon, type LucideIcon, ScanEyeIcon, TargetIcon } from 'lucide-react';
import { PageMeta } from '~/client/components/page-meta';
import {
  aiDifferentiators,
  companyFigures,
  companyMission,
  companyStory,
  companyValues,
} from '~/client/content/company';
import { paths } from '~/shared/routes';
import { CardGrid, Container, CtaBanner, PageHero, Section } from './components/site-layout';
import { HighlightCard } from './highlight-card';

const valueIcons: LucideIcon[] = [TargetIcon, ScanEyeIcon, GraduationCapIcon, HeartHandshakeIcon];

function CompanyFigures() {
  return (
    <div className="pb-4">
      <Container>
        <dl className="grid grid-cols-2 gap-6 rounded-xl border border-border bg-background p-6 shadow-sm sm:grid-cols-3 lg:grid-cols-5">
          {companyFigures.map((figure) => (
            <div key={figure.label} className="flex flex-col-reverse justify-end gap-1">
              <dt className="text-sm text-muted-foreground">{figure.label}</dt>
              <dd className="text-3xl font-bold tracking-tight text-primary">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </div>
  );
}

export default function AboutPage() {
  return (
    <>
      <PageMeta
        title={paths.aboutUs.title}
        description="Tandem builds AI-augmented outsourced teams in the Philippines for more than 500 businesses. Learn our story, our mission and the values behind our work."
        path={paths.aboutUs.getHref()}
      />
      <PageHero
        eyebrow="About Tandem"
        title="Outsourced teams, rebuilt around AI"
        description="We recruit, train and manage remote professionals in the Philippines who work as a true extension of your business, fluent in the AI tools that make every hour count."
      />
      <CompanyFigures />

      <Section eyebrow="Who we are" title="A people business that takes AI seriously">
        <div className="grid gap-10 lg:grid-cols-5">
          <div className="space-y-5 text-lg text-pretty text-muted-foreground lg:col-span-3">
            {companyStory.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </div>
          <div className="rounded-xl border border-indigo-200 bg-accent p-6 lg:col-span-2 lg:self-start">
            <h3 className="text-lg font-semibold text-accent-foreground">Our mission</h3>
            <p className="mt-3 text-lg text-accent-foreground">{companyMission}</p>
          </div>
        </div>
      </Section>

      <Section
        tone="muted"
        eyebrow="Our values"
        title="What we hold ourselves to"
        description="Four commitments shape how we hire, train and look after every client account."
      >
        <CardGrid columns={4}>
          {companyValues.map((value, index) => (
            <HighlightCard
              key={value.title}
              icon={valueIcons[index] ?? TargetIcon}
              title={value.title}
              description={value.description}
            />
          ))}
        </CardGrid>
      </Section>

      <Section
        eyebrow="The AI difference"
        title="How AI training makes our teams different"
        description="Traditional outsourcing adds people. We add people who already know how to get more done with AI, and we prove it before they join your team."
      >
        <ol className="grid gap-6 md:grid-cols-2">
          {aiDifferentiators.map((item, index) => (
            <li key={item.title} className="flex gap-4 rounded-xl border border-border bg-background p-6">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-semibold">{item.title}</h3>
                <p className="mt-2 text-muted-foreground">{item.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <CtaBanner
        title="See what a Tandem team could do for you"
        description="Book a free consultation, or walk through how hiring and managing your team works on our platform."
        actions={[
          { label: 'Contact Us', href: paths.contact.getHref() },
          { label: 'How It Works', href: paths.howItWorks.getHref(), variant: 'secondary' },
        ]}
      />
    </>
  );
}
