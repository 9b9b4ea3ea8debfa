import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { nameAndEmailColumn, useLoadErrorToast, viewDetailsColumn } from '~/client/components/admin-list-columns';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { figureColumn } from '~/client/components/figure-column';
import { useRowSelection } from '~/client/components/row-selection';
import { SearchStatusToolbar } from '~/client/components/search-status-toolbar';
import { Badge } from '~/client/components/ui/badge';
import { errorMessage } from '~/client/lib/api-client';
import { useListSearch } from '~/client/lib/list-search';
import {
  type AdminApplicant,
  adminApplicantTexts,
  applicantStatuses,
  applicantStatusLabels,
} from '~/shared/admin-applicants';
import { adminApplicantListQueryOptions } from './api';
import { ApplicantBulkBar } from './applicant-bulk-bar';
import { ApplicantDetailsDrawer } from './applicant-details-drawer';
import { applicantsSearch, toApplicantListQuery } from './applicants-search';

// The applicants of /admin/applicants (docs/spec/admin-billing-and-content.md §2 item 3): search, status
// filter, name, status, applications, hired, created and View Details; the bulk bar while rows are selected.
export function ApplicantsSection() {
  const search = useListSearch(applicantsSearch);
  const query = toApplicantListQuery(search.state);
  const applicants = useQuery(adminApplicantListQueryOptions(query));
  const items = applicants.data?.items ?? [];
  const selection = useRowSelection(items, JSON.stringify(query));
  const [viewed, setViewed] = useState<AdminApplicant | null>(null);

  useLoadErrorToast(applicants.isError, adminApplicantTexts.loadFailedTitle, adminApplicantTexts.loadFailed);

  const columns: DataListColumn<AdminApplicant>[] = [
    selection.column({ noun: 'applicants', nameOf: (applicant) => applicant.name }),
    nameAndEmailColumn({ header: 'Name', name: (applicant) => applicant.name, email: (applicant) => applicant.email }),
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Status',
      cell: (applicant) => (
        <Badge variant={applicant.status === 'active' ? 'success' : 'danger'}>
          {applicantStatusLabels[applicant.status]}
        </Badge>
      ),
    },
    figureColumn({
      id: 'applications',
      header: 'Applications',
      phoneOrder: 2,
      value: (applicant) => applicant.applications,
    }),
    figureColumn({ id: 'hired', header: 'Hired', phoneOrder: 3, value: (applicant) => applicant.hired }),
    {
      id: 'created',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Created',
      className: 'whitespace-nowrap',
      cell: (applicant) => (
        <>
          <PhoneLabel>Created</PhoneLabel>
          {format(new Date(applicant.created_at), 'MMM d, yyyy')}
        </>
      ),
    },
    viewDetailsColumn<AdminApplicant>({ name: (applicant) => applicant.name, onView: setViewed }),
  ];

  const toolbar = (
    <>
      <SearchStatusToolbar
        search={search}
        searchLabel="Search applicants"
        placeholder="Search by name or email"
        statuses={applicantStatuses}
        statusLabels={applicantStatusLabels}
      />
      {selection.selectedIds.length > 0 && (
        <ApplicantBulkBar selectedIds={selection.selectedIds} onDone={selection.clear} />
      )}
    </>
  );

  return (
    <>
      <DataList
        label="Applicants"
        noun="applicants"
        query={applicants}
        columns={columns}
        rowKey={(applicant) => applicant.id}
        isRowSelected={selection.isSelected}
        search={search}
        errorTitle={adminApplicantTexts.loadFailedTitle}
        errorText={errorMessage(applicants.error, adminApplicantTexts.loadFailed)}
        empty={{
          icon: UsersIcon,
          filtered: { title: 'No applicants found', description: 'Try another name, email or status.' },
          none: { title: 'No applicants yet', description: 'Applicants appear here as they register.' },
        }}
        toolbar={toolbar}
      />
      <ApplicantDetailsDrawer applicant={viewed} onClose={() => setViewed(null)} />
    </>
  );
}
