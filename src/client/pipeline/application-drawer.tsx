import { useQuery } from '@tanstack/react-query';
import { CalendarPlusIcon, DownloadIcon, MailIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { MeetNowButton } from '~/client/components/meet-now-button';
import { MessageApplicantButton } from '~/client/components/message-applicant-button';
import { ProfileBackgroundView } from '~/client/components/profile-background';
import { ProfilePhoto } from '~/client/components/profile-photo';
import { ProposalFileLinks } from '~/client/components/proposal-file-links';
import { RatingStars, RatingSummary } from '~/client/components/rating-stars';
import { ScheduleMeetingDialog } from '~/client/components/schedule-meeting-dialog';
import { ScreeningAnswers } from '~/client/components/screening-answers';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button, buttonVariants } from '~/client/components/ui/button';
import { Sheet, SheetContent } from '~/client/components/ui/sheet';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage, isNotFoundError } from '~/client/lib/api-client';
import { applicationStatusLabels } from '~/shared/application-statuses';
import { formatCents } from '~/shared/billing-texts';
import type { Currency } from '~/shared/currencies';
import { interviewStageOf } from '~/shared/interview-stages';
import { describeApplicationSource } from '~/shared/job-reach';
import type { OfferedMilestone } from '~/shared/offered-milestones';
import { type ApplicationDetail, pipelineTexts } from '~/shared/pipeline';
import { proposalFileTexts } from '~/shared/proposal-files';
import { paths } from '~/shared/routes';
import { screeningTexts } from '~/shared/screening-questions';
import { applicationQueryOptions, useRateApplication } from './api';
import { ApplicationActions } from './application-actions';
import { ApplicationNotes } from './application-notes';
import { ApplicationScorecards } from './application-scorecards';
import { ApplicationTests } from './application-tests';
import { calendarDayLabel, dayAndTimeLabel, dayLabel, hourlyRate, proposalLabel } from './pipeline-format';
import { StageBadge } from './stage-badge';

const experienceLabels = { junior: 'Junior', mid: 'Mid-level', senior: 'Senior', expert: 'Expert' } as const;
const availabilityLabels = { 'full-time': 'Full-time', 'part-time': 'Part-time', 'project-based': 'Project-based' };

