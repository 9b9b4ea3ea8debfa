import { type ComponentType, lazy } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { type LayoutKind, type PageId, pageIds, paths, type RedirectId, redirectIds, redirects } from '~/shared/routes';

// The whole route table: every page of src/shared/routes.ts mounted in its layout.
// Each layout and page is its own chunk, so the public site never downloads portal code.

export interface PageProps {
  pageId: PageId;
}

const moduleLoaders = import.meta.glob(['./app/layouts/*-layout.tsx', './app/*-page.tsx', './*/**/*-page.tsx']);

const layoutFiles: Record<LayoutKind, string> = {
  public: './app/layouts/public-layout.tsx',
  auth: './app/layouts/auth-layout.tsx',
  company: './app/layouts/company-layout.tsx',
  applicant: './app/layouts/applicant-layout.tsx',
  admin: './app/layouts/admin-layout.tsx',
  manager: './app/layouts/manager-layout.tsx',
};

// Every page's module: a page of the route table without one does not compile.
const pageFiles: Record<PageId, string> = {
  home: './site/home-page.tsx',
  aboutUs: './site/about-page.tsx',
  ourTeam: './site/team-page.tsx',
  careers: './site/careers-page.tsx',
  contact: './site/contact-page.tsx',
  howItWorks: './site/how-it-works-page.tsx',
  services: './site/services-page.tsx',
  customerService: './site/service-page.tsx',
  dataEntry: './site/service-page.tsx',
  virtualAssistants: './site/service-page.tsx',
  businessOperations: './site/service-page.tsx',
  financeAccounting: './site/service-page.tsx',
  codeDevelopment: './site/service-page.tsx',
  designGraphics: './site/service-page.tsx',
  digitalMarketing: './site/service-page.tsx',
  humanResources: './site/service-page.tsx',
  leadGeneration: './site/service-page.tsx',
  ecommerceSupport: './site/service-page.tsx',
  ecommerceSupportAlias: './site/service-page.tsx',
  caseStudies: './site/case-studies-page.tsx',
  caseStudy: './site/case-study-page.tsx',
  testimonials: './site/testimonials-page.tsx',
  privacy: './site/legal-page.tsx',
  privacyPolicy: './site/legal-page.tsx',
  terms: './site/legal-page.tsx',
  termsOfService: './site/legal-page.tsx',
  cookies: './site/legal-page.tsx',
  cookiePolicy: './site/legal-page.tsx',
  gdpr: './site/legal-page.tsx',
  login: './auth/login-page.tsx',
  adminLogin: './auth/admin-login-page.tsx',
  authCallback: './auth/auth-callback-page.tsx',
  appleAuthCallback: './auth/auth-callback-page.tsx',
  forgotPassword: './auth/forgot-password-page.tsx',
  resetPassword: './auth/reset-password-page.tsx',
  verifyEmail: './auth/verify-email-page.tsx',
  joinTeam: './app/join-team-page.tsx',
  companySettings: './app/company-settings-page.tsx',
  companyJobs: './app/company-jobs-page.tsx',
  companyCreateTest: './assessments/create-test-page.tsx',
  companyTest: './assessments/test-detail-page.tsx',
  companyTestAttempt: './assessments/attempt-review-page.tsx',
  applicantSettings: './app/applicant-settings-page.tsx',
  companyCreateJob: './jobs/create-job-page.tsx',
  companyJobEdit: './jobs/edit-job-page.tsx',
  companyJob: './app/company-job-page.tsx',
  companyApplications: './pipeline/applications-page.tsx',
  applicantJobs: './job-board/find-jobs-page.tsx',
  applicantJob: './job-board/job-posting-page.tsx',
  jobBoard: './job-board/public-job-board-page.tsx',
  applicantSavedSearches: './job-board/saved-searches-page.tsx',
  jobAlertUnsubscribe: './job-board/job-alert-unsubscribe-page.tsx',
  jobPost: './job-board/public-job-page.tsx',
  applicantDashboard: './app/applicant-dashboard-page.tsx',
  applicantApplications: './applications/my-applications-page.tsx',
  applicantTimesheets: './app/applicant-timesheets-page.tsx',
  applicantEarnings: './earnings/earnings-page.tsx',
  applicantTest: './test-taking/test-attempt-page.tsx',
  companyTalent: './talent-search/talent-search-page.tsx',
  companyMeetings: './app/meetings-page.tsx',
  companyBilling: './app/company-billing-page.tsx',
  applicantMeetings: './app/meetings-page.tsx',
  applicantBooking: './meetings/booking-page.tsx',
  meetingRoom: './app/meeting-room-page.tsx',
  companyMessages: './app/messages-page.tsx',
  applicantMessages: './app/messages-page.tsx',
  adminMessages: './app/messages-page.tsx',
  adminDashboard: './app/admin-dashboard-page.tsx',
  adminPayments: './app/admin-payments-page.tsx',
  adminAuditLogs: './app/admin-audit-logs-page.tsx',
  adminPrivacyRequests: './app/admin-privacy-requests-page.tsx',
  adminContactMessages: './app/admin-contact-messages-page.tsx',
  adminCompanies: './app/admin-companies-page.tsx',
  adminApplicants: './app/admin-applicants-page.tsx',
  adminAssignments: './app/admin-assignments-page.tsx',
  adminJobs: './app/admin-jobs-page.tsx',
  adminTests: './app/admin-tests-page.tsx',
  adminSettings: './app/admin-settings-page.tsx',
  companyDashboard: './app/company-dashboard-page.tsx',
  adminAccountManagers: './app/admin-account-managers-page.tsx',
  managerDashboard: './app/manager-companies-page.tsx',
  managerCompany: './app/manager-company-page.tsx',
  managerMessages: './app/messages-page.tsx',
  managerMeetings: './app/meetings-page.tsx',
  managerSettings: './app/company-settings-page.tsx',
};

