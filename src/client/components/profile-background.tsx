import { AwardIcon, BriefcaseIcon, ExternalLinkIcon, GraduationCapIcon, LanguagesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMonth, languageLevelLabels, type ProfileBackground } from '~/shared/talent-background';

// An applicant's work history, education, languages, certifications and portfolio, read-only, in the
// applicant's order: on their own preview, Talent Search's profile sheet and an application's panel.
// A list left empty is left out; `emptyText` shows when all are.
export function ProfileBackgroundView({
  background,
  headingLevel = 3,
  emptyText,
}: {
  background: ProfileBackground;
  headingLevel?: 3 | 4;
  emptyText?: string;
}) {
  const { work_history, education, languages, certifications, portfolio } = background;
  const isEmpty = [work_history, education, languages, certifications, portfolio].every((list) => list.length === 0);
  if (isEmpty) return emptyText ? <p className="text-sm text-muted-foreground">{emptyText}</p> : null;
  return (
    <div className="grid gap-5">
      {work_history.length > 0 && (
        <BackgroundSection title="Work history" icon={<BriefcaseIcon />} headingLevel={headingLevel}>
          {work_history.map((job) => (
            <li key={job.id} className="grid gap-0.5">
              <p className="text-sm font-medium break-words">
                {job.title} · {job.company}
              </p>
              <p className="text-xs text-muted-foreground">
                {formatMonth(job.start_month)} – {job.end_month ? formatMonth(job.end_month) : 'Present'}
              </p>
              {job.description && (
                <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{job.description}</p>
              )}
            </li>
          ))}
        </BackgroundSection>
      )}
      {education.length > 0 && (
        <BackgroundSection title="Education" icon={<GraduationCapIcon />} headingLevel={headingLevel}>
          {education.map((entry) => (
            <li key={entry.id} className="grid gap-0.5">
              <p className="text-sm font-medium break-words">{entry.school}</p>
              <p className="text-sm break-words">{entry.degree}</p>
              <p className="text-xs text-muted-foreground">
                {entry.start_year} – {entry.end_year ?? 'Present'}
              </p>
            </li>
          ))}
        </BackgroundSection>
      )}
      {languages.length > 0 && (
        <BackgroundSection title="Languages" icon={<LanguagesIcon />} headingLevel={headingLevel}>
          {languages.map((entry) => (
            <li key={entry.id} className="text-sm break-words">
              <span className="font-medium">{entry.language}</span>{' '}
              <span className="text-muted-foreground">· {languageLevelLabels[entry.level]}</span>
            </li>
          ))}
        </BackgroundSection>
      )}
      {certifications.length > 0 && (
        <BackgroundSection title="Certifications" icon={<AwardIcon />} headingLevel={headingLevel}>
          {certifications.map((entry) => (
            <li key={entry.id} className="grid gap-0.5">
              <p className="text-sm font-medium break-words">{entry.name}</p>
              <p className="text-xs text-muted-foreground">
                {entry.issuer} · Issued {formatMonth(entry.issued_month)}
                {entry.expires_month && ` · Expires ${formatMonth(entry.expires_month)}`}
              </p>
              {entry.credential_url && (
                <ExternalLink href={entry.credential_url}>Show credential for {entry.name}</ExternalLink>
              )}
            </li>
          ))}
        </BackgroundSection>
      )}
      {portfolio.length > 0 && (
        <BackgroundSection title="Portfolio" icon={<ExternalLinkIcon />} headingLevel={headingLevel}>
          {portfolio.map((entry) => (
            <li key={entry.id} className="grid gap-0.5">
              <ExternalLink href={entry.url}>{entry.title}</ExternalLink>
              {entry.description && (
                <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{entry.description}</p>
              )}
            </li>
          ))}
        </BackgroundSection>
      )}
    </div>
  );
}

function BackgroundSection({
  title,
  icon,
  headingLevel,
  children,
}: {
  title: string;
  icon: ReactNode;
  headingLevel: 3 | 4;
  children: ReactNode;
}) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  // A heading, not a landmark: these sit inside cards and panels that are regions already.
  return (
    <div className="grid gap-2">
      <Heading className="flex items-center gap-1.5 text-sm font-semibold [&_svg]:size-4">
        <span aria-hidden="true" className="text-muted-foreground">
          {icon}
        </span>
        {title}
      </Heading>
      <ul className="grid gap-3">{children}</ul>
    </div>
  );
}

// Addresses the applicant typed (http or https only, checked by the server): opened in a new tab, without
// handing that page a way back into Tandem.
function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow ugc"
      className="inline-flex items-center gap-1 justify-self-start text-sm font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
    >
      {children}
      <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
