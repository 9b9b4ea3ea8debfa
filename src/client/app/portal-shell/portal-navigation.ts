import {
  BanknoteIcon,
  BriefcaseIcon,
  Building2Icon,
  CalendarDaysIcon,
  ClipboardCheckIcon,
  ClockIcon,
  CreditCardIcon,
  FileTextIcon,
  InboxIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MailIcon,
  MessageSquareIcon,
  ReceiptIcon,
  ScrollTextIcon,
  SearchIcon,
  SettingsIcon,
  ShieldCheckIcon,
  UserCheckIcon,
  UserCogIcon,
  UsersIcon,
} from 'lucide-react';
import { type PortalRole, paths } from '~/shared/routes';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

// The sidebar of each role, as docs/spec/portal-and-public-site.md §2 lists it (the admin's:
// docs/spec/admin-billing-and-content.md §2).
export const sidebarByRole: Record<PortalRole, NavItem[]> = {
  company: [
    { label: 'Dashboard', href: paths.companyDashboard.getHref(), icon: LayoutDashboardIcon },
    { label: 'Jobs & Applications', href: paths.companyJobs.getHref(), icon: BriefcaseIcon },
    // Every application across the company's jobs, in one list.
    { label: 'Applications', href: paths.companyApplications.getHref(), icon: InboxIcon },
    { label: 'Talent Search', href: paths.companyTalent.getHref(), icon: SearchIcon },
    { label: 'Messages', href: paths.companyMessages.getHref(), icon: MessageSquareIcon },
    { label: 'Meetings', href: paths.companyMeetings.getHref(), icon: CalendarDaysIcon },
    { label: 'Billing', href: paths.companyBilling.getHref(), icon: ReceiptIcon },
    { label: 'Settings', href: paths.companySettings.getHref(), icon: SettingsIcon },
  ],
  applicant: [
    { label: 'Dashboard', href: paths.applicantDashboard.getHref(), icon: LayoutDashboardIcon },
    { label: 'Find Jobs', href: paths.applicantJobs.getHref(), icon: SearchIcon },
    { label: 'Meetings', href: paths.applicantMeetings.getHref(), icon: CalendarDaysIcon },
    { label: 'Messages', href: paths.applicantMessages.getHref(), icon: MessageSquareIcon },
    { label: 'My Applications', href: paths.applicantApplications.getHref(), icon: FileTextIcon },
    { label: 'Timesheets', href: paths.applicantTimesheets.getHref(), icon: ClockIcon },
    // What approved weeks earn the talent (docs/decisions/024).
    { label: 'Earnings', href: paths.applicantEarnings.getHref(), icon: BanknoteIcon },
    { label: 'Settings', href: paths.applicantSettings.getHref(), icon: SettingsIcon },
  ],
  admin: [
    { label: 'Dashboard', href: paths.adminDashboard.getHref(), icon: LayoutDashboardIcon },
    { label: 'Companies', href: paths.adminCompanies.getHref(), icon: Building2Icon },
    { label: 'Applicants', href: paths.adminApplicants.getHref(), icon: UsersIcon },
    { label: 'Jobs', href: paths.adminJobs.getHref(), icon: BriefcaseIcon },
    { label: 'Tests & Content', href: paths.adminTests.getHref(), icon: ClipboardCheckIcon },
    { label: 'Assignments', href: paths.adminAssignments.getHref(), icon: UserCheckIcon },
    { label: 'Account Managers', href: paths.adminAccountManagers.getHref(), icon: UserCogIcon },
    { label: 'Payments', href: paths.adminPayments.getHref(), icon: CreditCardIcon },
    { label: 'Audit Logs', href: paths.adminAuditLogs.getHref(), icon: ScrollTextIcon },
    { label: 'Privacy Requests', href: paths.adminPrivacyRequests.getHref(), icon: ShieldCheckIcon },
    // The public contact forms' messages, promised an answer within 24 hours.
    { label: 'Contact Messages', href: paths.adminContactMessages.getHref(), icon: MailIcon },
    { label: 'System Settings', href: paths.adminSettings.getHref(), icon: SettingsIcon },
  ],
  // The account manager's portal: the companies assigned to them, and their conversations.
  manager: [
    { label: 'My Companies', href: paths.managerDashboard.getHref(), icon: Building2Icon },
    { label: 'Messages', href: paths.managerMessages.getHref(), icon: MessageSquareIcon },
    { label: 'Meetings', href: paths.managerMeetings.getHref(), icon: CalendarDaysIcon },
    { label: 'Settings', href: paths.managerSettings.getHref(), icon: SettingsIcon },
  ],
};

export const homeByRole: Record<PortalRole, string> = {
  company: paths.companyDashboard.getHref(),
  applicant: paths.applicantDashboard.getHref(),
  admin: paths.adminDashboard.getHref(),
  manager: paths.managerDashboard.getHref(),
};

// Header shortcuts; a role without the page has no button.
export const messagesByRole: Partial<Record<PortalRole, string>> = {
  company: paths.companyMessages.getHref(),
  applicant: paths.applicantMessages.getHref(),
  admin: paths.adminMessages.getHref(),
  manager: paths.managerMessages.getHref(),
};

export const profileSettingsByRole: Record<PortalRole, string> = {
  company: paths.companySettings.getHref(),
  applicant: paths.applicantSettings.getHref(),
  admin: paths.adminSettings.getHref(),
  manager: paths.managerSettings.getHref(),
};

export const billingByRole: Partial<Record<PortalRole, string>> = {
  company: paths.companyBilling.getHref(),
};

export const postJobHref = paths.companyCreateJob.getHref();