const pageFileOf = (id: PageId) => pageFiles[id];

// Loaded route modules, so a page whose code is already here renders at once instead of suspending:
// React holds a revealed Suspense fallback for at least 300 ms, which a first load paid twice (layout,
// then page).
const loadedComponents = new Map<string, ComponentType<never>>();

function loadModule(file: string): Promise<{ default: ComponentType<never> }> {
  const load = moduleLoaders[file] as (() => Promise<{ default: ComponentType<never> }>) | undefined;
  if (!load) throw new Error(`No route module at ${file}`);
  return load().then((module) => {
    loadedComponents.set(file, module.default);
    return module;
  });
}

const routeComponents = new Map<string, unknown>();
function lazyModule<Props extends object>(file: string): ComponentType<Props> {
  const cached = routeComponents.get(file);
  if (cached) return cached as ComponentType<Props>;
  const LazyComponent = lazy(() => loadModule(file) as Promise<{ default: ComponentType<Props> }>);
  function RouteModule(props: Props) {
    const Loaded = loadedComponents.get(file) as ComponentType<Props> | undefined;
    return Loaded ? <Loaded {...props} /> : <LazyComponent {...props} />;
  }
  routeComponents.set(file, RouteModule);
  return RouteModule;
}

// Which module a route renders, for preloadRouteModules.
interface RouteHandle {
  moduleFile: string;
}

function layoutRoute(kind: LayoutKind): RouteObject {
  const Layout = lazyModule<object>(layoutFiles[kind]);
  return {
    element: <Layout />,
    handle: { moduleFile: layoutFiles[kind] } satisfies RouteHandle,
    children: pageIds
      .filter((id) => paths[id].layout === kind)
      .map((id) => {
        const Page = lazyModule<PageProps>(pageFileOf(id));
        return {
          path: paths[id].path,
          element: <Page pageId={id} />,
          handle: { moduleFile: pageFileOf(id) } satisfies RouteHandle,
        };
      }),
  };
}

const REDIRECT_PAGE_FILE = './app/redirect-page.tsx';
function redirectRoute(id: RedirectId): RouteObject {
  const RedirectPage = lazyModule<{ redirectId: RedirectId }>(REDIRECT_PAGE_FILE);
  return {
    path: redirects[id].path,
    element: <RedirectPage redirectId={id} />,
    handle: { moduleFile: REDIRECT_PAGE_FILE } satisfies RouteHandle,
  };
}

const NOT_FOUND_PAGE_FILE = './app/not-found-page.tsx';
const NotFoundPage = lazyModule<object>(NOT_FOUND_PAGE_FILE);

export const routes: RouteObject[] = [
  ...(Object.keys(layoutFiles) as LayoutKind[]).map(layoutRoute),
  ...redirectIds.map(redirectRoute),
  { path: '*', element: <NotFoundPage />, handle: { moduleFile: NOT_FOUND_PAGE_FILE } satisfies RouteHandle },
];

// Loads the modules the page at `pathname` renders (already downloading: the HTML preloads them), so the
// first render needs no Suspense fallback.
export async function preloadRouteModules(pathname: string): Promise<void> {
  const files = (matchRoutes(routes, pathname) ?? []).map((match) => (match.route.handle as RouteHandle).moduleFile);
  await Promise.all(files.map(loadModule));
}

// The source files a page needs, so the prerenderer can preload their chunks.
const sourceFile = (file: string) => `src/client/${file.slice(2)}`;

export function routeModuleFiles(id: PageId): string[] {
  return [layoutFiles[paths[id].layout], pageFileOf(id)].map(sourceFile);
}

export const notFoundModuleFile = sourceFile(NOT_FOUND_PAGE_FILE);
