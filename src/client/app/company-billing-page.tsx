import { lazy, type ReactNode, Suspense } from 'react';
import { PageLoading } from '~/client/app/page-loading';
import { BillingPage } from '~/client/billing/billing-page';
import type { PageProps } from '~/client/routes';

// The two tabs' code (timesheets to approve, assignments and their dialogs) loads when a tab is opened:
// the page opens on its invoices (decision 037).
const CompanyTimesheetsPanel = lazy(() =>
  import('~/client/timesheets/company-timesheets-panel').then((module) => ({ default: module.CompanyTimesheetsPanel })),
);
const CompanyAssignmentsPanel = lazy(() =>
  import('~/client/timesheets/company-assignments-panel').then((module) => ({
    default: module.CompanyAssignmentsPanel,
  })),
);

const whileLoading = (tab: ReactNode) => <Suspense fallback={<PageLoading />}>{tab}</Suspense>;

// /company/billing: the billing feature's page (summary cards, invoices, payment methods) with the
// company's timesheets to approve and its assignments (the timesheets feature) as tabs. Composed here,
// in app/, which may import both features, so neither imports the other.
export default function CompanyBillingPage(props: PageProps) {
  return (
    <BillingPage
      {...props}
      timesheetsTab={whileLoading(<CompanyTimesheetsPanel />)}
      assignmentsTab={whileLoading(<CompanyAssignmentsPanel />)}
    />
  );
}
