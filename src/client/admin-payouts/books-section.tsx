import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { BookOpenIcon, DownloadIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { errorMessage } from '~/client/lib/api-client';
import {
  monthBounds,
  monthEndFigures,
  monthQuerySchema,
  periodQuerySchema,
  type TrialBalanceCurrency,
} from '~/shared/accounting';
import { formatBasisPoints } from '~/shared/billing-texts';
import type { Currency } from '~/shared/currencies';
import { type ReportingRate, reportingTexts } from '~/shared/fx-rates';
import { formatMoney } from '~/shared/money-format';
import { ledgerAccountLabels } from '~/shared/payouts';
import { taxCategoryLabels } from '~/shared/tax';
import { booksFileUrls, monthEndQueryOptions, trialBalanceQueryOptions, vatReportQueryOptions } from './api';
import { usePayoutsView } from './payouts-search';

const thisMonth = () => new Date().toISOString().slice(0, 7);

// The books an accountant imports (docs/decisions/046, 052): a month's report and the trial balance at its end,
// read from the ledger a currency at a time and converted to the reporting currency at recorded rates, and the
// ledger of a period as Xero or QuickBooks Online journals. The month lives in the URL;
// the journals' period starts as the month and may be any span of days.
export function BooksSection() {
  const { month: chosen, showMonth } = usePayoutsView();
  const month = chosen && monthQuerySchema.safeParse({ month: chosen }).success ? chosen : thisMonth();
  const bounds = monthBounds(month);
  return (
    <div className="grid min-w-0 gap-6">
      <MonthPicker month={month} onChange={showMonth} />
      <MonthEndCard month={month} />
      <TrialBalanceCard asOf={bounds.to} />
      <VatReportCard month={month} />
      <JournalCard key={month} month={month} />
    </div>
  );
}

function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  return (
    <FormField
      label="Month"
      hint="The month-end report covers this month; the trial balance is at its last day (UTC)."
      className="max-w-xs"
    >
      {(control) => (
        <Input
          {...control}
          type="month"
          value={month}
          min="2000-01"
          max="2100-12"
          onChange={(event) => {
            if (monthQuerySchema.safeParse({ month: event.target.value }).success) onChange(event.target.value);
          }}
        />
      )}
    </FormField>
  );
}

function BooksCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card aria-labelledby={id} className="min-w-0">
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">{children}</CardContent>
    </Card>
  );
}

