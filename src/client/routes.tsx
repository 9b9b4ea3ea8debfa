import { type ComponentType, lazy } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { type LayoutKind, type PageId, pageIds, paths, type RedirectId, redirectIds, redirects } from '~/shared/routes';

// The whole route table: every page of src/shared/routes.ts mounted in its layout.
// Each layout and page is its own chunk, so the public site never downloads portal code.

export interface PageProps {
  pageId: PageId;
}

// Each entry is a chunk name in the first load's route table: the feature pages that an app/ page wraps are
// left out (they load with their wrapper), which keeps ~1 KB out of every public page's first load.
const moduleLoaders = import.meta.glob([
  './app/layouts/*-layout.tsx',
  './app/*-page.tsx',
  './*/**/*-page.tsx',
  '!./account-managers/account-managers-page.tsx',
  '!./admin-applicants/admin-applicants-page.tsx',
  '!./admin-companies/admin-companies-page.tsx',
  '!./admin-dashboard/admin-dashboard-page.tsx',
  '!./admin-disputes/admin-disputes-page.tsx',
  '!./admin-jobs/admin-jobs-page.tsx',
  '!./admin-payments/admin-payments-page.tsx',
  '!./admin-payouts/admin-payouts-page.tsx',
  '!./admin-tests/admin-tests-page.tsx',
  '!./app/portal-shell/no-company-page.tsx',
  '!./applications/applicant-dashboard-page.tsx',
  '!./audit/admin-audit-logs-page.tsx',
  '!./billing/billing-page.tsx',
  '!./company-dashboard/company-dashboard-page.tsx',
  '!./components/portal-page.tsx',
  '!./contact-inbox/contact-inbox-page.tsx',
  '!./jobs/job-detail-page.tsx',
  '!./manager-portal/managed-companies-page.tsx',
  '!./manager-portal/managed-company-page.tsx',
  '!./meetings/meeting-room-page.tsx',
  '!./meetings/meetings-page.tsx',
  '!./privacy/privacy-requests-page.tsx',
  '!./system-settings/system-settings-page.tsx',
]);

const layoutFiles: Record<LayoutKind, string> = {
  public: './app/layouts/public-layout.tsx',
  auth: './app/layouts/auth-layout.tsx',
  company: './app/layouts/company-layout.tsx',
  applicant: './app/layouts/applicant-layout.tsx',
  admin: './app/layouts/admin-layout.tsx',
  manager: './app/layouts/manager-layout.tsx',
};

// Every page's module (its file under src/client, less `-page.tsx`: shorter in the first load's route
// table): a page of the route table without one does not compile.
const pageFiles: Record<PageId, string> = {
  home: 'site/home',
  aboutUs: 'site/about',
  ourTeam: 'site/team',
  careers: 'site/careers',
  contact: 'site/contact',
  howItWorks: 'site/how-it-works',
  services: 'site/services',
  customerService: 'site/service',
  dataEntry: 'site/service',
  virtualAssistants: 'site/service',
  businessOperations: 'site/service',
  financeAccounting: 'site/service',
  codeDevelopment: 'site/service',
  designGraphics: 'site/service',
  digitalMarketing: 'site/service',
  humanResources: 'site/service',
  leadGeneration: 'site/service',
  ecommerceSupport: 'site/service',
  ecommerceSupportAlias: 'site/service',
  caseStudies: 'site/case-studies',
  caseStudy: 'site/case-study',
  testimonials: 'site/testimonials',
  privacy: 'site/legal',
  privacyPolicy: 'site/legal',
  terms: 'site/legal',
  termsOfService: 'site/legal',
  cookies: 'site/legal',
  cookiePolicy: 'site/legal',
  gdpr: 'site/legal',
  login: 'auth/login',
  adminLogin: 'auth/admin-login',
  authCallback: 'auth/auth-callback',
  appleAuthCallback: 'auth/auth-callback',
  forgotPassword: 'auth/forgot-password',
  resetPassword: 'auth/reset-password',
  verifyEmail: 'auth/verify-email',
  joinTeam: 'app/join-team',
  companySettings: 'app/company-settings',
  companyJobs: 'app/company-jobs',
  companyCreateTest: 'assessments/create-test',
  companyTest: 'assessments/test-detail',
  companyTestAttempt: 'assessments/attempt-review',
  applicantSettings: 'app/applicant-settings',
  companyCreateJob: 'app/company-create-job',
  companyJobEdit: 'jobs/edit-job',
  companyJob: 'app/company-job',
  companyApplications: 'pipeline/applications',
  applicantJobs: 'job-board/find-jobs',
  applicantJob: 'job-board/job-posting',
  jobBoard: 'job-board/public-job-board',
  applicantSavedSearches: 'job-board/saved-searches',
  jobAlertUnsubscribe: 'job-board/job-alert-unsubscribe',
  jobPost: 'job-board/public-job',
  applicantDashboard: 'app/applicant-dashboard',
  applicantApplications: 'applications/my-applications',
  applicantTimesheets: 'app/applicant-timesheets',
  applicantEarnings: 'earnings/earnings',
  applicantTaxForm: 'tax-forms/tax-form',
  applicantTest: 'test-taking/test-attempt',
  companyTalent: 'talent-search/talent-search',
  companyMeetings: 'app/meetings',
  companyBilling: 'app/company-billing',
  companyContract: 'fixed-price/contract',
  companyAgreements: 'agreements/agreements',
  companyAgreement: 'agreements/agreement',
  applicantAgreements: 'agreements/agreements',
  applicantAgreement: 'agreements/agreement',
  adminAgreements: 'agreements/agreements',
  adminAgreement: 'agreements/agreement',
  applicantContract: 'fixed-price/contract',
  applicantMeetings: 'app/meetings',
  applicantBooking: 'meetings/booking',
  meetingRoom: 'app/meeting-room',
  companyMessages: 'app/messages',
  applicantMessages: 'app/messages',
  adminMessages: 'app/messages',
  adminDashboard: 'app/admin-dashboard',
  adminPayments: 'app/admin-payments',
  adminDisputes: 'app/admin-disputes',
  adminPayouts: 'app/admin-payouts',
  adminAuditLogs: 'app/admin-audit-logs',
  adminPrivacyRequests: 'app/admin-privacy-requests',
  adminContactMessages: 'app/admin-contact-messages',
  adminCompanies: 'app/admin-companies',
  adminApplicants: 'app/admin-applicants',
  adminAssignments: 'app/admin-assignments',
  adminJobs: 'app/admin-jobs',
  adminTests: 'app/admin-tests',
  adminSettings: 'app/admin-settings',
  companyDashboard: 'app/company-dashboard',
  adminAccountManagers: 'app/admin-account-managers',
  managerDashboard: 'app/manager-companies',
  managerCompany: 'app/manager-company',
  managerMessages: 'app/messages',
  managerMeetings: 'app/meetings',
  managerSettings: 'app/company-settings',
};

const pageFileOf = (id: PageId) => `./${pageFiles[id]}-page.tsx`;

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
