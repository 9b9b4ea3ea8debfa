import { useQuery } from '@tanstack/react-query';
import { FileSignatureIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { PageMeta } from '~/client/components/page-meta';
import { SearchStatusToolbar } from '~/client/components/search-status-toolbar';
import { errorMessage } from '~/client/lib/api-client';
import { formatIsoDay } from '~/client/lib/iso-day';
import { defineListSearch, searchParam, useListSearch } from '~/client/lib/list-search';
import type { PageProps } from '~/client/routes';
import type { AgreementSummary } from '~/shared/agreements';
import { paths } from '~/shared/routes';
import { AgreementStateBadge } from './agreement-state-badge';
import { type AgreementSide, agreementListQueryOptions } from './api';

const listStates = ['to_sign', 'waiting', 'signed', 'closed'] as const;
type ListState = (typeof listStates)[number];

// What each side filters by, in its own words.
const stateOptions: Record<AgreementSide, { states: readonly ListState[]; labels: Record<ListState, string> }> = {
  applicant: {
    states: ['to_sign', 'signed', 'closed'],
    labels: { to_sign: 'To sign', waiting: 'Waiting', signed: 'Signed', closed: 'Declined, voided or expired' },
  },
  company: {
    states: ['waiting', 'to_sign', 'signed', 'closed'],
    labels: {
      to_sign: 'To countersign',
      waiting: 'Waiting for signatures',
      signed: 'Signed',
      closed: 'Declined, voided or expired',
    },
  },
  admin: {
    states: ['waiting', 'signed', 'closed'],
    labels: {
      to_sign: 'To sign',
      waiting: 'Waiting for signatures',
      signed: 'Signed',
      closed: 'Declined, voided or expired',
    },
  },
};

const agreementsSearch = defineListSearch({ filters: { status: searchParam.oneOf('status', listStates) } });

const pageSide: Partial<Record<PageProps['pageId'], AgreementSide>> = {
  applicantAgreements: 'applicant',
  companyAgreements: 'company',
  adminAgreements: 'admin',
};
const detailHref = (side: AgreementSide, id: string) =>
  side === 'applicant'
    ? paths.applicantAgreement.getHref({ id })
    : side === 'company'
      ? paths.companyAgreement.getHref({ id })
      : paths.adminAgreement.getHref({ id });

const leads: Record<AgreementSide, string> = {
  applicant: 'The agreements companies sent you with their offers. Work starts once they are signed.',
  company: 'The agreements your hires sign before work starts: who has signed, who is next, and the sealed copies.',
  admin: 'Every agreement sent on Tandem, with its signatures and sealed copy.',
};

// /applicant/agreements, /company/agreements, /admin/agreements (issue 57): the agreements each side reaches,
// the latest sent first, narrowed by state and searched by title, talent or company, a page at a time.
export default function AgreementsPage({ pageId }: PageProps) {
  const side = pageSide[pageId] ?? 'applicant';
  const { title } = paths[pageId];
  const search = useListSearch(agreementsSearch);
  const { state } = search;
  const agreements = useQuery(
    agreementListQueryOptions(side, {
      state: state.status ?? 'all',
      search: state.q || undefined,
      page: state.page,
      page_size: state.pageSize,
    }),
  );
  const options = stateOptions[side];

  const columns: DataListColumn<AgreementSummary>[] = [
    {
      id: 'agreement',
      phone: 'title',
      header: 'Agreement',
      cell: (agreement) => (
        <Link
          to={detailHref(side, agreement.id)}
          className="font-medium text-primary underline-offset-4 hover:underline [overflow-wrap:anywhere]"
        >
          {agreement.title}
        </Link>
      ),
    },
    ...(side === 'applicant'
      ? []
      : [
          {
            id: 'talent',
            phone: 'detail' as const,
            phoneOrder: 1 as const,
            header: 'Talent',
            cell: (agreement: AgreementSummary) => (
              <>
                <PhoneLabel>Talent</PhoneLabel>
                <span className="[overflow-wrap:anywhere]">{agreement.talent_name}</span>
              </>
            ),
          },
        ]),
    ...(side === 'company'
      ? []
      : [
          {
            id: 'company',
            phone: 'detail' as const,
            phoneOrder: 1 as const,
            header: 'Company',
            cell: (agreement: AgreementSummary) => (
              <>
                <PhoneLabel>Company</PhoneLabel>
                <span className="[overflow-wrap:anywhere]">{agreement.company_name}</span>
              </>
            ),
          },
        ]),
    {
      id: 'role',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Role',
      cell: (agreement) => (
        <>
          <PhoneLabel>Role</PhoneLabel>
          <span className="[overflow-wrap:anywhere]">{agreement.role || '—'}</span>
        </>
      ),
    },
    {
      id: 'state',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Status',
      cell: (agreement) => <AgreementStateBadge state={agreement.state} />,
    },
    {
      id: 'sent',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Sent',
      className: 'whitespace-nowrap',
      cell: (agreement) => (
        <>
          <PhoneLabel>Sent</PhoneLabel>
          {formatIsoDay(agreement.sent_at.slice(0, 10))}
        </>
      ),
    },
    {
      id: 'until',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Signed or due',
      className: 'whitespace-nowrap',
      cell: (agreement) => (
        <>
          <PhoneLabel>{agreement.completed_at ? 'Signed' : 'Due'}</PhoneLabel>
          {formatIsoDay((agreement.completed_at ?? agreement.expires_at).slice(0, 10))}
        </>
      ),
    },
  ];

  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">{leads[side]}</p>
      </div>
      <DataList
        label="Agreements"
        noun="agreements"
        query={agreements}
        columns={columns}
        rowKey={(agreement) => agreement.id}
        search={search}
        toolbar={
          <SearchStatusToolbar
            search={search}
            searchLabel="Search agreements"
            placeholder={
              side === 'applicant' ? 'Search by title or company...' : 'Search by title, talent or company...'
            }
            statuses={options.states}
            statusLabels={options.labels}
          />
        }
        errorTitle="Failed to load agreements"
        errorText={errorMessage(agreements.error, 'Please check your connection and try again.')}
        empty={{
          icon: FileSignatureIcon,
          filtered: {
            title: 'No agreements match',
            description: 'Try another search or status, or clear the filters.',
          },
          none: {
            title: 'No agreements yet',
            description:
              side === 'company'
                ? 'Attach agreements to an offer (Make Offer) and they appear here.'
                : 'Agreements sent with an offer appear here.',
          },
        }}
      />
    </div>
  );
}