// Loading, failed (with a retry) or the table.
function QueryState<Data>({
  query,
  label,
  failure,
  children,
}: {
  query: UseQueryResult<Data>;
  label: string;
  failure: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading ${label}`} className="space-y-2">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-8 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <div className="space-y-2">
          <p>{errorMessage(query.error, failure)}</p>
          <Button size="sm" variant="outline" onClick={() => query.refetch()}>
            Try Again
          </Button>
        </div>
      </Alert>
    );
  }
  return children(query.data);
}

function EmptyBooks({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-muted-foreground">
      <BookOpenIcon aria-hidden="true" className="size-8" />
      <p>{children}</p>
    </div>
  );
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const humanMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

// The rate a currency's figures were converted at, or that there is none; nothing for the reporting currency.
function RateNote({
  currency,
  reporting,
  rate,
  day,
}: {
  currency: Currency;
  reporting: Currency;
  rate: ReportingRate | null;
  day: string;
}) {
  if (currency === reporting) return null;
  return (
    <p className="text-sm text-muted-foreground">
      {rate ? `In ${reporting} at ${reportingTexts.rate(rate)}.` : reportingTexts.noRate(currency, reporting, day)}
    </p>
  );
}

const money = (minor: number | null, currency: Currency) => (minor === null ? '—' : formatMoney(minor, currency));

function MonthEndCard({ month }: { month: string }) {
  const query = useQuery(monthEndQueryOptions(month));
  const urls = booksFileUrls({ ...monthBounds(month), month });
  return (
    <BooksCard
      title={`Month-end report: ${humanMonth(month)}`}
      description="Every figure is read from the ledger, a currency at a time: the month's net, or the balance at its end (UTC). Each is then converted to the reporting currency at the latest rate recorded on or before the month's last day."
    >
      <QueryState query={query} label="the month-end report" failure="Failed to load the month-end report.">
        {(report) =>
          report.currencies.length === 0 ? (
            <EmptyBooks>Nothing moved in {humanMonth(month)} and nothing was held at its end.</EmptyBooks>
          ) : (
            <div className="space-y-6">
              {report.currencies.map(({ currency, rate, figures }) => {
                const isConverted = currency !== report.reporting_currency;
                return (
                  <section key={currency} aria-label={`${currency} figures`} className="space-y-2">
                    <h3 className="font-medium">{currency}</h3>
                    <Table aria-label={`Month-end report, ${humanMonth(month)}, ${currency}`}>
                      <TableHeader>
                        <TableRow>
                          <TableHead>Figure</TableHead>
                          {/* Below 640 px the figures and amounts alone: the accounts would push the amounts off screen. */}
                          <TableHead className="max-sm:hidden">From the ledger</TableHead>
                          <TableHead className="text-right">Amount</TableHead>
                          {isConverted && <TableHead className="text-right">In {report.reporting_currency}</TableHead>}
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {figures.map((figure) => (
                          <TableRow key={figure.key}>
                            <TableCell>
                              <span className="font-medium">{figure.label}</span>
                              <span className="block text-xs text-muted-foreground">
                                {monthEndFigures[figure.key].hint}
                              </span>
                            </TableCell>
                            <TableCell className="text-sm text-muted-foreground max-sm:hidden">
                              {figure.accounts.map((account) => ledgerAccountLabels[account]).join(' + ')}
                            </TableCell>
                            <TableCell className="text-right whitespace-nowrap tabular-nums">
                              {formatMoney(figure.cents, currency)}
                            </TableCell>
                            {isConverted && (
                              <TableCell className="text-right whitespace-nowrap tabular-nums">
                                {money(figure.converted_cents, report.reporting_currency)}
                              </TableCell>
                            )}
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                    <RateNote currency={currency} reporting={report.reporting_currency} rate={rate} day={report.to} />
                  </section>
                );
              })}
              {report.currencies.some(({ currency }) => currency !== report.reporting_currency) && (
                <section aria-label={`All currencies in ${report.reporting_currency}`} className="space-y-2">
                  <h3 className="font-medium">All currencies in {report.reporting_currency}</h3>
                  <Table
                    aria-label={`Month-end report, ${humanMonth(month)}, all currencies in ${report.reporting_currency}`}
                  >
                    <TableHeader>
                      <TableRow>
                        <TableHead>Figure</TableHead>
                        <TableHead className="text-right">In {report.reporting_currency}</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {report.totals.map((total) => (
                        <TableRow key={total.key}>
                          <TableCell className="font-medium">{total.label}</TableCell>
                          <TableCell className="text-right whitespace-nowrap tabular-nums">
                            {money(total.converted_cents, report.reporting_currency)}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                  {report.totals.some((total) => total.converted_cents === null) && (
                    <p className="text-sm text-muted-foreground">
                      A figure shown as — needs a rate for a currency above; enter it in System Settings, Exchange
                      rates.
                    </p>
                  )}
                </section>
              )}
              <a href={urls.monthEnd} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                <DownloadIcon aria-hidden="true" />
                Month-end report (CSV)
              </a>
            </div>
          )
        }
      </QueryState>
    </BooksCard>
  );
}

// The tax the month's invoices charged, net of its credit notes, per currency, rule and rate (decision 053).
function VatReportCard({ month }: { month: string }) {
  const { from, to } = monthBounds(month);
  const query = useQuery(vatReportQueryOptions(from, to));
  const urls = booksFileUrls({ from, to, month });
  return (
    <BooksCard
      title={`VAT report: ${humanMonth(month)}`}
      description="The tax the month's invoices charged, less what its credit notes gave back, by the rule and rate each was issued under, a currency at a time: what a VAT return and an EC sales list start from."
    >
      <QueryState query={query} label="the VAT report" failure="Failed to load the VAT report.">
        {(report) =>
          report.lines.length === 0 ? (
            <EmptyBooks>No invoice or credit note was issued in {humanMonth(month)}.</EmptyBooks>
          ) : (
            <div className="space-y-4">
              <div className="overflow-x-auto">
                <Table aria-label={`VAT report, ${humanMonth(month)}`}>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Tax</TableHead>
                      <TableHead className="max-sm:hidden">Documents</TableHead>
                      <TableHead className="text-right">Taxable</TableHead>
                      <TableHead className="text-right">Tax</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {report.lines.map((line) => (
                      <TableRow key={`${line.currency}-${line.category}-${line.name}-${line.rate_basis_points}`}>
                        <TableCell>
                          <span className="font-medium">
                            {line.name} {formatBasisPoints(line.rate_basis_points)}
                          </span>
                          <span className="block text-xs text-muted-foreground">
                            {taxCategoryLabels[line.category]} · {line.currency}
                          </span>
                        </TableCell>
                        <TableCell className="text-sm text-muted-foreground max-sm:hidden">
                          {line.invoices} invoices, {line.credit_notes} credit notes
                        </TableCell>
                        <TableCell className="text-right whitespace-nowrap tabular-nums">
                          {formatMoney(line.taxable_cents, line.currency)}
                        </TableCell>
                        <TableCell className="text-right whitespace-nowrap tabular-nums">
                          {formatMoney(line.tax_cents, line.currency)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
              <a href={urls.vat} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                <DownloadIcon aria-hidden="true" />
                VAT report (CSV)
              </a>
            </div>
          )
        }
      </QueryState>
    </BooksCard>
  );
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const humanDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

function TrialBalanceCard({ asOf }: { asOf: string }) {
  const query = useQuery(trialBalanceQueryOptions(asOf));
  return (
    <BooksCard
      title={`Trial balance at ${humanDay(asOf)}`}
      description="Each account's balance at the end of the day (UTC), a currency at a time, under your accountant's codes (System Settings). Each currency balances on its own; its total is converted to the reporting currency at the latest rate recorded on or before the day."
    >
      <QueryState query={query} label="the trial balance" failure="Failed to load the trial balance.">
        {(balance) =>
          balance.currencies.length === 0 ? (
            <EmptyBooks>Nothing is in the ledger up to {humanDay(asOf)}.</EmptyBooks>
          ) : (
            <div className="space-y-6">
              {balance.currencies.map((block) => (
                <TrialBalanceTable
                  key={block.currency}
                  block={block}
                  asOf={asOf}
                  reporting={balance.reporting_currency}
                />
              ))}
              {balance.currencies.some(({ currency }) => currency !== balance.reporting_currency) && (
                <p className="font-medium">
                  All currencies in {balance.reporting_currency}:{' '}
                  {balance.converted_total_cents === null
                    ? 'not added up until every currency has a rate.'
                    : formatMoney(balance.converted_total_cents, balance.reporting_currency)}
                </p>
              )}
              <a
                href={booksFileUrls({ from: asOf, to: asOf, month: asOf.slice(0, 7) }).trialBalance}
                download
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <DownloadIcon aria-hidden="true" />
                Trial balance (CSV)
              </a>
            </div>
          )
        }
      </QueryState>
    </BooksCard>
  );
}

function TrialBalanceTable({
  block,
  asOf,
  reporting,
}: {
  block: TrialBalanceCurrency;
  asOf: string;
  reporting: Currency;
}) {
  const { currency } = block;
  return (
    <section aria-label={`${currency} balances`} className="space-y-2">
      <h3 className="font-medium">{currency}</h3>
      <Table aria-label={`Trial balance at ${humanDay(asOf)}, ${currency}`}>
        <TableHeader>
          <TableRow>
            {/* Below 640 px the code stands before the account's name, not in a column of its own. */}
            <TableHead className="max-sm:hidden">Code</TableHead>
            <TableHead>Account</TableHead>
            <TableHead className="text-right">Debit</TableHead>
            <TableHead className="text-right">Credit</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {block.accounts.map((row) => (
            <TableRow key={row.account}>
              <TableCell className="tabular-nums max-sm:hidden">{row.code}</TableCell>
              <TableCell>
                <span className="tabular-nums sm:hidden">{row.code} </span>
                {row.name}
                <span className="block text-xs text-muted-foreground">{ledgerAccountLabels[row.account]}</span>
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {row.debit_cents ? formatMoney(row.debit_cents, currency) : ''}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {row.credit_cents ? formatMoney(row.credit_cents, currency) : ''}
              </TableCell>
            </TableRow>
          ))}
          <TableRow className="font-semibold">
            <TableCell className="max-sm:hidden" />
            <TableCell>Total</TableCell>
            <TableCell className="text-right tabular-nums">{formatMoney(block.total_debit_cents, currency)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatMoney(block.total_credit_cents, currency)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {currency !== reporting && block.converted_total_cents !== null && (
        <p className="text-sm">
          Total in {reporting}: {formatMoney(block.converted_total_cents, reporting)}
        </p>
      )}
      <RateNote currency={currency} reporting={reporting} rate={block.rate} day={asOf} />
    </section>
  );
}

// The journals' period: the month to start with, any days after; a period the server would refuse is said here.
function JournalCard({ month }: { month: string }) {
  const [period, setPeriod] = useState(() => monthBounds(month));
  const checked = periodQuerySchema.safeParse(period);
  const problems = checked.success
    ? {}
    : Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  const urls = booksFileUrls({ ...period, month });
  return (
    <BooksCard
      title="Journals for your accountant"
      description="One manual journal for each currency of each ledger transaction that occurred in the period (UTC days, both included), balanced, under the account codes of System Settings. QuickBooks entries name their currency; a Xero manual journal is in your base currency, so each names its currency in the narration."
    >
      <div className="space-y-4">
        <div className="flex flex-col gap-4 sm:flex-row">
          <FormField label="From" error={problems.from} className="max-w-xs">
            {(control) => (
              <Input
                {...control}
                type="date"
                value={period.from}
                onChange={(event) => setPeriod((current) => ({ ...current, from: event.target.value }))}
              />
            )}
          </FormField>
          <FormField label="To" error={problems.to} className="max-w-xs">
            {(control) => (
              <Input
                {...control}
                type="date"
                value={period.to}
                onChange={(event) => setPeriod((current) => ({ ...current, to: event.target.value }))}
              />
            )}
          </FormField>
        </div>
        {checked.success ? (
          <div className="flex flex-wrap gap-2">
            <a href={urls.xero} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <DownloadIcon aria-hidden="true" />
              Xero manual journals (CSV)
            </a>
            <a href={urls.quickbooks} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <DownloadIcon aria-hidden="true" />
              QuickBooks Online journal entries (CSV)
            </a>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Correct the period to download its journals.</p>
        )}
      </div>
    </BooksCard>
  );
}
