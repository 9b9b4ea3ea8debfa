import { ClockIcon, MapPinIcon } from 'lucide-react';
import { ProfileBackgroundView } from '~/client/components/profile-background';
import { ProfilePhoto } from '~/client/components/profile-photo';
import { Badge } from '~/client/components/ui/badge';
import { Card, CardContent } from '~/client/components/ui/card';
import { describeTimeZone } from '~/client/lib/time-zones';
import type { ApplicantProfileView } from '~/shared/talent';
import { availabilityLabels, experienceLevelLabels } from '~/shared/talent-texts';

const formatRate = (dollars: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
  }).format(dollars);

interface ApplicantProfileCardProps {
  profile: ApplicantProfileView;
  // The name's heading level where the card sits (3 inside a section with its own heading).
  headingLevel?: 2 | 3;
  className?: string;
}

// An applicant's profile, read-only, as companies see it: for talent search, a job's applications, and
// the applicant's own preview.
export function ApplicantProfileCard({ profile, headingLevel = 2, className }: ApplicantProfileCardProps) {
  const titleId = `applicant-${profile.id}-name`;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const place = [profile.location, profile.region].filter(Boolean).join(' · ');
  return (
    <Card aria-labelledby={titleId} className={className}>
      <div className="flex flex-wrap items-start gap-4 p-4 sm:p-6">
        <ProfilePhoto name={profile.name} src={profile.photo_url} size="medium" />
        <div className="grid min-w-0 flex-1 gap-1">
          <Heading id={titleId} className="text-lg leading-tight font-semibold break-words">
            {profile.name}
          </Heading>
          <p className="text-sm break-words text-muted-foreground">{profile.headline ?? 'No headline yet'}</p>
          <div className="flex flex-wrap gap-1.5 pt-1">
            {profile.experience_level && (
              <Badge variant="info">{experienceLevelLabels[profile.experience_level]}</Badge>
            )}
            {profile.availability && <Badge variant="neutral">{availabilityLabels[profile.availability]}</Badge>}
          </div>
        </div>
        {profile.hourly_rate != null && (
          <p className="text-right">
            <span className="text-lg font-semibold tabular-nums">{formatRate(profile.hourly_rate)}</span>
            <span className="text-sm text-muted-foreground">/hr</span>
          </p>
        )}
      </div>
      <CardContent className="grid gap-4">
        {(place || profile.timezone) && (
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
            {place && (
              <li className="flex min-w-0 items-center gap-1.5">
                <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
                <span className="break-words">{place}</span>
              </li>
            )}
            {profile.timezone && (
              <li className="flex min-w-0 items-center gap-1.5">
                <ClockIcon className="size-4 shrink-0" aria-hidden="true" />
                <span className="break-words">{describeTimeZone(profile.timezone)}</span>
              </li>
            )}
          </ul>
        )}
        <p className="text-sm break-words whitespace-pre-line">{profile.summary ?? 'No summary yet.'}</p>
        {profile.skills.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Skills">
            {profile.skills.map((skill) => (
              <li key={skill}>
                <Badge variant="secondary" className="max-w-full whitespace-normal break-words">
                  {skill}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <ProfileBackgroundView background={profile} headingLevel={headingLevel === 3 ? 4 : 3} />
      </CardContent>
    </Card>
  );
}
