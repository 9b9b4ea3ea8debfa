import { BadgeCheckIcon, BriefcaseIcon, ClockIcon, LanguagesIcon, MapPinIcon, ShieldCheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ProfilePhoto } from '~/client/components/profile-photo';
import { StarRating } from '~/client/components/star-rating';
import { Badge } from '~/client/components/ui/badge';
import { cn } from '~/client/lib/cn';
import type { LanguageLevel } from '~/shared/talent-background';
import type { Candidate, SearchExcerpt } from '~/shared/talent-search';
import { CANDIDATE_CARD_SKILLS, talentBadgeLabels } from '~/shared/talent-search-texts';
import { formatHoursBilled, formatRate, placeOf } from './candidate-format';
import { ShortlistButton } from './shortlist-button';
import type { TalentLayout } from './talent-search-search';

// The photo with its presence dot, which says Online or Offline to screen readers too.
export function CandidatePhoto({ candidate }: { candidate: Pick<Candidate, 'name' | 'photo_url' | 'is_online'> }) {
  return (
    <span className="relative inline-flex shrink-0">
      <ProfilePhoto name={candidate.name} src={candidate.photo_url} size="medium" />
      <span
        role="img"
        aria-label={candidate.is_online ? 'Online' : 'Offline'}
        title={candidate.is_online ? 'Online' : 'Offline'}
        className={cn(
          'absolute right-0.5 bottom-0.5 size-3.5 rounded-full border-2 border-background',
          candidate.is_online ? 'bg-emerald-500' : 'bg-slate-400',
        )}
      />
    </span>
  );
}

