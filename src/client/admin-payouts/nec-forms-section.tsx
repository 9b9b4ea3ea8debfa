import { useQuery } from '@tanstack/react-query';
import { FileCheckIcon, FileTextIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { toast } from '~/client/components/ui/use-toast';
import { YearField } from '~/client/components/year-field';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { formatMoney } from '~/shared/money-format';
import { paths } from '~/shared/routes';
import { type NecRecipient, type NecRecipients, necRowStateLabels } from '~/shared/year-end-forms';
import {
  downloadNecCopyB,
  downloadNecFilingFile,
  necCopyBUrl,
  necFilingFileUrl,
  necRecipientsQueryOptions,
  useIssueNecForms,
} from './api';
import { BankFileLink } from './bank-file-link';

const FIRST_YEAR = 2020;

const stateVariant = { not_issued: 'warning', issued: 'success', changed: 'danger' } as const;

// Year-end (decision 055): each US person paid the year's threshold, what the ledger says beside the Form 1099-NEC
// issued; issuing a year that has ended, the filing file for the tax data reader, each talent's Copy B.
export function NecFormsSection() {
  const titleId = useId();
  const lastYear = new Date().getFullYear() - 1;
  const years = Array.from({ length: lastYear + 2 - FIRST_YEAR }, (_, back) => lastYear + 1 - back);
  const [year, setYear] = useState(lastYear);
  const [page, setPage] = useState(1);
  const list = useQuery(necRecipientsQueryOptions({ year, page }));
  return (
    <Card aria-labelledby={titleId} className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId}>Form 1099-NEC</CardTitle>
        <CardDescription>
          Each US person (a W-9 on file) Tandem paid the year’s threshold in dollars, from the ledger. Issue the forms
          once the year has ended and by January 31; a form that no longer matches what was paid or the W-9 is issued
          again, corrected.
        </CardDescription>
      </CardHeader>
      <CardContent className="min-w-0 space-y-4">
        <YearField
          label="Tax year"
          years={years}
          value={year}
          onChange={(chosen) => {
            setYear(chosen);
            setPage(1);
          }}
        />
        {list.isPending && (
          <div role="status" aria-label="Loading the year’s Forms 1099-NEC" className="space-y-2">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-9 w-full" />
            ))}
          </div>
        )}
        {list.isError && (
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(list.error, 'Failed to load the year’s Forms 1099-NEC. Please try again.')}</p>
              <Button size="sm" variant="outline" onClick={() => list.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        )}
        {list.isSuccess && <YearForms data={list.data} page={page} onPageChange={setPage} />}
      </CardContent>
    </Card>
  );
}

function YearForms({
  data,
  page,
  onPageChange,
}: {
  data: NecRecipients;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { year, counts } = data;
  const toIssue = counts.not_issued + counts.changed;
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Threshold for {year}: {formatMoney(data.threshold_cents, 'USD')}. {counts.issued} issued, {counts.not_issued}{' '}
        not issued, {counts.changed} changed since issued.
      </p>
      {data.blocked_reason && toIssue > 0 && (
        <Alert>
          <p>
            {data.blocked_reason}{' '}
            {data.blocked_reason.includes('System Settings') && (
              <Link to={paths.adminSettings.getHref()} className="underline underline-offset-4">
                Open System Settings
              </Link>
            )}
          </p>
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {data.can_issue && toIssue > 0 && <IssueButton year={year} toIssue={toIssue} />}
        {data.can_download_file && counts.issued + counts.changed > 0 && (
          <BankFileLink href={necFilingFileUrl(year)} fetchFile={() => downloadNecFilingFile(year)}>
            Download filing file
          </BankFileLink>
        )}
      </div>
      {!data.can_download_file && counts.issued + counts.changed > 0 && (
        <p className="text-sm text-muted-foreground">
          The filing file holds whole taxpayer identification numbers: an administrator holding the tax data reader
          grant downloads it.
        </p>
      )}
      {data.total === 0 ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-muted-foreground">
          <FileCheckIcon aria-hidden="true" className="size-8" />
          <p>
            No US person was paid {formatMoney(data.threshold_cents, 'USD')} or more in {year}: no Form 1099-NEC is due.
          </p>
        </div>
      ) : (
        <>
          <Table aria-label={`Forms 1099-NEC for ${year}`}>
            <TableHeader>
              <TableRow>
                <TableHead>Talent</TableHead>
                <TableHead className="text-right">Paid in {year}</TableHead>
                <TableHead>Form</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.items.map((row) => (
                <RecipientRow key={row.applicant_id} row={row} year={year} />
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={page}
            pageSize={data.page_size}
            total={data.total}
            onPageChange={onPageChange}
            noun="talents"
          />
        </>
      )}
    </div>
  );
}

function RecipientRow({ row, year }: { row: NecRecipient; year: number }) {
  return (
    <TableRow>
      <TableCell>
        <span className="font-medium">{row.legal_name}</span>
        <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">{row.email}</span>
        <span className="block text-xs whitespace-nowrap text-muted-foreground">TIN {row.tin_masked}</span>
      </TableCell>
      <TableCell className="text-right tabular-nums">
        {formatMoney(row.paid_cents, 'USD')}
        {row.paid_other.length > 0 && (
          <span className="block text-xs text-muted-foreground">
            Also paid {row.paid_other.map((amount) => formatMoney(amount.cents, amount.currency)).join(', ')}: not
            dollars, not on the form
          </span>
        )}
      </TableCell>
      <TableCell>
        <Badge variant={stateVariant[row.state]}>{necRowStateLabels[row.state]}</Badge>
        {row.form && (
          <span className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            {formatMoney(row.form.box1_cents, 'USD')} in box 1{row.form.corrected ? ', corrected' : ''}
            <a
              href={necCopyBUrl(row.form.id)}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                downloadNecCopyB(row.form?.id ?? '', year).catch((error: unknown) =>
                  toast({
                    title: 'File not downloaded',
                    description: errorMessage(error, 'The form could not be downloaded. Please try again.'),
                    variant: 'destructive',
                  }),
                );
              }}
              className="inline-flex items-center gap-1 text-foreground underline underline-offset-4"
              aria-label={`Copy B of ${row.legal_name}’s Form 1099-NEC for ${year}`}
            >
              <FileTextIcon aria-hidden="true" className="size-3.5" />
              Copy B
            </a>
          </span>
        )}
      </TableCell>
    </TableRow>
  );
}

function IssueButton({ year, toIssue }: { year: number; toIssue: number }) {
  const mayIssue = useAllowed('update:payout:any');
  const issue = useIssueNecForms();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!mayIssue) return null;
  const confirm = async () => {
    setFailure(null);
    try {
      const result = await issue.mutateAsync(year);
      toast({ title: 'Forms 1099-NEC issued', description: result.message });
      setOpen(false);
    } catch (error) {
      setFailure(errorMessage(error, 'The forms could not be issued. Please try again.'));
    }
  };
  const forms = toIssue === 1 ? '1 form' : `${toIssue.toLocaleString('en-US')} forms`;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Issue {forms}</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!issue.isPending) setOpen(next);
        }}
        title={`Issue ${forms} for ${year}?`}
        description="Each talent gets an email and their Copy B on Earnings. An issued form is never changed: a later change to what was paid or to the W-9 is issued as a corrected form."
        confirmLabel={issue.isPending ? 'Issuing...' : 'Issue'}
        pending={issue.isPending}
        onConfirm={confirm}
      >
        {failure && (
          <Alert variant="destructive">
            <p>{failure}</p>
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}
