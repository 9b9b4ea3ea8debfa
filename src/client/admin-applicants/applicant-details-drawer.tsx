import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import { BadgeList } from '~/client/components/detail-section';
import { DetailFact, DetailsDrawer } from '~/client/components/details-drawer';
import { Badge } from '~/client/components/ui/badge';
import { Switch } from '~/client/components/ui/switch';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import {
  type AdminApplicant,
  type AdminApplicantDetail,
  adminApplicantTexts,
  applicantStatusLabels,
} from '~/shared/admin-applicants';
import { talentBadgeLabels } from '~/shared/talent-search-texts';
import { adminApplicantDetailQueryOptions, useChangeApplicantVerifications } from './api';
import { ApplicantTaxForm } from './applicant-tax-form';

const verificationBadges = [
  { field: 'id_verified', badge: 'id_verified', hint: 'Their identity document was checked.' },
  { field: 'background_checked', badge: 'background_check', hint: 'Their background check came back clear.' },
] as const;

// The badges Talent Search filters on: each switch saves at once.
function VerificationSwitches({ detail }: { detail: AdminApplicantDetail }) {
  const change = useChangeApplicantVerifications(detail.id);
  // The toast region sits outside the open drawer, which hides the rest of the page from assistive
  // technology: the drawer announces the outcome itself.
  const [announcement, setAnnouncement] = useState('');
  const isActive = detail.status === 'active';
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-xs text-muted-foreground">Verification</legend>
      {verificationBadges.map(({ field, badge, hint }) => {
        const id = `verification-${field}`;
        const label = talentBadgeLabels[badge];
        return (
          <div key={field} className="flex items-center justify-between gap-4 rounded-md border p-3">
            <div className="grid gap-0.5">
              <label htmlFor={id} className="text-sm font-medium">
                {label}
              </label>
              <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                {isActive ? hint : adminApplicantTexts.notActive}
              </p>
            </div>
            <Switch
              id={id}
              aria-describedby={`${id}-hint`}
              checked={detail[field]}
              disabled={!isActive || change.isPending}
              onCheckedChange={(checked) =>
                change.mutate(
                  { [field]: checked },
                  {
                    onSuccess: (updated) => {
                      const description = `${updated.name} ${updated[field] ? 'now shows' : 'no longer shows'} the ${label} badge.`;
                      setAnnouncement(description);
                      toast({ title: adminApplicantTexts.verificationSaved, description });
                    },
                    onError: (error) => {
                      const description = errorMessage(error, adminApplicantTexts.verificationFailed);
                      setAnnouncement(`${adminApplicantTexts.verificationFailed}: ${description}`);
                      toast({ variant: 'destructive', title: adminApplicantTexts.verificationFailed, description });
                    },
                  },
                )
              }
            />
          </div>
        );
      })}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}

// View Details of an applicant's row: email, profile headline, skills, applications, assignments and the
// verification badges.
export function ApplicantDetailsDrawer({
  applicant,
  onClose,
}: {
  applicant: AdminApplicant | null;
  onClose: () => void;
}) {
  const query = useQuery({ ...adminApplicantDetailQueryOptions(applicant?.id ?? ''), enabled: applicant !== null });
  const detail = query.data;
  return (
    <DetailsDrawer
      open={applicant !== null}
      onClose={onClose}
      title={applicant?.name ?? 'Applicant'}
      query={query}
      notFoundText={adminApplicantTexts.notFound}
      loadErrorText={adminApplicantTexts.loadFailed}
    >
      {detail && (
        <>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <DetailFact label="Email">{detail.email}</DetailFact>
            <DetailFact label="Status">
              <Badge variant={detail.status === 'active' ? 'success' : 'danger'}>
                {applicantStatusLabels[detail.status]}
              </Badge>
            </DetailFact>
            <DetailFact label="Headline">{detail.headline ?? 'No headline yet'}</DetailFact>
            <DetailFact label="Location">{detail.location ?? '—'}</DetailFact>
            <DetailFact label="Applications">{`${detail.applications} (${detail.hired} hired)`}</DetailFact>
            <DetailFact label="Assignments">{`${detail.assignments} (${detail.active_assignments} active)`}</DetailFact>
            <DetailFact label="Created">{format(new Date(detail.created_at), 'MMM d, yyyy')}</DetailFact>
            <div className="grid gap-1 sm:col-span-2">
              <dt className="text-xs text-muted-foreground">Skills</dt>
              <dd>
                <BadgeList items={detail.skills} label="Skills" variant="secondary" empty="No skills listed." />
              </dd>
            </div>
          </dl>
          <VerificationSwitches detail={detail} />
          <ApplicantTaxForm applicantId={detail.id} />
        </>
      )}
    </DetailsDrawer>
  );
}
