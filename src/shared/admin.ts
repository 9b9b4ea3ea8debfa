// Records the admin back office keeps: abuse reports, account managers' profiles,
// personal API tokens and privacy requests. The tables are in server/db/schema/admin.ts.

// What a Report button can point at.
export const abuseReportTargets = ['applicant_profile', 'job', 'message', 'review'] as const;
export type AbuseReportTarget = (typeof abuseReportTargets)[number];

export const abuseReportStatuses = ['open', 'resolved', 'dismissed'] as const;
export type AbuseReportStatus = (typeof abuseReportStatuses)[number];

// docs/spec/admin-billing-and-content.md §3 "Account manager": status Active or On Leave.
export const accountManagerStatuses = ['active', 'on_leave'] as const;
export type AccountManagerStatus = (typeof accountManagerStatuses)[number];

// GDPR requests (Privacy Policy): a copy of one's data, or erasure.
export const privacyRequestKinds = ['export', 'erasure'] as const;

export const privacyRequestStatuses = ['pending', 'completed', 'rejected'] as const;
export type PrivacyRequestStatus = (typeof privacyRequestStatuses)[number];
