import { and, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  abuseReports,
  accountManagerProfiles,
  agreements,
  apiTokens,
  applicantProfiles,
  applicationNotes,
  applications,
  availabilityDaysOff,
  availabilityWeeklyHours,
  bookingLinkHosts,
  bookingLinks,
  calendarFeeds,
  companies,
  companyMembers,
  contactMessageReplies,
  contactMessages,
  conversationMembers,
  emailOutbox,
  jobInvitations,
  jobs,
  meetingParticipants,
  meetings,
  messages,
  notificationPreferences,
  notifications,
  oauthAccounts,
  payoutMethods,
  payouts,
  privacyRequests,
  recoveryCodes,
  reviews,
  savedJobs,
  savedSearches,
  shortlists,
  taxForms,
  testAnswers,
  testAttempts,
  testFavorites,
  users,
} from '../../db/schema';
import { escapeHtml } from '../../mail/templates/compose-email';
import { deleteOwnedFiles } from '../../platform/delete-owned-files';
import type { FileStore } from '../../platform/file-store';
import { recordAuditEvent } from '../../platform/record-audit-event';
import { cancelPendingLinks } from './cancel-pending-links';
import { endMembership } from './end-membership';
import { revokeUserSessions } from './revoke-user-sessions';

export const ANONYMIZED_NAME = 'Removed user';
const REMOVED_MESSAGE_BODY = 'This message was removed when its sender deleted their account.';
export const REMOVED_REVIEW_COMMENT = 'The words of this review were removed when its author deleted their account.';
const REMOVED_REPLY_BODY = 'This reply was removed when the person it answered deleted their account.';
const ANONYMIZED_DOMAIN = '@anonymized.invalid';
const anonymizedEmailOf = (userId: string) => `removed-${userId}${ANONYMIZED_DOMAIN}`;
// An address an erasure put in place of a person's: nobody reads mail there.
export const isAnonymizedEmail = (email: string) => email.endsWith(ANONYMIZED_DOMAIN);

// A name this short would match inside ordinary words; such names are only removed where they stand alone.
const MIN_REPLACEABLE_LENGTH = 3;

// The stored files an anonymisation deleted: on S3 their objects go once it commits.
interface AccountFiles {
  fileIds: string[];
}

// What an address quoted in others' text becomes.
const anonymizedEmailPlaceholder = 'removed@anonymized.invalid';

// `column` with every occurrence of the person's name and address replaced.
// A folded line of an iCalendar goes on after a line break and one space or tab.
const CALENDAR_FOLD = '\r\n[ \t]';

function scrubbed(column: PgColumn, name: string, email: string): SQL {
  const withoutEmail = sql`replace(${column}, ${email}, ${anonymizedEmailPlaceholder})`;
  return name.length >= MIN_REPLACEABLE_LENGTH
    ? sql`replace(${withoutEmail}, ${name}, ${ANONYMIZED_NAME})`
    : withoutEmail;
}
function mentions(column: PgColumn, name: string, email: string): SQL {
  const byEmail = sql`strpos(${column}, ${email}) > 0`;
  return name.length >= MIN_REPLACEABLE_LENGTH ? sql`(${byEmail} or strpos(${column}, ${name}) > 0)` : byEmail;
}

