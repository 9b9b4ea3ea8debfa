import { useQuery } from '@tanstack/react-query';
import { FileTextIcon, SearchIcon, XIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DataList, type DataListColumn, PhoneLabel, useConfirmAction } from '~/client/components/data-list';
import { FilterSelect } from '~/client/components/filter-select';
import { InPayoutCurrency } from '~/client/components/in-payout-currency';
import { Button } from '~/client/components/ui/button';
import { Label } from '~/client/components/ui/label';
import { useListSearch } from '~/client/lib/list-search';
import { fullDateLabel, relativeDateLabel } from '~/client/lib/relative-date';
import {
  applicantStageFilters,
  applicantTexts,
  applicationStatusLabels,
  canWithdrawApplication,
} from '~/shared/application-statuses';
import type { ApplicantApplication, ApplicantApplicationAction } from '~/shared/applications';
import type { Currency } from '~/shared/currencies';
import { paths } from '~/shared/routes';
import { applicantApplicationsQueryOptions } from './api';
import { ApplicationHistory } from './application-history';
import { ApplicationSent } from './application-sent';
import { ApplicationStageBadge } from './application-stage-badge';
import { formatTerms } from './format-terms';
import { applicationsSearch, toApplicationListQuery } from './my-applications-search';
import { OfferedMilestones } from './offered-milestones';
import { applicationConfirmations, useApplicationActions } from './use-application-actions';

// The offer as the talent would be paid it: an hourly rate (the server keeps it to two decimals, and every
// billing currency has two) or the fixed price, in their payout currency at today's rate.
function OfferInPayoutCurrency({
  offer,
  currency,
}: {
  offer: NonNullable<ApplicantApplication['offer']>;
  currency: Currency;
}) {
  if (offer.rate !== null)
    return <InPayoutCurrency amountCents={Math.round(offer.rate * 100)} currency={currency} perHour />;
  if (offer.total_cents !== null) return <InPayoutCurrency amountCents={offer.total_cents} currency={currency} />;
  return null;
}

// What the stage means for the applicant, under the job: the offer's terms with the answer to give, the
// assignment a hire made, or the company's reason when not selected.
// A fixed-price offer lists its milestones, so the applicant knows what they accept.
function StageDetails({ application }: { application: ApplicantApplication }) {
  if (application.status === 'offered' && application.offer) {
    return (
      <div className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
        <p>
          <span className="font-medium">Offer: </span>
          {formatTerms(application.offer, application.currency)}
        </p>
        <OfferInPayoutCurrency offer={application.offer} currency={application.currency} />
        <OfferedMilestones
          milestones={application.offer.milestones}
          label={`Milestones: ${application.job_title}`}
          currency={application.currency}
        />
      </div>
    );
  }
  if (application.status === 'hired') {
    const assignment = application.assignment;
    const isFixedPrice = assignment ? assignment.engagement_type === 'fixed' : application.offer?.total_cents != null;
    // A fixed price's total and milestones are the offer's; an hourly assignment's terms are today's.
    const terms = isFixedPrice ? (application.offer ?? assignment) : (assignment ?? application.offer);
    const linkClass = 'font-medium underline underline-offset-4 hover:text-emerald-800';
    return (
      <p className="mt-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
        <span className="font-medium">Hired{terms ? ': ' : ''}</span>
        {terms && formatTerms(terms, application.currency)}
        {assignment && isFixedPrice && (
          <>
            {' · '}
            <Link
              to={paths.applicantContract.getHref({ id: assignment.id })}
              aria-label={`View contract: ${application.job_title}`}
              className={linkClass}
            >
              View contract
            </Link>
          </>
        )}
        {assignment?.status === 'active' && !isFixedPrice && (
          <>
            {' · '}
            <Link
              to={`${paths.applicantTimesheets.getHref()}?assignment=${encodeURIComponent(assignment.id)}`}
              aria-label={`Log time: ${application.job_title}`}
              className={linkClass}
            >
              Log time
            </Link>
          </>
        )}
      </p>
    );
  }
  if (application.status === 'rejected' && application.rejection_reason) {
    return <p className="mt-2 text-sm text-muted-foreground">{application.rejection_reason}</p>;
  }
  return null;
}

