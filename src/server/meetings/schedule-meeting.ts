import { and, eq } from 'drizzle-orm';
import { type ApplicationStatus, applicationTexts } from '~/shared/applications';
import { type MeetingType, meetingTexts, meetingTypeLabels, type ScheduleMeetingInput } from '~/shared/meetings';
import { applications, companies, jobs } from '../db/schema';
import { moveApplication } from '../kernels/hiring/move-application';
import { AppError } from '../platform/errors';
import {
  checkMeetingStart,
  createMeetingRecord,
  requireOwnTimeZone,
  type ScheduledMeeting,
  type SchedulingOptions,
} from './create-meeting-record';
import { lockMeetingPeople } from './lock-meeting-people';

// Stages an interview moves forward from: later ones (offered, hired) are past interviewing already.
const stagesBeforeInterviewing = new Set<ApplicationStatus>(['submitted', 'shortlisted']);
// A hired applicant still meets the company (check-ins); one who left the pipeline does not.
const endedStages = new Set<ApplicationStatus>(['rejected', 'withdrawn']);

const defaultTitle = (type: MeetingType, jobTitle: string) => `${meetingTypeLabels[type]}: ${jobTitle}`;

// A company member invites the applicant of one of the company's applications. Another company's
// application is a 404; an application that ended (rejected, withdrawn) is a 409. Scheduling an
// interview moves an application that has not reached interviewing there, in the same transaction.
export async function scheduleMeeting({
  db,
  jobs: jobQueue,
  companyId,
  organizerId,
  mailer,
  publicUrl,
  input,
  ipAddress,
  now = new Date(),
  colleagueIds,
  bookedById,
}: SchedulingOptions & {
  // A booking link's (book-slot.ts): its hosts, and the applicant who booked.
  colleagueIds?: string[];
  bookedById?: string;
  input: Required<Pick<ScheduleMeetingInput, 'application_id' | 'type' | 'starts_at' | 'duration_minutes'>> &
    Pick<ScheduleMeetingInput, 'title' | 'notes' | 'call_link'>;
}): Promise<ScheduledMeeting> {
  const startsAt = new Date(input.starts_at);
  checkMeetingStart(startsAt, now);
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select({
        id: applications.id,
        status: applications.status,
        applicantId: applications.applicantId,
        jobTitle: jobs.title,
        companyName: companies.name,
      })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(eq(applications.id, input.application_id), eq(jobs.companyId, companyId)));
    if (!application) throw new AppError('not_found', applicationTexts.notFound);
    if (endedStages.has(application.status)) throw new AppError('conflict', meetingTexts.applicationEnded);
    // By hand a person may put a meeting over another of theirs; but a booking deciding meanwhile whether
    // one of these people is free must see this meeting, so both take the same locks (decision 031).
    await lockMeetingPeople(tx, [organizerId, ...(colleagueIds ?? []), application.applicantId]);
    await requireOwnTimeZone(tx, organizerId);
    const created = await createMeetingRecord({
      tx,
      jobs: jobQueue,
      mailer,
      publicUrl,
      organizerId,
      inviteeId: application.applicantId,
      companyId,
      companyName: application.companyName,
      applicationId: application.id,
      type: input.type,
      title: input.title || defaultTitle(input.type, application.jobTitle),
      notes: input.notes,
      callLink: input.call_link,
      startsAt,
      durationMinutes: input.duration_minutes,
      ipAddress,
      now,
      colleagueIds,
      bookedById,
    });
    if (input.type === 'interview' && stagesBeforeInterviewing.has(application.status)) {
      await moveApplication({
        db: tx,
        applicationId: application.id,
        to: 'interviewing',
        actor: { mover: 'company', actorId: organizerId, companyId },
        note: 'Interview scheduled',
        ipAddress,
        auditDetails: { meeting_id: created.meeting.id },
        now,
      });
    }
    return created;
  });
}