// Removing a person, inside the caller's transaction: the database refuses to delete an account (the
// audit trail and what they made point at it), so its personal data goes instead. The row stays,
// suspended, with no name, address, password, second factor, identity-provider link, session, token,
// profile (with its work history, education, languages, certifications and portfolio), photo, working hours, days off or booking link sent to them; what they wrote (messages, cover
// letters, test answers) is emptied; their name and address are replaced wherever others' records quote
// them (meeting and booking-link titles, notifications, notes, messages in their conversations); a
// member of a company's team leaves it (the company stays). Kept, by policy: invoices and payments (7 years, with the company's
// data; an invoice line may name the talent, a payout names who it paid) and the append-only audit trail (the security record of
// who did what; the database refuses to change it). Every file they uploaded (photo, attachments, test
// answers) is deleted from the file store in the same transaction; returns their ids for
// FileStore.forget once committed.
export async function anonymizeAccountRecords({
  tx,
  userId,
  actorId,
  ipAddress,
}: {
  tx: Database;
  userId: string;
  actorId: string | null;
  ipAddress?: string;
}): Promise<AccountFiles> {
  const [person] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  const name = person?.name ?? '';
  const email = person?.email ?? anonymizedEmailOf(userId);
  const anonymizedEmail = anonymizedEmailOf(userId);

  await tx
    .update(users)
    .set({
      email: anonymizedEmail,
      name: ANONYMIZED_NAME,
      status: 'suspended',
      passwordHash: null,
      emailVerifiedAt: null,
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastTimeStep: null,
      twoFactorExempt: false,
      timeZone: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  // A payout is a payment record, kept with the name it was paid to (decision 044); the address it quoted
  // is not needed for the books and goes.
  await tx.update(payouts).set({ paidToEmail: anonymizedEmail }).where(eq(payouts.applicantId, userId));
  await revokeUserSessions({ db: tx, userId });
  await cancelPendingLinks({ db: tx, userId });
  await tx.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(savedJobs).where(eq(savedJobs.applicantId, userId));
  await tx.delete(savedSearches).where(eq(savedSearches.applicantId, userId));
  await tx.delete(testFavorites).where(eq(testFavorites.userId, userId));
  await tx.delete(shortlists).where(eq(shortlists.applicantId, userId));
  await tx.delete(jobInvitations).where(eq(jobInvitations.applicantId, userId));
  await tx.delete(availabilityWeeklyHours).where(eq(availabilityWeeklyHours.userId, userId));
  await tx.delete(availabilityDaysOff).where(eq(availabilityDaysOff.userId, userId));
  // The booking links they were sent go (the meeting they booked stays, as meetings do); no link waits on
  // them as a host any more.
  await tx.delete(bookingLinks).where(eq(bookingLinks.inviteeId, userId));
  const hostedLinks = tx
    .select({ id: bookingLinkHosts.linkId })
    .from(bookingLinkHosts)
    .where(eq(bookingLinkHosts.userId, userId));
  await tx
    .update(bookingLinks)
    .set({ title: scrubbed(bookingLinks.title, name, email), notes: scrubbed(bookingLinks.notes, name, email) })
    .where(or(eq(bookingLinks.organizerId, userId), inArray(bookingLinks.id, hostedLinks)));
  await tx.delete(bookingLinkHosts).where(eq(bookingLinkHosts.userId, userId));
  // A link they sent can no longer be booked: it would make a meeting with a removed person.
  const erasedAt = new Date();
  await tx
    .update(bookingLinks)
    .set({ expiresAt: erasedAt })
    .where(
      and(eq(bookingLinks.organizerId, userId), isNull(bookingLinks.usedAt), gt(bookingLinks.expiresAt, erasedAt)),
    );
  await tx.delete(accountManagerProfiles).where(eq(accountManagerProfiles.userId, userId));
  // The profile's background lists (work history, education, languages, certifications, portfolio) go
  // with it: their rows cascade from the profile row.
  await tx.delete(applicantProfiles).where(eq(applicantProfiles.userId, userId));
  // Bank and wallet details go; the payouts keep their masked label for the books (decision 036).
  await tx.delete(payoutMethods).where(eq(payoutMethods.applicantId, userId));
  // Their tax forms (decision 054): the answers, the sealed numbers and, with their other files, the PDFs.
  await tx.delete(taxForms).where(eq(taxForms.applicantId, userId));
  const fileIds = await deleteOwnedFiles({ tx, ownerId: userId });
  // Agreements nobody finished signing can be signed no more; signed ones stay, words and signatures, under
  // legal hold (decision 056).
  await tx
    .update(agreements)
    .set({ status: 'voided', endedAt: erasedAt, endedById: actorId })
    .where(
      and(
        eq(agreements.applicantId, userId),
        inArray(agreements.status, ['awaiting_talent', 'awaiting_company', 'declined']),
      ),
    );

  // What they wrote: the records stay for the other side (a company's pipeline, a conversation), empty.
  await tx
    .update(applications)
    .set({ coverLetter: '', rejectionReason: null })
    .where(eq(applications.applicantId, userId));
  const attempts = tx.select({ id: testAttempts.id }).from(testAttempts).where(eq(testAttempts.applicantId, userId));
  await tx
    .update(testAnswers)
    .set({ answer: null, fileId: null, explanation: null })
    .where(inArray(testAnswers.attemptId, attempts));
  await tx.update(testAttempts).set({ answers: {}, integrityEvents: [] }).where(eq(testAttempts.applicantId, userId));
  await tx
    .update(messages)
    .set({
      body: REMOVED_MESSAGE_BODY,
      attachmentName: null,
      attachmentFileId: null,
      attachmentStoredName: null,
      attachmentContentType: null,
      attachmentSize: null,
    })
    .where(eq(messages.senderId, userId));

  // A talent's reviews of companies keep their stars, so the company's rating stays what it was (the work
  // happened; leaving should not take a rating back), but lose their words, which are the talent's and
  // may identify them. A company member's reviews are the company's and stay. Reviews of them stay,
  // their name scrubbed from the words (their profile, and so their rating, is gone).
  await tx
    .update(reviews)
    .set({ comment: REMOVED_REVIEW_COMMENT })
    .where(and(eq(reviews.applicantId, userId), eq(reviews.side, 'talent_of_company')));
  await tx
    .update(reviews)
    .set({ comment: scrubbed(reviews.comment, name, email) })
    .where(and(eq(reviews.applicantId, userId), mentions(reviews.comment, name, email)));

  // Others' records that quote them by name or address.
  const theirConversations = tx
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(eq(conversationMembers.userId, userId));
  await tx
    .update(messages)
    .set({ body: scrubbed(messages.body, name, email) })
    .where(and(inArray(messages.conversationId, theirConversations), mentions(messages.body, name, email)));
  const theirMeetings = tx
    .select({ id: meetingParticipants.meetingId })
    .from(meetingParticipants)
    .where(eq(meetingParticipants.userId, userId));
  await tx
    .update(meetings)
    .set({
      title: scrubbed(meetings.title, name, email),
      notes: scrubbed(meetings.notes, name, email),
      cancelReason: scrubbed(meetings.cancelReason, name, email),
    })
    .where(inArray(meetings.id, theirMeetings));
  const theirApplications = tx
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.applicantId, userId));
  await tx
    .update(applicationNotes)
    .set({ body: scrubbed(applicationNotes.body, name, email) })
    .where(inArray(applicationNotes.applicationId, theirApplications));
  // Notifications, mail and reports name people in free text with no link to them: these scan their
  // tables, which an erasure (a rare, administrator-driven step) can afford.
  await tx
    .update(notifications)
    .set({ title: scrubbed(notifications.title, name, email), body: scrubbed(notifications.body, name, email) })
    .where(or(mentions(notifications.title, name, email), mentions(notifications.body, name, email)));
  await tx
    .update(abuseReports)
    .set({ reason: scrubbed(abuseReports.reason, name, email) })
    .where(mentions(abuseReports.reason, name, email));
  await tx
    .update(privacyRequests)
    .set({ reason: scrubbed(privacyRequests.reason, name, email) })
    .where(mentions(privacyRequests.reason, name, email));
  // The mail sent to them is in their own inbox; the mail log keeps none of it.
  await tx.delete(emailOutbox).where(eq(emailOutbox.toAddress, email));
  // The HTML part holds the same words escaped ("O'Brien" as "O&#39;Brien"), so it is searched that way.
  const htmlName = escapeHtml(name);
  const htmlEmail = escapeHtml(email);
  await tx
    .update(emailOutbox)
    .set({
      subject: scrubbed(emailOutbox.subject, name, email),
      text: scrubbed(emailOutbox.text, name, email),
      html: scrubbed(emailOutbox.html, htmlName, htmlEmail),
    })
    .where(
      and(
        ne(emailOutbox.toAddress, email),
        or(
          mentions(emailOutbox.subject, name, email),
          mentions(emailOutbox.text, name, email),
          mentions(emailOutbox.html, htmlName, htmlEmail),
        ),
      ),
    );
  // A calendar invitation others were sent names them in ATTENDEE lines (always with their address),
  // folded at 75 octets and escaped, so no replace could be sure to find it: the invitation goes, the
  // email's words stay (scrubbed above). Unfolded (RFC 5545 §3.1) before looking.
  await tx
    .update(emailOutbox)
    .set({ calendar: null })
    .where(
      and(
        ne(emailOutbox.toAddress, email),
        sql`strpos(regexp_replace(${emailOutbox.calendar}, ${CALENDAR_FOLD}, '', 'g'), ${email}) > 0`,
      ),
    );
  // The replies an administrator sent from the contact inbox carried their address as Reply-To.
  await tx.update(emailOutbox).set({ replyTo: null }).where(eq(emailOutbox.replyTo, email));
  await tx.update(jobs).set({ ccEmail: null }).where(eq(jobs.ccEmail, email));
  await tx.update(companies).set({ contactEmail: anonymizedEmail }).where(eq(companies.contactEmail, email));
  await tx
    .update(contactMessageReplies)
    .set({ body: REMOVED_REPLY_BODY })
    .where(
      inArray(
        contactMessageReplies.contactMessageId,
        tx.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.email, email)),
      ),
    );
  await tx
    .update(contactMessages)
    .set({
      name: ANONYMIZED_NAME,
      email: anonymizedEmail,
      company: null,
      subject: null,
      message: REMOVED_MESSAGE_BODY,
      ipAddress: null,
      userAgent: null,
    })
    .where(eq(contactMessages.email, email));

  // A member of a team leaves it as a removed member does: the company, its jobs and its other members
  // stay. The sole member of a company stays its member (the company goes quiet with them, as before
  // teams); the last owner of a team never gets here (kernels/identity/company-ownership.ts). Last, so that the
  // scrubbing above still finds the company's conversations and meetings through their places in them.
  const [membership] = await tx
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  if (membership) {
    const [colleague] = await tx
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, membership.companyId), ne(companyMembers.userId, userId)))
      .limit(1);
    if (colleague) await endMembership({ tx, companyId: membership.companyId, userId, now: new Date() });
  }

  await recordAuditEvent({
    db: tx,
    event: { actorId, action: 'account.anonymized', targetType: 'user', targetId: userId, ipAddress },
  });
  return { fileIds };
}

// Removes a person in a transaction of its own (an administrator's Remove; the retention job).
export async function anonymizeAccount({
  db,
  files,
  userId,
  actorId,
  ipAddress,
}: {
  db: Database;
  files: FileStore;
  userId: string;
  actorId: string | null;
  ipAddress?: string;
}) {
  const removed = await db.transaction((transaction) =>
    anonymizeAccountRecords({ tx: transaction, userId, actorId, ipAddress }),
  );
  await files.forget(removed.fileIds);
}