function ApplicationActions({
  application,
  onAsk,
}: {
  application: ApplicantApplication;
  onAsk: (action: ApplicantApplicationAction, application: ApplicantApplication) => void;
}) {
  const named = (label: string) => `${label}: ${application.job_title}`;
  if (application.status === 'offered') {
    return (
      <div className="flex flex-wrap gap-2 md:justify-end">
        <Button size="sm" aria-label={named('Accept Offer')} onClick={() => onAsk('accept-offer', application)}>
          Accept Offer
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={named('Decline')}
          onClick={() => onAsk('decline-offer', application)}
        >
          Decline
        </Button>
      </div>
    );
  }
  if (canWithdrawApplication(application.status)) {
    return (
      <div className="flex md:justify-end">
        <Button
          size="sm"
          variant="outline"
          aria-label={named('Withdraw')}
          onClick={() => onAsk('withdraw', application)}
        >
          Withdraw
        </Button>
      </div>
    );
  }
  return null;
}

// The Applications tab: every application, newest first, filtered by stage, with its history and the
// moves the applicant can still make.
export function ApplicationsTab() {
  const search = useListSearch(applicationsSearch);
  const { state } = search;
  const applications = useQuery(applicantApplicationsQueryOptions(toApplicationListQuery(state)));
  const actions = useApplicationActions();
  const confirm = useConfirmAction({
    describe: (action: ApplicantApplicationAction, application: ApplicantApplication) =>
      applicationConfirmations[action](application),
    perform: (action, application, done) => actions.run(action, application, done),
    isPending: actions.isPending,
  });

  const columns: DataListColumn<ApplicantApplication>[] = [
    {
      id: 'job',
      phone: 'title',
      className: 'md:min-w-72 align-top',
      header: 'Job',
      cell: (application) => (
        <>
          <Link
            to={paths.applicantJob.getHref({ id: application.job_id })}
            className="font-medium text-foreground underline-offset-4 hover:text-primary hover:underline"
          >
            {application.job_title}
          </Link>
          <p className="text-sm text-muted-foreground">{application.company_name}</p>
          <StageDetails application={application} />
          <ApplicationSent application={application} />
          <ApplicationHistory application={application} />
        </>
      ),
    },
    {
      id: 'applied',
      phone: 'detail',
      phoneOrder: 2,
      className: 'whitespace-nowrap align-top',
      header: 'Applied',
      cell: (application) => (
        <>
          <PhoneLabel>Applied</PhoneLabel>
          <time
            dateTime={application.created_at}
            title={fullDateLabel(application.created_at)}
            className="max-md:lowercase"
          >
            {relativeDateLabel(application.created_at)}
          </time>
        </>
      ),
    },
    {
      id: 'stage',
      phone: 'detail',
      phoneOrder: 1,
      className: 'align-top',
      header: 'Stage',
      cell: (application) => <ApplicationStageBadge status={application.status} />,
    },
    {
      id: 'actions',
      phone: 'detail',
      phoneOrder: 5,
      className: 'align-top md:text-right max-md:basis-full',
      header: <span className="sr-only">Actions</span>,
      cell: (application) => <ApplicationActions application={application} onAsk={confirm.ask} />,
    },
  ];

  const toolbar = (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid gap-1.5 sm:w-56">
        <Label htmlFor="application-stage">Stage</Label>
        <FilterSelect
          id="application-stage"
          allLabel="All stages"
          value={state.status}
          options={applicantStageFilters}
          labels={applicationStatusLabels}
          onChange={(status) => search.change({ status })}
        />
      </div>
      {search.isFiltered && (
        <Button variant="ghost" onClick={search.clear}>
          <XIcon aria-hidden="true" />
          Clear Filters
        </Button>
      )}
    </div>
  );

  return (
    <DataList
      label="My applications"
      noun="applications"
      query={applications}
      columns={columns}
      rowKey={(application) => application.id}
      search={search}
      errorTitle={applicantTexts.loadErrorTitle}
      errorText={applicantTexts.loadError}
      empty={{
        icon: FileTextIcon,
        filtered: {
          title: 'No applications at this stage',
          description: 'Choose another stage, or show all of them.',
        },
        none: {
          title: 'No applications yet',
          description: 'Find a job that fits you and apply: your applications and their progress appear here.',
          create: { to: paths.applicantJobs.getHref(), label: 'Find Jobs', icon: SearchIcon },
        },
      }}
      toolbar={toolbar}
      rowConfirm={confirm}
    />
  );
}
