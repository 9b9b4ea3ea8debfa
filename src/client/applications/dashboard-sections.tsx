import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { CalendarDaysIcon, ClipboardCheckIcon, FileTextIcon, MessageSquareIcon, SearchIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { DashboardSection, SectionEmpty } from '~/client/components/dashboard-section';
import { Badge } from '~/client/components/ui/badge';
import { Calendar } from '~/client/components/ui/calendar';
import { dayIn } from '~/client/lib/calendar-day';
import { ownTimeZoneQueryOptions } from '~/client/lib/own-time-zone';
import { fullDateLabel, relativeDateLabel } from '~/client/lib/relative-date';
import type { ApplicantApplication, ApplicantMeeting, ApplicantMessage, RecommendedJob } from '~/shared/applications';
import { meetingTimeFor } from '~/shared/meeting-texts';
import { paths } from '~/shared/routes';
import type { ApplicantAttemptSummary } from '~/shared/test-attempts';
import { ApplicationStageBadge } from './application-stage-badge';
import { myApplicationsHref } from './my-applications-search';
import { TestActionLink, TestStatusBadge } from './skills-test-status';

const MAX_SKILLS_SHOWN = 4;
const findJobs = { to: paths.applicantJobs.getHref(), label: 'Find Jobs' };

function SkillBadges({ job }: { job: RecommendedJob }) {
  if (job.skills.length === 0) return null;
  const hidden = job.skills.length - MAX_SKILLS_SHOWN;
  return (
    <div className="mt-2 flex flex-wrap gap-1">
      {job.skills.slice(0, MAX_SKILLS_SHOWN).map((skill) => (
        <Badge key={skill} variant={job.matching_skills.includes(skill) ? 'info' : 'secondary'}>
          {skill}
        </Badge>
      ))}
      {hidden > 0 && (
        <Badge variant="outline" title={job.skills.slice(MAX_SKILLS_SHOWN).join(', ')}>
          +{hidden}
        </Badge>
      )}
    </div>
  );
}

// Open jobs ranked by the skills they share with the applicant's profile.
export function RecommendedJobsSection({ jobs }: { jobs: RecommendedJob[] }) {
  return (
    <DashboardSection
      id="recommended-jobs"
      title="Recommended Jobs"
      viewAll={{ ...findJobs, label: 'Browse All Jobs' }}
    >
      {jobs.length === 0 ? (
        <SectionEmpty
          icon={SearchIcon}
          title="No jobs to recommend right now"
          description="No open job is waiting for your application. New ones appear here as companies post them."
        />
      ) : (
        <>
          {jobs.every((job) => job.matching_skills.length === 0) && (
            <p className="mb-3 text-sm text-muted-foreground">
              None of these asks for a skill on your profile.{' '}
              <Link
                to={paths.applicantSettings.getHref()}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Add your skills in Settings
              </Link>{' '}
              to see jobs that match them first.
            </p>
          )}
          <ul className="grid gap-3" aria-label="Recommended jobs">
            {jobs.map((job) => (
              <li key={job.id} className="rounded-md border border-border p-3">
                <Link
                  to={paths.applicantJob.getHref({ id: job.id })}
                  className="font-medium text-foreground underline-offset-4 hover:text-primary hover:underline"
                >
                  {job.title}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {job.company} · {job.location}
                </p>
                {job.matching_skills.length > 0 && (
                  <p className="mt-1 text-xs text-muted-foreground">
                    {job.matching_skills.length === 1
                      ? 'Matches 1 of your skills'
                      : `Matches ${job.matching_skills.length} of your skills`}
                  </p>
                )}
                <SkillBadges job={job} />
              </li>
            ))}
          </ul>
        </>
      )}
    </DashboardSection>
  );
}

// The newest applications and where each stands.
export function RecentApplicationsSection({ applications }: { applications: ApplicantApplication[] }) {
  return (
    <DashboardSection
      id="my-applications"
      title="My Applications"
      viewAll={{ to: paths.applicantApplications.getHref(), label: 'View All' }}
    >
      {applications.length === 0 ? (
        <SectionEmpty
          icon={FileTextIcon}
          title="No applications yet"
          description="Apply to a job and follow its progress here."
          action={findJobs}
        />
      ) : (
        <ul className="divide-y divide-border" aria-label="Recent applications">
          {applications.map((application) => (
            <li key={application.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words">{application.job_title}</p>
                <p className="text-sm text-muted-foreground">
                  {application.company_name} · Applied{' '}
                  <time
                    dateTime={application.created_at}
                    title={fullDateLabel(application.created_at)}
                    className="lowercase"
                  >
                    {relativeDateLabel(application.created_at)}
                  </time>
                </p>
              </div>
              <ApplicationStageBadge status={application.status} />
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

// The tests companies asked the applicant to take, not yet submitted, with the way into each.
export function SkillsTestsSection({ tests }: { tests: ApplicantAttemptSummary[] }) {
  return (
    <DashboardSection
      id="skills-tests"
      title="Skills Tests"
      viewAll={{ to: myApplicationsHref.tests(paths.applicantApplications.getHref()), label: 'View All' }}
    >
      {tests.length === 0 ? (
        <SectionEmpty
          icon={ClipboardCheckIcon}
          title="No tests to take."
          description="When a company asks you to take a skills test for a job, it appears here."
        />
      ) : (
        <ul className="divide-y divide-border" aria-label="Tests to take">
          {tests.map((attempt) => (
            <li key={attempt.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
              <div className="grid min-w-0 gap-1">
                <p className="font-medium break-words">{attempt.test.name}</p>
                <p className="text-sm text-muted-foreground">
                  {[attempt.company_name, attempt.job?.title, `${attempt.test.time_limit} min`]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <div>
                  <TestStatusBadge attempt={attempt} />
                </div>
              </div>
              <TestActionLink attempt={attempt} />
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

// The meetings ahead: a month calendar marking their days (a day opens it on the Meetings page), the
// next ones with their Join links, and `calendarAction` (Connect Google Calendar, from meetings). Days
// and times are the applicant's own zone's (docs/decisions/022), named; UTC, said so, until they set one.
export function UpcomingMeetingsSection({
  meetings,
  calendarAction,
}: {
  meetings: ApplicantMeeting[];
  calendarAction?: ReactNode;
}) {
  const navigate = useNavigate();
  const zone = useQuery(ownTimeZoneQueryOptions()).data?.time_zone ?? null;
  const meetingDays = meetings.map((meeting) => dayIn(new Date(meeting.date), zone ?? 'UTC'));
  return (
    <DashboardSection
      id="upcoming-meetings"
      title="Upcoming Meetings"
      viewAll={{ to: paths.applicantMeetings.getHref(), label: 'View All' }}
    >
      <div className="grid gap-4">
        <Calendar
          className="justify-self-center"
          defaultMonth={meetingDays[0]}
          modifiers={{ meeting: meetingDays }}
          modifiersClassNames={{ meeting: 'font-bold text-primary underline underline-offset-4' }}
          onDayClick={(day) => navigate(`${paths.applicantMeetings.getHref()}?date=${format(day, 'yyyy-MM-dd')}`)}
        />
        {meetings.length === 0 ? (
          <SectionEmpty
            icon={CalendarDaysIcon}
            title="No upcoming meetings"
            description="Interviews and calls companies schedule with you will appear here."
          />
        ) : (
          <ul className="divide-y divide-border" aria-label="Upcoming meetings">
            {meetings.map((meeting) => (
              <li key={meeting.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-words">{meeting.company}</p>
                  <p className="text-sm text-muted-foreground">
                    {meeting.type} · <time dateTime={meeting.date}>{meetingTimeFor(meeting.date, zone)}</time>
                  </p>
                </div>
                <a
                  href={meeting.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  Join<span className="sr-only"> the meeting with {meeting.company}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {calendarAction && <div>{calendarAction}</div>}
      </div>
    </DashboardSection>
  );
}

// What companies and the staff wrote to the applicant, newest first; each opens its conversation.
export function RecentMessagesSection({ messages }: { messages: ApplicantMessage[] }) {
  return (
    <DashboardSection
      id="recent-messages"
      title="Recent Messages"
      viewAll={{ to: paths.applicantMessages.getHref(), label: 'View All Messages' }}
    >
      {messages.length === 0 ? (
        <SectionEmpty
          icon={MessageSquareIcon}
          title="No messages yet"
          description="When a company writes to you, the conversation shows up here."
        />
      ) : (
        <ul className="divide-y divide-border" aria-label="Recent messages">
          {messages.map((message) => (
            <li key={message.id} className="py-3">
              <Link
                to={`${paths.applicantMessages.getHref()}?conversation=${encodeURIComponent(message.conversation_id)}`}
                // One column as wide as the card: an auto column would grow to a long name instead of cutting it.
                className="grid grid-cols-1 gap-0.5 rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="flex justify-between gap-2">
                  <span title={message.from} className="min-w-0 truncate font-medium">
                    {message.from}
                  </span>
                  <time dateTime={message.time} className="shrink-0 text-xs text-muted-foreground">
                    {relativeDateLabel(message.time)}
                  </time>
                </span>
                <span className="line-clamp-2 text-sm break-words text-muted-foreground">{message.message}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