export function CandidateBadges({ badges }: { badges: Candidate['badges'] }) {
  if (badges.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Verified badges">
      {badges.map((badge) => (
        <li key={badge}>
          <Badge variant="success">
            <ShieldCheckIcon className="size-3" aria-hidden="true" />
            {talentBadgeLabels[badge]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

// A skill, marked when a passed public test shows it (the Proven Skills sort ranks by those).
export function SkillBadge({ skill, isProven, className }: { skill: string; isProven: boolean; className?: string }) {
  return (
    <Badge
      variant={isProven ? 'success' : 'secondary'}
      className={cn('max-w-full', className)}
      title={isProven ? `${skill}: proven by a passed test` : undefined}
    >
      {isProven && <BadgeCheckIcon className="size-3.5 shrink-0" aria-hidden="true" />}
      <span className="truncate">{skill}</span>
      {isProven && <span className="sr-only"> (proven by a passed test)</span>}
    </Badge>
  );
}

// docs/spec/portal-and-public-site.md §9: at most five skills, then '+N' for the rest. The proven ones come first.
function CardSkills({ candidate }: { candidate: Pick<Candidate, 'skills' | 'proven_skills'> }) {
  const skills = [
    ...candidate.proven_skills,
    ...candidate.skills.filter((skill) => !candidate.proven_skills.includes(skill)),
  ];
  if (skills.length === 0) return null;
  const shown = skills.slice(0, CANDIDATE_CARD_SKILLS);
  const more = skills.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Skills">
      {shown.map((skill) => (
        <li key={skill} className="min-w-0 max-w-full">
          <SkillBadge skill={skill} isProven={candidate.proven_skills.includes(skill)} />
        </li>
      ))}
      {more > 0 && (
        <li>
          <Badge variant="outline" title={skills.slice(CANDIDATE_CARD_SKILLS).join(', ')}>
            +{more}
            <span className="sr-only"> more {more === 1 ? 'skill' : 'skills'}</span>
          </Badge>
        </li>
      )}
    </ul>
  );
}

// The background at a glance: the job the work history starts with, and the languages with their levels.
function CardBackground({ candidate }: { candidate: Pick<Candidate, 'latest_job' | 'languages'> }) {
  const { latest_job: job, languages } = candidate;
  if (!job && languages.length === 0) return null;
  return (
    <ul className="grid gap-1 text-sm text-muted-foreground">
      {job && (
        <li className="flex min-w-0 items-start gap-1.5">
          <BriefcaseIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="break-words">
            <span className="sr-only">Latest job: </span>
            {job.title} at {job.company}
          </span>
        </li>
      )}
      {languages.length > 0 && (
        <li className="flex min-w-0 items-start gap-1.5">
          <LanguagesIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="break-words">
            <span className="sr-only">Languages: </span>
            {languages.map((entry) => `${entry.language} (${languageLevelShort(entry.level)})`).join(', ')}
          </span>
        </li>
      )}
    </ul>
  );
}

const languageLevelShort = (level: LanguageLevel) => (level === 'native' ? 'Native' : level);

function Facts({ candidate, className }: { candidate: Candidate; className?: string }) {
  const place = placeOf(candidate);
  return (
    <ul className={cn('flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground', className)}>
      <li className="min-w-0">
        <StarRating rating={candidate.rating} reviewCount={candidate.review_count} />
      </li>
      <li className="min-w-0">
        <span className="inline-flex items-center gap-1">
          <ClockIcon className="size-4" aria-hidden="true" />
          {formatHoursBilled(candidate.hours_billed)}
        </span>
      </li>
      {place && (
        <li className="min-w-0">
          <span className="inline-flex min-w-0 items-center gap-1">
            <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
            <span className="break-words">{place}</span>
          </span>
        </li>
      )}
    </ul>
  );
}

interface CandidateCardProps {
  candidate: Candidate;
  layout: TalentLayout;
  onOpen: (candidate: Candidate) => void;
  // Extra actions under the card (the shortlist's Invite to apply).
  actions?: ReactNode;
}

// A candidate as a card (grid) or a row (list), docs/spec/portal-and-public-site.md §2: the name opens the full
// profile; the whole card is its click target, with the heart and the actions above it.
export function CandidateCard({ candidate, layout, onOpen, actions }: CandidateCardProps) {
  const nameId = `candidate-${candidate.id}-name`;
  const isRow = layout === 'list';
  return (
    <article
      aria-labelledby={nameId}
      className={cn(
        'relative flex h-full min-w-0 flex-col gap-3 rounded-lg border border-border bg-background p-4 text-foreground shadow-sm transition-colors hover:border-primary/50 sm:p-5',
        isRow && 'md:flex-row md:items-start md:gap-5',
      )}
    >
      <div className={cn('flex min-w-0 items-start gap-3', isRow && 'md:w-72 md:shrink-0')}>
        <CandidatePhoto candidate={candidate} />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h3 id={nameId} className="text-base leading-tight font-semibold break-words">
            <button
              type="button"
              onClick={() => onOpen(candidate)}
              className="text-left after:absolute after:inset-0 after:rounded-lg hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
            >
              {candidate.name}
            </button>
          </h3>
          <p className="text-sm break-words text-muted-foreground">{candidate.role}</p>
          <p className="text-sm font-semibold tabular-nums">{formatRate(candidate.hourly_rate)}</p>
        </div>
        <ShortlistButton candidate={candidate} className="relative z-10 -mt-1 -mr-1" />
      </div>
      <div className="grid min-w-0 flex-1 content-start gap-3">
        <p className={cn('text-sm break-words', isRow ? 'line-clamp-2' : 'line-clamp-3')}>{candidate.summary}</p>
        <SearchMatches candidate={candidate} />
        <CardSkills candidate={candidate} />
        <CardBackground candidate={candidate} />
        <Facts candidate={candidate} />
        <CandidateBadges badges={candidate.badges} />
        {actions && <div className="relative z-10 flex flex-wrap gap-2 pt-1">{actions}</div>}
      </div>
    </article>
  );
}

// Where the searched words are in the candidate's CV and background, the words marked; for the CV, only that
// they are there when the candidate shares it with companies they deal with alone.
export function SearchMatches({ candidate }: { candidate: Candidate }) {
  return (
    <>
      {candidate.cv_match && (
        <MatchExcerpt
          label="In CV"
          excerpt={candidate.cv_match.excerpt}
          unreadable="the words you searched for are in their CV."
        />
      )}
      {candidate.background_match && (
        <MatchExcerpt label="In background" excerpt={candidate.background_match.excerpt} />
      )}
    </>
  );
}

function MatchExcerpt({
  label,
  excerpt,
  unreadable,
}: {
  label: string;
  excerpt: SearchExcerpt | null;
  unreadable?: string;
}) {
  // Each part keyed by where it starts in the excerpt.
  let offset = 0;
  const parts = (excerpt ?? []).map((part) => {
    const start = offset;
    offset += part.text.length;
    return { ...part, start };
  });
  return (
    <p className="rounded-md bg-muted px-2.5 py-1.5 text-sm break-words text-muted-foreground">
      <span className="font-medium text-foreground">{label}: </span>
      {excerpt
        ? parts.map((part) =>
            part.is_match ? (
              <mark key={part.start} className="rounded-sm bg-primary/15 px-0.5 font-semibold text-foreground">
                {part.text}
              </mark>
            ) : (
              <span key={part.start}>{part.text}</span>
            ),
          )
        : unreadable}
    </p>
  );
}

// The cards in a grid, or rows one under the other (the card/list toggle).
export function CandidateList({ layout, children }: { layout: TalentLayout; children: ReactNode }) {
  return (
    <ul className={layout === 'grid' ? 'grid gap-4 sm:grid-cols-[repeat(auto-fill,minmax(18rem,1fr))]' : 'grid gap-4'}>
      {children}
    </ul>
  );
}
