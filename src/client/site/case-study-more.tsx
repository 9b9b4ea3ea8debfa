import { Link } from 'react-router';
import { type CaseStudy, caseStudies } from '~/client/content/case-studies';
import { paths } from '~/shared/routes';

// The other stories, beside the one being read.
export function MoreCaseStudies({ current }: { current: CaseStudy }) {
  const others = caseStudies.filter((caseStudy) => caseStudy.id !== current.id);
  return (
    <nav aria-labelledby="more-case-studies-heading" className="rounded-xl border border-border bg-muted p-6">
      <h2 id="more-case-studies-heading" className="text-lg font-semibold">
        More Case Studies
      </h2>
      <ul className="mt-4 space-y-4">
        {others.map((caseStudy) => (
          <li key={caseStudy.slug}>
            <Link
              to={paths.caseStudy.getHref({ slug: caseStudy.slug })}
              className="group block rounded-md text-sm focus-visible:outline-offset-4"
            >
              <span className="font-semibold text-foreground group-hover:text-primary group-hover:underline">
                {caseStudy.title}
              </span>
              <span className="mt-0.5 block text-muted-foreground">
                {caseStudy.company} · {caseStudy.industry}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to={paths.caseStudies.getHref()}
        className="mt-5 inline-flex text-sm font-semibold text-primary hover:underline"
      >
        View all case studies
      </Link>
    </nav>
  );
}
