import { BillingPage } from '~/client/billing/billing-page';
import type { PageProps } from '~/client/routes';
import { CompanyAssignmentsPanel, CompanyTimesheetsPanel } from '~/client/timesheets';

// /company/billing: the billing feature's page (summary cards, invoices, payment methods) with the
// company's timesheets to approve and its assignments (the timesheets feature) as tabs. Composed here,
// in app/, which may import both features, so neither imports the other.
export default function CompanyBillingPage(props: PageProps) {
  return (
    <BillingPage {...props} timesheetsTab={<CompanyTimesheetsPanel />} assignmentsTab={<CompanyAssignmentsPanel />} />
  );
}
