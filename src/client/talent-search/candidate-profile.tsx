import { useQuery } from '@tanstack/react-query';
import { ClockIcon, DownloadIcon, MapPinIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { StarsShown } from '~/client/components/assignment-reviews-dialog';
import { ProfileBackgroundView } from '~/client/components/profile-background';
import { ReportButton } from '~/client/components/report-button';
import { StarRating } from '~/client/components/star-rating';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button, buttonVariants } from '~/client/components/ui/button';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { type CandidateCv, cvTexts } from '~/shared/applicant-cv';
import { testTypeLabels } from '~/shared/assessments';
import { possessive } from '~/shared/possessive';
import type { Candidate } from '~/shared/talent-search';
import { availabilityLabels, experienceLevelLabels } from '~/shared/talent-texts';
import { candidateProfileQueryOptions, candidateReviewsQueryOptions } from './api';
import { CandidateBadges, CandidatePhoto, SearchMatches, SkillBadge } from './candidate-card';
import { formatHoursBilled, formatRate, placeOf } from './candidate-format';
import { ShortlistButton } from './shortlist-button';

// The profile in the candidate's drawer (CandidateProfileSheet loads it as the drawer opens, with the
// report form and the background lists): everything the card shows and more, and what it fetches.
export function CandidateProfile({
  candidate,
  onShortlistChange,
  actions,
}: {
  candidate: Candidate;
  onShortlistChange: (isShortlisted: boolean) => void;
  actions?: ReactNode;
}) {
  return (
    <div className="grid gap-5 p-4 pt-12 sm:p-6 sm:pt-12">
      <div className="flex items-start gap-4">
        <CandidatePhoto candidate={candidate} />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className="text-lg leading-tight font-semibold break-words">{candidate.name}</h2>
          <p className="text-sm break-words text-muted-foreground">{candidate.role}</p>
          <p className="font-semibold tabular-nums">{formatRate(candidate.hourly_rate)}</p>
        </div>
        <ShortlistButton candidate={candidate} onChange={onShortlistChange} />
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Badge variant="info">{experienceLevelLabels[candidate.experience_level]}</Badge>
        <Badge variant="neutral">{availabilityLabels[candidate.availability]}</Badge>
        <Badge variant="outline">{candidate.region}</Badge>
      </div>
      <ul className="grid gap-1.5 text-sm text-muted-foreground">
        <li>
          <StarRating rating={candidate.rating} reviewCount={candidate.review_count} />
        </li>
        <li className="flex items-center gap-1.5">
          <ClockIcon className="size-4" aria-hidden="true" />
          {formatHoursBilled(candidate.hours_billed)}
        </li>
        {placeOf(candidate) && (
          <li className="flex min-w-0 items-center gap-1.5">
            <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
            <span className="break-words">{placeOf(candidate)}</span>
          </li>
        )}
      </ul>
      <CandidateBadges badges={candidate.badges} />
      <section aria-labelledby="candidate-summary" className="grid gap-2">
        <h3 id="candidate-summary" className="text-sm font-semibold">
          Summary
        </h3>
        <p className="text-sm break-words whitespace-pre-line">{candidate.summary}</p>
      </section>
      {candidate.skills.length > 0 && (
        <section aria-labelledby="candidate-skills" className="grid gap-2">
          <h3 id="candidate-skills" className="text-sm font-semibold">
            Skills
          </h3>
          <ul className="flex flex-wrap gap-1.5">
            {candidate.skills.map((skill) => (
              <li key={skill} className="max-w-full">
                <SkillBadge
                  skill={skill}
                  isProven={candidate.proven_skills.includes(skill)}
                  className="whitespace-normal break-words"
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      <SearchMatches candidate={candidate} />
      {candidate.cv && <CandidateCvDownload cv={candidate.cv} />}
      <CandidateDetails candidateId={candidate.id} />
      <CandidateReviews candidateId={candidate.id} />
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      <div>
        <ReportButton
          targetType="applicant_profile"
          targetId={candidate.id}
          targetName={`${possessive(candidate.name)} profile`}
        />
      </div>
    </div>
  );
}

// The CV, downloaded as a file when the candidate shares it with this company (the server checks again
// and records the download); else why not.
function CandidateCvDownload({ cv }: { cv: NonNullable<CandidateCv> }) {
  return (
    <section aria-labelledby="candidate-cv" className="grid gap-2">
      <h3 id="candidate-cv" className="text-sm font-semibold">
        CV
      </h3>
      {cv.can_download ? (
        <a href={cv.download_url} download className={buttonVariants({ variant: 'outline', className: 'w-fit' })}>
          <DownloadIcon aria-hidden="true" />
          Download CV
        </a>
      ) : (
        <p className="text-sm text-muted-foreground">{cvTexts.notPermitted}</p>
      )}
    </section>
  );
}

// What the sheet fetches as it opens: the background lists, then the passed tests.
function CandidateDetails({ candidateId }: { candidateId: string }) {
  const profile = useQuery(candidateProfileQueryOptions(candidateId));
  return (
    <>
      {profile.isSuccess && <ProfileBackgroundView background={profile.data} />}
      <PassedTests candidateId={candidateId} />
    </>
  );
}

const passedOn = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));

// The tests the candidate passed that this company may see: the platform's public ones and its own.
function PassedTests({ candidateId }: { candidateId: string }) {
  const headingId = useId();
  const profile = useQuery(candidateProfileQueryOptions(candidateId));
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Passed tests
      </h3>
      {profile.isPending ? (
        <div className="grid gap-2" role="status">
          <span className="sr-only">Loading passed tests…</span>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : profile.isError ? (
        <Alert variant="destructive">
          <div className="space-y-2">
            <p>{errorMessage(profile.error, 'The passed tests could not be loaded. Please try again.')}</p>
            <Button size="sm" variant="outline" onClick={() => profile.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      ) : profile.data.passed_tests.length === 0 ? (
        <p className="text-sm text-muted-foreground">No passed tests yet.</p>
      ) : (
        <ul className="grid gap-2">
          {profile.data.passed_tests.map((test) => (
            <li
              key={test.id}
              className="flex min-w-0 items-center justify-between gap-3 rounded-md border border-border p-3"
            >
              <div className="grid min-w-0 gap-0.5">
                <p className="text-sm font-medium break-words">{test.name}</p>
                <p className="text-xs text-muted-foreground">
                  {testTypeLabels[test.type]} · passed {passedOn(test.passed_at)}
                </p>
              </div>
              <Badge variant="success" className="shrink-0 tabular-nums">
                {test.score}%
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const REVIEWS_PAGE_SIZE = 5;

// What companies wrote after working with the candidate: revealed reviews only, newest first.
function CandidateReviews({ candidateId }: { candidateId: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const reviews = useQuery(candidateReviewsQueryOptions(candidateId, { page, page_size: REVIEWS_PAGE_SIZE }));
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Reviews from companies
      </h3>
      {reviews.isPending ? (
        <div className="grid gap-2" role="status">
          <span className="sr-only">Loading reviews…</span>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : reviews.isError ? (
        <Alert variant="destructive">
          <div className="space-y-2">
            <p>{errorMessage(reviews.error, 'The reviews could not be loaded. Please try again.')}</p>
            <Button size="sm" variant="outline" onClick={() => reviews.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      ) : reviews.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No reviews yet.</p>
      ) : (
        <>
          <ul className="grid gap-2">
            {reviews.data.items.map((review) => (
              <li key={review.id} className="grid min-w-0 gap-1 rounded-md border border-border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 text-sm font-medium break-words">{review.company_name}</p>
                  <StarsShown rating={review.rating} />
                </div>
                <p className="text-sm break-words whitespace-pre-line">{review.comment}</p>
                <p className="text-xs text-muted-foreground">
                  {review.role} · {passedOn(review.created_at)}
                </p>
              </li>
            ))}
          </ul>
          {reviews.data.total > REVIEWS_PAGE_SIZE && (
            <Pagination
              page={page}
              pageSize={REVIEWS_PAGE_SIZE}
              total={reviews.data.total}
              onPageChange={setPage}
              noun="reviews"
            />
          )}
        </>
      )}
    </section>
  );
}
