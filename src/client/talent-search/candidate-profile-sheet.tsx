import { ClockIcon, MapPinIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '~/client/components/ui/badge';
import { Sheet, SheetContent } from '~/client/components/ui/sheet';
import { availabilityLabels, experienceLevelLabels } from '~/shared/talent';
import type { Candidate } from '~/shared/talent-search';
import { CandidateBadges, CandidatePhoto, CandidateRating } from './candidate-card';
import { formatHoursBilled, formatRate, placeOf } from './candidate-format';
import { ShortlistButton } from './shortlist-button';

interface CandidateProfileSheetProps {
  candidate: Candidate | null;
  onOpenChange: (open: boolean) => void;
  onShortlistChange: (isShortlisted: boolean) => void;
  // Invite to apply, for a shortlisted candidate.
  actions?: ReactNode;
}

// A candidate's full profile in a drawer over the results (spec §2: a card opens the profile): the whole
// summary and every skill, beside what the card shows. The search answer already holds the whole listed
// profile, so nothing more is fetched.
export function CandidateProfileSheet({
  candidate,
  onOpenChange,
  onShortlistChange,
  actions,
}: CandidateProfileSheetProps) {
  return (
    <Sheet open={candidate !== null} onOpenChange={onOpenChange}>
      {candidate && (
        <SheetContent side="right" title={`${candidate.name}’s profile`} className="overflow-y-auto">
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
                <CandidateRating rating={candidate.rating} />
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
                      <Badge variant="secondary" className="max-w-full whitespace-normal break-words">
                        {skill}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
          </div>
        </SheetContent>
      )}
    </Sheet>
  );
}
