import { PageMeta } from '~/client/components/page-meta';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/client/components/ui/tabs';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { BalancesSection } from './balances-section';
import { BooksSection } from './books-section';
import { LedgerCards } from './ledger-cards';
import { NecFormsSection } from './nec-forms-section';
import { PayoutRunDetail } from './payout-run-detail';
import { PayoutRunsSection } from './payout-runs-section';
import { type PayoutsTab, usePayoutsView } from './payouts-search';
import { TaxFormsSection } from './tax-forms-section';

const tabLabels: Record<PayoutsTab, string> = {
  runs: 'Payout runs',
  balances: 'Balances',
  'tax-forms': 'Tax forms',
  books: 'Books',
};
const tabs = Object.keys(tabLabels) as PayoutsTab[];

// /admin/payouts (docs/decisions/036): the ledger's accounts and whether they balance; the payout runs to
// prepare, approve and confirm, one run open at a time; what each talent is owed, with their holds; and the
// books for the accountant (decision 046): the month-end report, the trial balance and the journals.
// The tab and the open run live in the URL, so a reload or a shared link lands on the same view.
export function AdminPayoutsPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const { tab, runId, showTab, openRun } = usePayoutsView();
  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          What the talent are owed and the runs that pay them. A run sends nothing until you approve it.
        </p>
      </div>
      <LedgerCards />
      <Tabs
        value={tab}
        onValueChange={(value) => showTab(tabs.find((tab) => tab === value) ?? 'runs')}
        className="min-w-0"
      >
        <TabsList aria-label="Payouts">
          {tabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {tabLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="runs" className="mt-4 min-w-0">
          {runId ? (
            <PayoutRunDetail runId={runId} onClose={() => openRun(null)} />
          ) : (
            <PayoutRunsSection onOpen={openRun} />
          )}
        </TabsContent>
        <TabsContent value="balances" className="mt-4 min-w-0">
          <BalancesSection />
        </TabsContent>
        <TabsContent value="tax-forms" className="mt-4 min-w-0 space-y-6">
          <TaxFormsSection />
          <NecFormsSection />
        </TabsContent>
        <TabsContent value="books" className="mt-4 min-w-0">
          <BooksSection />
        </TabsContent>
      </Tabs>
    </div>
  );
}
