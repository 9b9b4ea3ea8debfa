import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { applicantProfileQueryOptions } from './api';
import { ApplicantProfileCard } from './applicant-profile-card';

// The saved profile as companies see it, under the form: what changes there shows here once saved.
export function ProfilePreviewSection() {
  const titleId = useId();
  const profile = useQuery(applicantProfileQueryOptions());
  // The Profile section above shows the loading and error states of the same query.
  if (!profile.isSuccess) return null;
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <div className="space-y-1">
        <h2 id={titleId} className="text-lg leading-tight font-semibold">
          How companies see you
        </h2>
        <p className="text-sm text-muted-foreground">Your saved profile, as companies see it.</p>
      </div>
      <ApplicantProfileCard profile={profile.data} headingLevel={3} />
    </section>
  );
}
