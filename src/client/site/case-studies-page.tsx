import { PageMeta } from '~/client/components/page-meta';
import { caseStudies } from '~/client/content/case-studies';
import { paths } from '~/shared/routes';
import { CaseStudyCard } from './case-study-card';
import { CardGrid, CtaBanner, PageHero, Section } from './components/site-layout';

export default function CaseStudiesPage() {
  return (
    <>
      <PageMeta
        title={paths.caseStudies.title}
        description="How e-commerce, healthcare and SaaS companies cut costs, answer customers faster and scale operations with Tandem's AI-trained remote teams."
        path={paths.caseStudies.getHref()}
      />
      <PageHero
        eyebrow="Case Studies"
        title="Real Results from Real Businesses"
        description="See how online retailers, healthcare providers and software companies use Tandem's AI-trained remote teams to answer customers faster, process data accurately and grow without runaway costs."
        actions={[
          { label: 'Start Your Project', href: paths.contact.getHref() },
          { label: 'Read Client Reviews', href: paths.testimonials.getHref(), variant: 'secondary' },
        ]}
        stats={[
          { value: '500+', label: 'Businesses served' },
          { value: '98%', label: 'Client retention' },
          { value: '99.8%', label: 'Data accuracy' },
          { value: '50+', label: 'Industries served' },
        ]}
      />
      <Section
        id="stories"
        eyebrow="Client Stories"
        title="Featured Case Studies"
        description="Each engagement starts with a specific problem: a holiday ticket surge, a records backlog, founders stretched too thin. Here is what we built and what changed."
      >
        <CardGrid columns={3}>
          {caseStudies.map((caseStudy) => (
            <CaseStudyCard key={caseStudy.slug} caseStudy={caseStudy} />
          ))}
        </CardGrid>
      </Section>
      <CtaBanner
        title="Ready to Write Your Own Success Story?"
        description="Tell us where your team is stretched. We will propose a remote team, a timeline and the results to measure, in a free consultation with no long-term commitment."
        actions={[
          { label: 'Schedule a Consultation', href: paths.contact.getHref() },
          { label: 'See How It Works', href: paths.howItWorks.getHref(), variant: 'secondary' },
        ]}
      />
    </>
  );
}
