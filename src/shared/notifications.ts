import { z } from 'zod';
import { type NotificationType, notificationTypes } from './applications';
import { can, type Permission, type Principal, type Role } from './permissions';

// The contract of notifications: the header's bell and popover, and per-type email
// preferences in settings.

const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  title: z.string(),
  body: z.string(),
  // A path inside the app: the thing the notification is about.
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

// GET /api/notifications?page=&page_size= (newest first)
export const notificationListQuerySchema = z.object({
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(50).default(10),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  unread_count: z.number(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

// POST /api/notifications/:id/read and /api/notifications/read-all answer how many stay unread.
export const unreadCountSchema = z.object({ unread_count: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

// What each kind is called in the email preferences.
export const notificationTypeLabels: Record<NotificationType, string> = {
  application_received: 'New applications',
  application_withdrawn: 'Withdrawn applications',
  application_stage_changed: 'Changes to your applications',
  offer_made: 'Offers',
  offer_accepted: 'Accepted offers',
  offer_declined: 'Declined offers',
  job_filled: 'Filled jobs',
  job_invitation: 'Job invitations',
  test_assigned: 'Assigned tests',
  test_submitted: 'Submitted tests',
  message_received: 'Unread messages',
  meeting_invited: 'Meeting invitations',
  meeting_responded: 'Answers to your meeting invitations',
  meeting_rescheduled: 'Rescheduled meetings',
  meeting_cancelled: 'Cancelled meetings',
  assignment_changed: 'Changes to your assignments',
  timesheet_submitted: 'Timesheets to approve',
  timesheet_reviewed: 'Approved and returned timesheets',
  invoice_issued: 'New invoices',
  milestone_changed: 'Fixed-price milestones: funded, submitted, approved or sent back',
  earnings_changed: 'Earnings taken back when a company’s payment is refunded',
  note_mention: 'Mentions in notes',
  hiring_team_added: 'Jobs you were added to',
  job_alert: 'Job alerts from your saved searches',
};

// A line under a switch, where the label alone would not say what is sent.
export const notificationTypeHints: Partial<Record<NotificationType, string>> = {
  message_received: 'One email listing messages left unread for 15 minutes, not one per message.',
  job_alert: 'The daily or weekly emails you chose for each saved search. Off: none of them is sent.',
};

// The kinds a company is told about (each member hears of those their role may read: permissionToHearOf).
const companyEmailTypes = [
  'application_received',
  'application_withdrawn',
  'offer_declined',
  'job_filled',
  'test_submitted',
  'message_received',
  'meeting_responded',
  'timesheet_submitted',
  'invoice_issued',
  'milestone_changed',
  'note_mention',
  'hiring_team_added',
] as const satisfies readonly NotificationType[];

// The kinds each role is told about, and so may choose to receive by email. Offers and accepted
// offers are left out: their own email (with the offer's terms) always goes. So are meeting invitations,
// moves and cancellations: their own email carries the calendar invitation that keeps the person's
// calendar right (docs/decisions/029); only answers to invitations are a choice.
export const emailPreferenceTypesByRole: Record<Role, readonly NotificationType[]> = {
  applicant: [
    'application_stage_changed',
    'job_invitation',
    'test_assigned',
    'message_received',
    'meeting_responded',
    'assignment_changed',
    'timesheet_reviewed',
    'milestone_changed',
    'earnings_changed',
    'job_alert',
  ],
  company: companyEmailTypes,
  admin: ['message_received', 'meeting_responded'],
  account_manager: ['message_received', 'meeting_responded'],
};

// What a company member's role must hold to hear of each company kind (docs/decisions/032): a Billing
// member is offered invoices, timesheets and messages, not new applications; a Viewer no timesheets to
// approve. The same permission picks who in the company is told (kernels/notices/company-recipients.ts).
export const permissionToHearOf = {
  application_received: 'read:job_application:own',
  application_withdrawn: 'read:job_application:own',
  offer_declined: 'read:job_application:own',
  job_filled: 'read:job:own',
  test_submitted: 'read:test_result:own',
  message_received: 'read:conversation:member',
  meeting_responded: 'read:meeting:own',
  timesheet_submitted: 'update:timesheet:own',
  invoice_issued: 'read:invoice:own',
  // Submitted work is for those who approve it.
  milestone_changed: 'update:milestone:own',
  note_mention: 'read:job_application:own',
  hiring_team_added: 'read:job:own',
} as const satisfies Record<(typeof companyEmailTypes)[number], Permission>;

// The kinds this person is offered in their email preferences: their role's, and for a company member
// only those their company role may hear of (none once they belong to no company).
export function emailPreferenceTypesOf(principal: Principal): readonly NotificationType[] {
  if (principal.role !== 'company') return emailPreferenceTypesByRole[principal.role];
  return companyEmailTypes.filter((type) => can(principal, permissionToHearOf[type]));
}

// Kinds whose email is not the notification's: offers and meeting changes carry their own (with the
// terms, with the calendar invitation), and unread messages go out together in the digest.
export const typesNotEmailedOneByOne: readonly NotificationType[] = [
  'offer_made',
  'offer_accepted',
  'meeting_invited',
  'meeting_rescheduled',
  'meeting_cancelled',
  'message_received',
  'job_alert',
];

const notificationPreferenceSchema = z.object({
  type: z.enum(notificationTypes),
  email: z.boolean(),
});

// GET and PUT /api/notification-preferences: the role's kinds, each on or off.
export const notificationPreferencesSchema = z.object({
  preferences: z.array(notificationPreferenceSchema).max(notificationTypes.length),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export { bellLabel, notificationTexts } from './notification-texts';
