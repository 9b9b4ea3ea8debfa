import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { BadgeList } from '~/client/components/detail-section';
import { DetailFact, DetailsDrawer } from '~/client/components/details-drawer';
import { Badge } from '~/client/components/ui/badge';
import { type AdminApplicant, adminApplicantTexts, applicantStatusLabels } from '~/shared/admin-applicants';
import { adminApplicantDetailQueryOptions } from './api';

// View Details of an applicant's row: email, profile headline, skills, applications and assignments.
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
      )}
    </DetailsDrawer>
  );
}
