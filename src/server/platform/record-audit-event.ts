import type { Database } from '../db/client';
import { auditLogs } from '../db/schema';

export type AuditAction =
  | 'account.registered'
  | 'account.claimed_by_verified_owner'
  | 'account.anonymized'
  | 'auth.signed_in'
  | 'auth.sign_in_failed'
  | 'auth.signed_out'
  | 'auth.sessions_revoked'
  | 'auth.password_changed'
  | 'auth.password_reset_requested'
  | 'auth.password_reset'
  | 'auth.email_verified'
  | 'auth.email_changed'
  | 'auth.two_factor_enabled'
  | 'auth.two_factor_failed'
  | 'auth.recovery_code_used'
  | 'user.role_changed'
  | 'account.profile_updated'
  | 'account.time_zone_changed'
  | 'account.availability_changed'
  | 'booking_link.created'
  | 'booking_link.booked'
  | 'company.profile_updated'
  // Settings → Team (docs/decisions/032).
  | 'company_invitation.sent'
  | 'company_invitation.resent'
  | 'company_invitation.revoked'
  | 'company_invitation.accepted'
  | 'company_member.role_changed'
  | 'company_member.removed'
  | 'company_member.left'
  | 'company.ownership_transferred'
  | 'contact_message.handled'
  | 'contact_message.reopened'
  | 'contact_message.assigned'
  | 'contact_message.replied'
  | 'job.created'
  | 'job.updated'
  | 'job.published'
  | 'job.paused'
  | 'job.resumed'
  | 'job.closed'
  | 'job.reopened'
  | 'job.archived'
  | 'job.duplicated'
  | 'job.deleted'
  | 'test.created'
  | 'test.updated'
  | 'test.cloned'
  | 'test.archived'
  | 'test.restored'
  | 'test.deleted'
  | 'test_attempt.assigned'
  | 'test_attempt.submitted'
  | 'test_attempt.answer_graded'
  | 'application.submitted'
  | 'application.moved'
  | 'application.offered'
  | 'application.withdrawn'
  | 'application.offer_accepted'
  | 'application.offer_declined'
  | 'application.note_added'
  | 'application.rated'
  | 'application.scorecard_filled'
  | 'assignment.created'
  | 'assignment.started'
  | 'assignment.ended'
  | 'assignment.terms_changed'
  | 'milestone.funded'
  | 'milestone.submitted'
  | 'milestone.approved'
  | 'milestone.changes_requested'
  | 'milestone.disputed'
  | 'milestone.refunded'
  | 'milestone.settled'
  | 'milestone.changes_proposed'
  | 'milestone.changes_accepted'
  | 'milestone.changes_declined'
  | 'milestone.changes_withdrawn'
  | 'timesheet.submitted'
  | 'timesheet.approved'
  | 'timesheet.returned'
  | 'job.filled'
  | 'job.invitation_sent'
  | 'job.hiring_team_member_added'
  | 'job.hiring_team_member_removed'
  | 'job.scorecard_criteria_changed'
  | 'applicant.profile_updated'
  | 'applicant.photo_updated'
  | 'applicant.cv_updated'
  // A company (or an administrator) downloaded an applicant's CV.
  | 'applicant.cv_downloaded'
  | 'meeting.scheduled'
  | 'meeting.responded'
  | 'meeting.rescheduled'
  | 'meeting.cancelled'
  | 'calendar_feed.created'
  | 'payment.completed'
  | 'payment.failed'
  | 'payment.refunded'
  // A chargeback: the company's bank took the money back (Stripe's charge.dispute.created).
  | 'payment.charged_back'
  // A chargeback decided for us: the money came back and the invoice is paid again.
  | 'payment.dispute_won'
  | 'payment_method.added'
  // Paying the talent (docs/decisions/036).
  | 'payout_method.added'
  | 'payout_method.made_default'
  | 'payout_method.removed'
  | 'payout_run.approved'
  | 'payout_run.reminded'
  | 'payout.marked_paid'
  | 'payout.marked_failed'
  | 'payout_hold.placed'
  | 'payout_hold.released'
  | 'payment_method.removed'
  | 'billing_profile.updated'
  | 'billing_details.updated'
  | 'settings.invoice_seller_updated'
  | 'invoice.issued'
  | 'invoice.marked_overdue'
  // The back office.
  | 'company.suspended'
  | 'company.activated'
  | 'company.deleted'
  | 'company.account_manager_assigned'
  | 'applicant.suspended'
  | 'applicant.activated'
  | 'applicant.removed'
  | 'applicant.verification_changed'
  | 'account_manager.created'
  | 'account_manager.updated'
  | 'settings.updated'
  | 'settings.reset'
  | 'settings.account_codes_updated'
  // Exchange rates (docs/decisions/050): a file imported or fetched, a rate entered, the FX settings changed.
  | 'fx_rates.imported'
  | 'fx_rate.entered'
  | 'tax_rate.added'
  | 'tax_rate.removed'
  | 'settings.fx_updated'
  | 'ledger.exported'
  | 'api_token.created'
  | 'api_token.revoked'
  | 'message_template.created'
  | 'message_template.updated'
  | 'message_template.deleted'
  // A message to everyone in a column of a job's pipeline board.
  | 'message.bulk_sent'
  | 'abuse_report.created'
  | 'abuse_report.resolved'
  | 'abuse_report.dismissed'
  // Reviews after work: written or changed by a side; hidden by an administrator after a report.
  | 'review.written'
  | 'review.hidden'
  | 'privacy.data_exported'
  | 'privacy.erasure_requested'
  | 'privacy.erasure_cancelled'
  | 'privacy.erasure_completed'
  | 'privacy.request_rejected'
  | 'retention.applied'
  // Bulk exports by administrators.
  | 'audit_log.exported'
  | 'payment.exported'
  // Tax forms (issue 56): signed by a talent; a number revealed or the PDF downloaded by an administrator
  // holding the tax data reader grant, which another administrator gives or takes.
  | 'tax_form.submitted'
  | 'tax_form.tin_revealed'
  | 'tax_form.pdf_downloaded'
  | 'nec_forms.issued'
  | 'agreement_template.created'
  | 'agreement_template.updated'
  | 'agreement_template.archived'
  | 'agreement.sent'
  | 'agreement.signed'
  | 'agreement.countersigned'
  | 'agreement.declined'
  | 'agreement.voided'
  | 'agreement.resent'
  | 'agreement.reminded'
  | 'agreement_settings.updated'
  | 'nec_forms.filing_file_downloaded'
  | 'admin_grant.given'
  | 'admin_grant.taken'
  // Webhooks (issue 58): endpoints kept by a company or the platform, and a delivery sent again by hand.
  | 'webhook_endpoint.created'
  | 'webhook_endpoint.updated'
  | 'webhook_endpoint.deleted'
  | 'webhook_endpoint.secret_rotated'
  | 'webhook_endpoint.disabled'
  | 'webhook_delivery.replayed'
  // Company API keys (issue 58).
  | 'api_key.created'
  | 'api_key.rotated'
  | 'api_key.revoked'
  // A person's own calendar accounts (issue 59).
  | 'calendar_connection.connected'
  | 'calendar_connection.updated'
  | 'calendar_connection.reconnected'
  | 'calendar_connection.disconnected'
  // SCIM provisioning (issue 58): the company's token made, and its identity provider's changes to its people.
  | 'scim.token_generated'
  | 'scim_user.created'
  | 'scim_user.updated'
  | 'scim_user.deactivated'
  | 'scim_user.reactivated'
  | 'scim_user.deleted'
  // Single sign-on (issue 58): the company's domain, its identity provider, and who joined through it.
  | 'sso.domain_code_sent'
  | 'sso.domain_verified'
  | 'sso.settings_updated'
  | 'sso.member_joined';

interface AuditEvent {
  actorId: string | null;
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
}

const rowOf = (event: AuditEvent) => ({
  actorId: event.actorId,
  action: event.action,
  targetType: event.targetType ?? null,
  targetId: event.targetId ?? null,
  details: event.details ?? {},
  ipAddress: event.ipAddress ?? null,
});

// Appends one row to the audit log (the table refuses updates and deletes).
export async function recordAuditEvent({ db, event }: { db: Database; event: AuditEvent }): Promise<void> {
  await db.insert(auditLogs).values(rowOf(event));
}

// Many rows in one statement (a payout run marked paid: a row per payout).
export async function recordAuditEvents({ db, events }: { db: Database; events: AuditEvent[] }): Promise<void> {
  if (events.length > 0) await db.insert(auditLogs).values(events.map(rowOf));
}