// One application in a panel over the list (its id in the URL, ?application=…): the applicant's
// profile, cover letter and proposed rate, the job's test results, the offer, the ratings, the private
// notes, the history, and the moves its stage allows.
export function ApplicationDrawer({
  applicationId,
  onClose,
  showJob = false,
}: {
  applicationId: string | null;
  onClose: () => void;
  // On the company-wide list, which job it is for and a link to it.
  showJob?: boolean;
}) {
  const query = useQuery({ ...applicationQueryOptions(applicationId ?? ''), enabled: applicationId !== null });
  const application = query.data;
  return (
    <Sheet
      open={applicationId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <SheetContent
        side="right"
        title={application ? `Application from ${application.applicant.name}` : 'Application'}
        className="overflow-y-auto"
      >
        {query.isPending ? (
          <div role="status" className="grid gap-4 p-6">
            <span className="sr-only">Loading application</span>
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : query.isError ? (
          <div className="p-6 pt-14">
            <Alert variant="destructive">
              <div className="space-y-2">
                <p>
                  {isNotFoundError(query.error)
                    ? pipelineTexts.applicationId
                    : errorMessage(query.error, pipelineTexts.detailLoadError)}
                </p>
                {!isNotFoundError(query.error) && (
                  <Button size="sm" variant="outline" onClick={() => query.refetch()}>
                    Try Again
                  </Button>
                )}
              </div>
            </Alert>
          </div>
        ) : (
          application && <ApplicationBody application={application} showJob={showJob} />
        )}
      </SheetContent>
    </Sheet>
  );
}

function ApplicationBody({ application, showJob }: { application: ApplicationDetail; showJob: boolean }) {
  const { applicant } = application;
  const mayUpdate = useAllowed('update:job_application:own');
  const interviewStage =
    application.status === 'interviewing'
      ? interviewStageOf(application.job.interview_stages, application.interview_stage_id)
      : null;
  return (
    <div className="grid gap-6 p-4 pt-6 sm:p-6">
      <header className="grid gap-2 pr-10">
        {/* Read out when a move changes it: the notifications are behind this modal panel meanwhile. */}
        <div className="flex flex-wrap items-center gap-2" role="status">
          <span className="sr-only">Stage:</span>
          <StageBadge status={application.status} />
          {interviewStage && <span className="text-sm font-medium">{interviewStage.name}</span>}
          <span className="text-xs text-muted-foreground">
            Applied <time dateTime={application.created_at}>{dayLabel(application.created_at)}</time>
            {' · '}
            <span>Source: {describeApplicationSource(application.source, application.referrer_name)}</span>
          </span>
        </div>
        {/* The panel's heading is its title ("Application from …"); the name here is for the eye. */}
        <div className="flex items-center gap-3">
          <ProfilePhoto name={applicant.name} src={applicant.photo_url} size="medium" />
          <div className="grid min-w-0 gap-0.5">
            <p className="text-xl font-semibold break-words">{applicant.name}</p>
            {applicant.headline && <p className="text-sm text-muted-foreground">{applicant.headline}</p>}
          </div>
        </div>
        <a
          href={`mailto:${applicant.email}`}
          className="inline-flex items-center gap-1.5 justify-self-start text-sm text-primary underline-offset-4 hover:underline [overflow-wrap:anywhere]"
        >
          <MailIcon className="size-4 shrink-0" aria-hidden="true" />
          {applicant.email}
        </a>
        <ContactButtons application={application} />
        {showJob && (
          <p className="text-sm">
            For{' '}
            <Link
              to={paths.companyJob.getHref({ id: application.job.id })}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {application.job.title}
            </Link>
          </p>
        )}
      </header>

      <ApplicationActions application={application} />

      {application.offer && (
        <Section title="Offer">
          <OfferTerms offer={application.offer} currency={application.currency} />
          {application.assignment_id && application.offer.milestones.length > 0 && (
            <Link
              to={paths.companyContract.getHref({ id: application.assignment_id })}
              className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-3' })}
            >
              View contract
            </Link>
          )}
        </Section>
      )}
      {application.rejection_reason && (
        <Section title="What the applicant was told">
          <p className="text-sm break-words">{application.rejection_reason}</p>
        </Section>
      )}

      <Section title="Proposal">
        <p className="text-sm">{proposalLabel(application)}</p>
        {application.proposal_milestones && (
          <MilestoneList
            label="Proposed milestones"
            milestones={application.proposal_milestones}
            currency={application.currency}
          />
        )}
      </Section>

      <Section title="Cover letter">
        <p className="text-sm leading-relaxed break-words whitespace-pre-line">{application.cover_letter}</p>
      </Section>

      {application.screening_answers.length > 0 && (
        <Section title={screeningTexts.heading}>
          <ScreeningAnswers answers={application.screening_answers} />
        </Section>
      )}

      {application.attachments.length > 0 && (
        <Section title={proposalFileTexts.heading}>
          <ProposalFileLinks files={application.attachments} />
        </Section>
      )}

      <Section title="Profile">
        <ApplicantProfile applicant={applicant} />
      </Section>

      {applicant.cv?.can_download && (
        <Section title="CV">
          <a
            href={applicant.cv.download_url}
            download
            className={buttonVariants({ variant: 'outline', className: 'w-fit' })}
          >
            <DownloadIcon aria-hidden="true" />
            Download CV
          </a>
        </Section>
      )}

      <Section title="Skills tests">
        <ApplicationTests application={application} />
      </Section>

      <Section title="Rating">
        <ApplicationRatingField application={application} />
      </Section>

      <Section title="Scorecards">
        <ApplicationScorecards applicationId={application.id} />
      </Section>

      <Section title="Private notes">
        <ApplicationNotes applicationId={application.id} notes={application.notes} canWrite={mayUpdate} />
      </Section>

      <Section title="History">
        <ol className="grid gap-2 border-l border-border pl-4">
          {application.history.map((entry) => (
            <li key={`${entry.at}-${entry.status}`} className="text-sm">
              <span className="font-medium">
                {applicationStatusLabels[entry.status]}
                {entry.interview_stage && ` · ${entry.interview_stage}`}
              </span>
              <span className="text-muted-foreground">
                {' · '}
                <time dateTime={entry.at}>{dayAndTimeLabel(entry.at)}</time>
                {entry.by_name && ` · by ${entry.by_name}`}
              </span>
              {entry.note && <span className="block text-muted-foreground">{entry.note}</span>}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

const offeredMilestoneClass = 'grid min-w-0 gap-0.5 border-t border-border pt-2 text-sm first:border-t-0 first:pt-0';

// The offer's terms: an hourly rate and weekly hours, or a fixed price's total and its milestones, in the
// company's currency.
function OfferTerms({ offer, currency }: { offer: NonNullable<ApplicationDetail['offer']>; currency: Currency }) {
  if (offer.rate !== null && offer.weekly_hours !== null) {
    return (
      <dl className="grid grid-cols-3 gap-3 rounded-md bg-muted/60 p-3">
        <Fact label="Rate">{hourlyRate(offer.rate, currency)}</Fact>
        <Fact label="Weekly hours">{`${offer.weekly_hours} hours`}</Fact>
        <Fact label="Start date">{calendarDayLabel(offer.start_date)}</Fact>
      </dl>
    );
  }
  return (
    <div className="grid gap-3 rounded-md bg-muted/60 p-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label="Total price">{offer.total_cents === null ? '—' : formatCents(offer.total_cents, currency)}</Fact>
        <Fact label="Milestones">{offer.milestones.length}</Fact>
        <Fact label="Start date">{calendarDayLabel(offer.start_date)}</Fact>
      </dl>
      <MilestoneList label="Offered milestones" milestones={offer.milestones} currency={currency} />
    </div>
  );
}

// Milestones as an offer or a proposal lists them (neither changes once sent): title, amount, due day and
// description, numbered.
function MilestoneList({
  label,
  milestones,
  currency,
}: {
  label: string;
  milestones: OfferedMilestone[];
  currency: Currency;
}) {
  return (
    <ol aria-label={label} className="grid gap-2">
      {milestones.map((milestone, index) => (
        // Sent milestones have no ids: their order names them.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list does not change while shown
        <li key={index} className={offeredMilestoneClass}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="min-w-0 font-medium break-words [overflow-wrap:anywhere]">
              {index + 1}. {milestone.title}
            </span>
            <span className="font-medium tabular-nums">{formatCents(milestone.amount_cents, currency)}</span>
          </div>
          <span className="text-xs text-muted-foreground">Due {calendarDayLabel(milestone.due_date)}</span>
          {milestone.description && (
            <span className="text-xs break-words whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">
              {milestone.description}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

// An interview, an intro or a check-in with this applicant; an interview moves the application to
// Interviewing. Not once the application has ended.
function ScheduleMeetingButton({ application }: { application: ApplicationDetail }) {
  const [isOpen, setIsOpen] = useState(false);
  if (application.status === 'rejected' || application.status === 'withdrawn') return null;
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setIsOpen(true)}>
        <CalendarPlusIcon aria-hidden="true" />
        Schedule Meeting
      </Button>
      <ScheduleMeetingDialog open={isOpen} onOpenChange={setIsOpen} applicationId={application.id} />
    </>
  );
}

function ApplicantProfile({ applicant }: { applicant: ApplicationDetail['applicant'] }) {
  const facts: Array<[string, string | null]> = [
    ['Hourly rate', applicant.hourly_rate == null ? null : hourlyRate(applicant.hourly_rate)],
    ['Experience', applicant.experience_level ? experienceLabels[applicant.experience_level] : null],
    ['Availability', applicant.availability ? availabilityLabels[applicant.availability] : null],
    ['Region', applicant.region],
    ['Location', applicant.location],
    ['Timezone', applicant.timezone],
  ];
  const shown = facts.filter((fact): fact is [string, string] => fact[1] !== null);
  const hasBackground = [
    applicant.work_history,
    applicant.education,
    applicant.languages,
    applicant.certifications,
    applicant.portfolio,
  ].some((list) => list.length > 0);
  const isEmpty = shown.length === 0 && !applicant.summary && applicant.skills.length === 0 && !hasBackground;
  if (isEmpty) return <p className="text-sm text-muted-foreground">This applicant has not filled in a profile yet.</p>;
  return (
    <div className="grid gap-3">
      {shown.length > 0 && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {shown.map(([label, value]) => (
            <Fact key={label} label={label}>
              {value}
            </Fact>
          ))}
        </dl>
      )}
      {applicant.skills.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Skills">
          {applicant.skills.map((skill) => (
            <li key={skill}>
              <Badge variant="secondary">{skill}</Badge>
            </li>
          ))}
        </ul>
      )}
      {applicant.summary && <p className="text-sm break-words whitespace-pre-line">{applicant.summary}</p>}
      <ProfileBackgroundView background={applicant} headingLevel={4} />
    </div>
  );
}

// Message and Schedule, for the roles that may start a conversation or a meeting (not a Viewer).
function ContactButtons({ application }: { application: ApplicationDetail }) {
  const mayMessage = useAllowed('create:conversation:own');
  const maySchedule = useAllowed('create:meeting:own');
  const { applicant } = application;
  if (!mayMessage && !maySchedule) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {mayMessage && (
        <MessageApplicantButton applicantId={applicant.id} applicationId={application.id} name={applicant.name} />
      )}
      {maySchedule && <ScheduleMeetingButton application={application} />}
      {maySchedule && application.status !== 'rejected' && application.status !== 'withdrawn' && (
        <MeetNowButton applicationId={application.id} name={application.applicant.name} />
      )}
    </div>
  );
}

function ApplicationRatingField({ application }: { application: ApplicationDetail }) {
  const mayRate = useAllowed('update:job_application:own');
  const rate = useRateApplication(application.id);
  const { rating } = application;
  // The star chosen shows at once (a controlled radio would otherwise flick back until the save
  // starts); the saved rating takes over once the server has answered.
  const [chosen, setChosen] = useState<number | null>(null);
  return (
    <div className="grid gap-2">
      {mayRate && (
        <RatingStars
          value={chosen ?? rating.mine}
          onChange={(stars) => {
            setChosen(stars);
            rate.mutate(stars, {
              onSettled: () => setChosen(null),
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: 'The rating was not saved',
                  description: errorMessage(error, 'Something went wrong. Please try again.'),
                }),
            });
          }}
        />
      )}
      <p className="text-sm">
        <span className="text-muted-foreground">All reviewers: </span>
        <RatingSummary average={rating.average} count={rating.count} />
      </p>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}
