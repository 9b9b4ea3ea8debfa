import { accountDeletedEmail } from './account-deleted';
import { accountManagerInvitationEmail } from './account-manager-invitation';
import { agreementCodeEmail } from './agreement-code';
import { agreementCompletedEmail } from './agreement-completed';
import { agreementDeclinedEmail } from './agreement-declined';
import { agreementToSignEmail } from './agreement-to-sign';
import { autoPayFailedEmail } from './auto-pay-failed';
import { bookingLinkEmail } from './booking-link';
import { contactReplyEmail } from './contact-reply';
import { credentialsRevokedEmail } from './credentials-revoked';
import { domainConfirmationEmail } from './domain-confirmation';
import { emailChangeConfirmationEmail } from './email-change-confirmation';
import { emailChangeNoticeEmail } from './email-change-notice';
import { erasureCancelledEmail } from './erasure-cancelled';
import { erasureRejectedEmail } from './erasure-rejected';
import { erasureRequestedEmail } from './erasure-requested';
import { hiredEmail } from './hired';
import { jobAlertEmail } from './job-alert';
import { meetingCancelledEmail } from './meeting-cancelled';
import { meetingInvitationEmail } from './meeting-invitation';
import { meetingReminderEmail } from './meeting-reminder';
import { meetingRescheduledEmail } from './meeting-rescheduled';
import { messageDigestEmail } from './message-digest';
import { necFormIssuedEmail } from './nec-form-issued';
import { newContactMessageEmail } from './new-contact-message';
import { newJobPublishedEmail } from './new-job-published';
import { newUserRegisteredEmail } from './new-user-registered';
import { notificationEmail } from './notification';
import { offerAcceptedEmail } from './offer-accepted';
import { offerMadeEmail } from './offer-made';
import { passwordResetEmail } from './password-reset';
import { paymentReceivedEmail } from './payment-received';
import { payoutFailedEmail } from './payout-failed';
import { payoutMethodAddedEmail } from './payout-method-added';
import { payoutMethodCodeEmail } from './payout-method-code';
import { payoutMethodReminderEmail } from './payout-method-reminder';
import { payoutSentEmail } from './payout-sent';
import { taxFormExpiringEmail } from './tax-form-expiring';
import { teamInvitationEmail } from './team-invitation';
import { verificationEmail } from './verification';
import { webhookEndpointDisabledEmail } from './webhook-endpoint-disabled';

// Every email the platform sends, by the name of its file. Features import the template they send from
// its own file; this list is for the test that renders each one (templates.test.ts checks that every
// file of this folder is here).
export const emailTemplates = {
  'account-deleted': accountDeletedEmail,
  'account-manager-invitation': accountManagerInvitationEmail,
  'agreement-code': agreementCodeEmail,
  'agreement-completed': agreementCompletedEmail,
  'agreement-declined': agreementDeclinedEmail,
  'agreement-to-sign': agreementToSignEmail,
  'auto-pay-failed': autoPayFailedEmail,
  'booking-link': bookingLinkEmail,
  'contact-reply': contactReplyEmail,
  'credentials-revoked': credentialsRevokedEmail,
  'domain-confirmation': domainConfirmationEmail,
  'email-change-confirmation': emailChangeConfirmationEmail,
  'email-change-notice': emailChangeNoticeEmail,
  'erasure-cancelled': erasureCancelledEmail,
  'erasure-rejected': erasureRejectedEmail,
  'erasure-requested': erasureRequestedEmail,
  hired: hiredEmail,
  'job-alert': jobAlertEmail,
  'meeting-cancelled': meetingCancelledEmail,
  'meeting-invitation': meetingInvitationEmail,
  'meeting-reminder': meetingReminderEmail,
  'meeting-rescheduled': meetingRescheduledEmail,
  'message-digest': messageDigestEmail,
  'nec-form-issued': necFormIssuedEmail,
  'new-contact-message': newContactMessageEmail,
  'new-job-published': newJobPublishedEmail,
  'new-user-registered': newUserRegisteredEmail,
  notification: notificationEmail,
  'offer-accepted': offerAcceptedEmail,
  'offer-made': offerMadeEmail,
  'password-reset': passwordResetEmail,
  'payment-received': paymentReceivedEmail,
  'payout-failed': payoutFailedEmail,
  'payout-method-added': payoutMethodAddedEmail,
  'payout-method-code': payoutMethodCodeEmail,
  'payout-method-reminder': payoutMethodReminderEmail,
  'payout-sent': payoutSentEmail,
  'tax-form-expiring': taxFormExpiringEmail,
  'team-invitation': teamInvitationEmail,
  verification: verificationEmail,
  'webhook-endpoint-disabled': webhookEndpointDisabledEmail,
} as const;

export type EmailTemplateName = keyof typeof emailTemplates;
