import {
  BanknoteIcon,
  BookmarkIcon,
  BriefcaseIcon,
  Building2Icon,
  CalendarDaysIcon,
  ClipboardCheckIcon,
  ClockIcon,
  CreditCardIcon,
  FileSignatureIcon,
  FileTextIcon,
  InboxIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MailIcon,
  MessageSquareIcon,
  PlusIcon,
  ReceiptIcon,
  ScaleIcon,
  ScrollTextIcon,
  SearchIcon,
  SettingsIcon,
  ShieldCheckIcon,
  UserCheckIcon,
  UserCogIcon,
  UsersIcon,
  WalletIcon,
} from 'lucide-react';
import { pagePermissions } from '~/shared/page-permissions';
import { can, type Permission, type Principal } from '~/shared/permissions';
import { type PageId, type PortalRole, paths } from '~/shared/routes';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  // The page's own permission (shared/page-permissions.ts): a role without it has no such item.
  permission?: Permission;
}

type ParameterlessPageId = {
  [Id in PageId]: (typeof paths)[Id] extends { getHref: () => string } ? Id : never;
}[PageId];

// A parameterless page of the route table as a sidebar item: its address, and the permission it needs.
function navItem(label: string, page: ParameterlessPageId, icon: LucideIcon): NavItem {
  return { label, href: paths[page].getHref(), icon, permission: pagePermissions[page] };
}

// The sidebar of each role, as docs/spec/portal-and-public-site.md §2 lists it (the admin's:
// docs/spec/admin-billing-and-content.md §2).
export const sidebarByRole: Record<PortalRole, NavItem[]> = {
  company: [
    navItem('Dashboard', 'companyDashboard', LayoutDashboardIcon),
    navItem('Jobs & Applications', 'companyJobs', BriefcaseIcon),
    // Every application across the company's jobs, in one list.
    navItem('Applications', 'companyApplications', InboxIcon),
    navItem('Talent Search', 'companyTalent', SearchIcon),
    navItem('Messages', 'companyMessages', MessageSquareIcon),
    navItem('Meetings', 'companyMeetings', CalendarDaysIcon),
    navItem('Billing', 'companyBilling', ReceiptIcon),
    // What hires sign before work starts (issue 57).
    navItem('Agreements', 'companyAgreements', FileSignatureIcon),
    navItem('Settings', 'companySettings', SettingsIcon),
  ],
  applicant: [
    { label: 'Dashboard', href: paths.applicantDashboard.getHref(), icon: LayoutDashboardIcon },
    { label: 'Find Jobs', href: paths.applicantJobs.getHref(), icon: SearchIcon },
    // The searches saved from Find Jobs and their job alerts: reached from Find Jobs alone, people missed them.
    { label: 'Saved Searches', href: paths.applicantSavedSearches.getHref(), icon: BookmarkIcon },
    { label: 'Meetings', href: paths.applicantMeetings.getHref(), icon: CalendarDaysIcon },
    { label: 'Messages', href: paths.applicantMessages.getHref(), icon: MessageSquareIcon },
    { label: 'My Applications', href: paths.applicantApplications.getHref(), icon: FileTextIcon },
    { label: 'Timesheets', href: paths.applicantTimesheets.getHref(), icon: ClockIcon },
    // What approved weeks earn the talent (docs/decisions/024).
    { label: 'Earnings', href: paths.applicantEarnings.getHref(), icon: BanknoteIcon },
    // The agreements sent with offers, to sign before work starts (issue 57).
    { label: 'Agreements', href: paths.applicantAgreements.getHref(), icon: FileSignatureIcon },
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
    // Disputed fixed-price milestones, settled to the cent (docs/decisions/035).
    { label: 'Disputes', href: paths.adminDisputes.getHref(), icon: ScaleIcon },
    // Payout runs to approve, what each talent is owed, holds and the ledger (docs/decisions/036).
    { label: 'Payouts', href: paths.adminPayouts.getHref(), icon: WalletIcon },
    // Every agreement sent, its signatures and seal (issue 57).
    { label: 'Agreements', href: paths.adminAgreements.getHref(), icon: FileSignatureIcon },
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

// The sidebar as this person may use it: a company member sees only the pages their role opens.
export function sidebarFor(role: PortalRole, principal: Principal): NavItem[] {
  return sidebarByRole[role].filter((item) => !item.permission || can(principal, item.permission));
}

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

export const billingByRole: Partial<Record<PortalRole, NavItem>> = {
  company: navItem('Billing & Plans', 'companyBilling', CreditCardIcon),
};

export const postJob: NavItem = navItem('Post Job', 'companyCreateJob', PlusIcon);

// A header shortcut this person may follow (none when their role may not open its page).
export function allowedLink(item: NavItem | undefined, principal: Principal): NavItem | undefined {
  return item && (!item.permission || can(principal, item.permission)) ? item : undefined;
}
