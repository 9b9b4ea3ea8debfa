import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/client/components/ui/tabs';
import { useAllowed } from '~/client/lib/allowed';
import { isOneOf } from '~/client/lib/list-search';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { BillingDetailsSection } from './billing-details-section';
import { BillingSummaryCards } from './billing-summary-cards';
import { CreditNotesSection } from './credit-notes-section';
import { InvoicesSection } from './invoices-section';
import { PaymentMethodsSection } from './payment-methods-section';
import { PaymentsHistory } from './payments-history';
import { UnbilledWorkSection } from './unbilled-work-section';

const billingTabs = ['invoices', 'timesheets', 'assignments'] as const;
type BillingTab = (typeof billingTabs)[number];

const tabLabels: Record<BillingTab, string> = {
  invoices: 'Invoices',
  timesheets: 'Timesheets',
  assignments: 'Assignments',
};

interface BillingPageProps extends PageProps {
  // The work tabs belong to the timesheets feature; the page that composes both passes them in
  // (app/company-billing-page.tsx). Without them the page is the invoices alone.
  timesheetsTab?: ReactNode;
  assignmentsTab?: ReactNode;
}

function InvoicesTab() {
  // How the company pays is for the roles that pay (not a Viewer, who reads the invoices).
  const mayReadMethods = useAllowed('read:payment_method:own');
  return (
    <div className="grid min-w-0 gap-6">
      <UnbilledWorkSection />
      <InvoicesSection />
      <div className="grid min-w-0 gap-6 2xl:grid-cols-2 2xl:items-start">
        {mayReadMethods && <PaymentMethodsSection />}
        <PaymentsHistory />
      </div>
      <BillingDetailsSection />
      <CreditNotesSection />
    </div>
  );
}

// /company/billing (docs/spec/admin-billing-and-content.md §2 "Company billing"): the four summary cards, then
// the approved work the next invoice will bill (docs/decisions/024), the invoices with payment methods and
// payment history, who the invoices are made out to, and beside them, when composed in, the company's
// timesheets and assignments as tabs (?tab=timesheets).
export function BillingPage({ pageId, timesheetsTab, assignmentsTab }: BillingPageProps) {
  const { title } = paths[pageId];
  const [searchParams, setSearchParams] = useSearchParams();
  const extraTabs: Partial<Record<BillingTab, ReactNode>> = { timesheets: timesheetsTab, assignments: assignmentsTab };
  const shownTabs = billingTabs.filter((tab) => tab === 'invoices' || extraTabs[tab] !== undefined);
  const requested = searchParams.get('tab') ?? '';
  const tab: BillingTab = isOneOf(shownTabs, requested) ? requested : 'invoices';

  const heading = (
    <div className="mb-6 space-y-1">
      <PageMeta title={title} />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="text-sm text-muted-foreground">Your invoices, payments and payment methods.</p>
    </div>
  );

  if (shownTabs.length === 1) {
    return (
      <>
        {heading}
        <div className="grid min-w-0 gap-6">
          <BillingSummaryCards />
          <InvoicesTab />
        </div>
      </>
    );
  }

  return (
    <>
      {heading}
      <BillingSummaryCards />
      <Tabs
        className="mt-6"
        value={tab}
        // Each tab's list keeps its own filters in the URL; a tab opens on its own, unfiltered.
        onValueChange={(value) => {
          if (isOneOf(shownTabs, value)) setSearchParams(value === 'invoices' ? {} : { tab: value });
        }}
      >
        <TabsList width="full" className="sm:inline-flex sm:w-auto">
          {shownTabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {tabLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="invoices" className="mt-4">
          <InvoicesTab />
        </TabsContent>
        {shownTabs
          .filter((value) => value !== 'invoices')
          .map((value) => (
            <TabsContent key={value} value={value} className="mt-4">
              {extraTabs[value]}
            </TabsContent>
          ))}
      </Tabs>
    </>
  );
}
