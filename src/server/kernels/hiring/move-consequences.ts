import type { ApplicationMover, ApplicationStatus } from '~/shared/applications';
import type { Currency } from '~/shared/currencies';
import type { OfferTerms } from '~/shared/offered-milestones';
import type { Database } from '../../db/client';
import type { RenderedEmail } from '../../mail/templates/compose-email';
import type { Notification } from '../notices/notify';

// What one move of an application sets off, by stage: the notifications, the emails, and for a hire the
// assignment and perhaps the job closing. move-application.ts runs the move and hands each its context.

// The application as locked for the move, with its job.
interface LockedApplication {
  id: string;
  status: ApplicationStatus;
  applicantId: string;
  jobId: string;
  jobTitle: string;
  jobStatus: string;
  openings: number;
  companyId: string;
  // The company's billing currency: an offer's amounts are in it.
  currency: Currency;
  offerRateCents: number | null;
  offerWeeklyHours: number | null;
  offerStartDate: string | null;
}

export interface Person {
  id: string;
  name: string;
  email: string;
}

export interface MoveContext {
  // The move's transaction: what follows commits or rolls back with it.
  tx: Database;
  application: LockedApplication;
  from: ApplicationStatus;
  to: ApplicationStatus;
  mover: ApplicationMover;
  actorId: string;
  applicant: Omit<Person, 'id'> | undefined;
  applicantName: string;
  // The company's people, who hear of what the applicant does.
  members: Person[];
  offer?: OfferTerms;
  // The agreements an offer sent, to sign before work starts.
  agreementTitles?: string[];
  rejectionReason?: string;
  ipAddress?: string;
  now: Date;
}

export interface MoveConsequences {
  notifications: Notification[];
  emails: Array<{ to: string; email: RenderedEmail }>;
  // Made when an accepted offer turns into a hire.
  assignmentId: string | null;
  // The job closed because this hire filled its last opening.
  jobFilled: boolean;
}

export const noConsequences = (): MoveConsequences => ({
  notifications: [],
  emails: [],
  assignmentId: null,
  jobFilled: false,
});

// One notification for each of the company's people.
export const toCompany = (members: Person[], item: Omit<Notification, 'userId'>): Notification[] =>
  members.map((member) => ({ ...item, userId: member.id }));
