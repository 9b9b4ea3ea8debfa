import { BookOpen, CheckCircle2, Lightbulb, Target, TrendingUp, Wrench } from 'lucide-react';
import { use } from 'react';
import { Navigate, useParams } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { type CaseStudy, findCaseStudy, loadCaseStudyContent } from '~/client/content/case-studies';
import { getStartedHref, paths } from '~/shared/routes';
import { CaseStudyHero } from './case-study-hero';
import { MoreCaseStudies } from './case-study-more';
import { CaseStudySection, NamedParagraphList } from './case-study-section';
import { Container, CtaBanner } from './components/site-layout';

// Search engines show about 160 characters: the excerpt, else the challenge cut at a word.
function metaDescription(caseStudy: CaseStudy): string {
  const text = caseStudy.excerpt ?? caseStudy.challenge;
  if (text.length <= 160) return text;
  return `${text.slice(0, 159).replace(/\s+\S*$/, '')}…`;
}

export default function CaseStudyPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const caseStudy = findCaseStudy(slug);
  // Unknown slugs and ids go back to the list without a message (docs/spec/admin-billing-and-content.md §8).
  if (!caseStudy) return <Navigate to={paths.caseStudies.getHref()} replace />;

  return <CaseStudyDetail caseStudy={caseStudy} />;
}

function CaseStudyDetail({ caseStudy }: { caseStudy: CaseStudy }) {
  const fullContent = use(loadCaseStudyContent(caseStudy.slug));
  return (
    <>
      <PageMeta
        title={caseStudy.title}
        description={metaDescription(caseStudy)}
        path={paths.caseStudy.getHref({ slug: caseStudy.slug })}
      />
      <CaseStudyHero caseStudy={caseStudy} />
      <Container>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-10">
          <div className="space-y-8">
            {fullContent && (
              <CaseStudySection id="background" title="Background" icon={BookOpen}>
                <p>{fullContent.background}</p>
              </CaseStudySection>
            )}
            <CaseStudySection id="challenge" title="The Challenge" icon={Target}>
              <p>{caseStudy.challenge}</p>
              <NamedParagraphList paragraphs={fullContent?.challengeDetails} />
            </CaseStudySection>
            <CaseStudySection id="solution" title="The Solution" icon={Wrench}>
              <p>{caseStudy.solution}</p>
              <NamedParagraphList paragraphs={fullContent?.solutionDetails} />
            </CaseStudySection>
            <CaseStudySection id="results" title="Results & Impact" icon={TrendingUp}>
              <ul className="grid gap-3 sm:grid-cols-2">
                {caseStudy.results.map((result) => (
                  <li
                    key={result}
                    className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 font-medium text-emerald-950"
                  >
                    <CheckCircle2 aria-hidden="true" className="mt-1 size-5 shrink-0 text-emerald-700" />
                    <span>{result}</span>
                  </li>
                ))}
              </ul>
              <NamedParagraphList paragraphs={fullContent?.detailedResults} />
            </CaseStudySection>
            {fullContent?.keyTakeaways && fullContent.keyTakeaways.length > 0 && (
              <CaseStudySection id="takeaways" title="Key Takeaways" icon={Lightbulb}>
                <ul className="space-y-3">
                  {fullContent.keyTakeaways.map((takeaway) => (
                    <li key={takeaway} className="flex gap-3">
                      <span aria-hidden="true" className="mt-2.5 size-2 shrink-0 rounded-full bg-primary" />
                      <span>{takeaway}</span>
                    </li>
                  ))}
                </ul>
              </CaseStudySection>
            )}
          </div>
          <div className="lg:sticky lg:top-24 lg:self-start">
            <MoreCaseStudies current={caseStudy} />
          </div>
        </div>
      </Container>
      <CtaBanner
        title="Ready for Results Like These?"
        description="Tell us about your goals and we will design an AI-trained remote team around them, with a dedicated account manager from day one and no long-term commitment."
        actions={[
          { label: 'Get Started Today', href: getStartedHref },
          { label: 'Schedule a Consultation', href: paths.contact.getHref(), variant: 'secondary' },
        ]}
      />
    </>
  );
}
