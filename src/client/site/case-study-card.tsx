import { ArrowRight, CheckCircle2, Clock, Users } from 'lucide-react';
import { Link } from 'react-router';
import { type CaseStudy, caseStudySummary } from '~/client/content/case-studies';
import { paths } from '~/shared/routes';
import { CaseStudyTags } from './case-study-tags';

// One story on /case-studies. The title is the card's only link; its ::after covers the whole card.
export function CaseStudyCard({ caseStudy }: { caseStudy: CaseStudy }) {
  return (
    <article className="relative flex h-full flex-col rounded-xl border border-border bg-background p-6 shadow-sm transition-shadow hover:shadow-md">
      <CaseStudyTags tags={caseStudy.tags} />
      <h3 className="mt-4 text-xl font-semibold text-balance">
        <Link
          to={paths.caseStudy.getHref({ slug: caseStudy.slug })}
          className="after:absolute after:inset-0 after:rounded-xl hover:text-primary"
        >
          {caseStudy.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm font-medium text-muted-foreground">
        {caseStudy.company} · {caseStudy.industry}
      </p>
      <p className="mt-4 text-slate-700">{caseStudySummary(caseStudy)}</p>
      <h4 className="mt-5 text-sm font-semibold">Key results</h4>
      <ul className="mt-2 space-y-2 text-sm">
        {caseStudy.results.slice(0, 3).map((result) => (
          <li key={result} className="flex gap-2">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            <span>{result}</span>
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-6">
        <p className="flex flex-wrap gap-x-4 gap-y-1 border-t border-border pt-4 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            <span className="sr-only">Timeline: </span>
            {caseStudy.timeline}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Users aria-hidden="true" className="size-4" />
            <span className="sr-only">Team size: </span>
            {caseStudy.teamSize}
          </span>
        </p>
        <p aria-hidden="true" className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-primary">
          Read the full story <ArrowRight className="size-4" />
        </p>
      </div>
    </article>
  );
}
