import { CircleCheckIcon } from 'lucide-react';
import { PageMeta } from '~/client/components/page-meta';
import { type HowItWorksStep, howItWorksBenefits, howItWorksSteps } from '~/client/content/how-it-works';
import { getStartedHref, paths } from '~/shared/routes';
import { CardGrid, CtaBanner, PageHero, Section } from './components/site-layout';
import { HighlightCard } from './highlight-card';

function StepCard({ step }: { step: HowItWorksStep }) {
  const Icon = step.icon;
  return (
    <article className="grid gap-6 rounded-xl border border-border bg-background p-6 shadow-sm sm:grid-cols-[auto_1fr] sm:p-8">
      <div className="flex items-center gap-4 sm:flex-col sm:items-center">
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
        >
          {step.number}
        </span>
        <span className="flex size-12 items-center justify-center rounded-lg bg-accent text-primary">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      </div>
      <div>
        <p className="text-sm font-semibold tracking-wide text-primary uppercase" aria-hidden="true">
          Step {step.number}
        </p>
        <h3 className="mt-1 text-xl font-semibold">
          <span className="sr-only">Step {step.number}: </span>
          {step.title}
        </h3>
        <p className="mt-2 text-muted-foreground">{step.description}</p>
        <ul className="mt-5 grid gap-3 md:grid-cols-2">
          {step.features.map((feature) => (
            <li key={feature} className="flex gap-2 text-sm">
              <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

export default function HowItWorksPage() {
  return (
    <>
      <PageMeta
        title={paths.howItWorks.title}
        description="See how Tandem works for companies: post jobs, search and test AI-trained talent, onboard your hires and track performance, all from one company dashboard."
        path={paths.howItWorks.getHref()}
      />
      <PageHero
        eyebrow="How It Works"
        title="From first job post to a high-performing team"
        description="Everything you need to hire and manage remote talent lives in one company dashboard, with a dedicated account manager beside you at every step."
        actions={[
          { label: 'Get Started', href: getStartedHref },
          { label: 'Talk to Our Team', href: paths.contact.getHref(), variant: 'secondary' },
        ]}
      />

      <Section
        eyebrow="Six steps"
        title="How hiring with Tandem works"
        description="Most companies go from their first posting to a working team in two to three weeks."
      >
        <ol className="grid gap-6">
          {howItWorksSteps.map((step) => (
            <li key={step.number}>
              <StepCard step={step} />
            </li>
          ))}
        </ol>
      </Section>

      <Section
        tone="muted"
        eyebrow="Why it works"
        title="Built-in support at every stage"
        description="The platform does the admin; our people make sure the team you build keeps performing."
      >
        <CardGrid columns={4}>
          {howItWorksBenefits.map((benefit) => (
            <HighlightCard
              key={benefit.title}
              icon={benefit.icon}
              title={benefit.title}
              description={benefit.description}
            />
          ))}
        </CardGrid>
      </Section>

      <CtaBanner
        title="Ready to build your team?"
        description="Create your company account in minutes, or book a free consultation and we will plan the team with you."
        actions={[
          { label: 'Get Started', href: getStartedHref },
          { label: 'Contact Us', href: paths.contact.getHref(), variant: 'secondary' },
        ]}
      />
    </>
  );
}
