import { type FormEvent, useState } from 'react';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { type PayoutRun, payoutTexts } from '~/shared/payouts';
import { useImportResults } from './api';
import { formatRunDay } from './payout-format';

const IMPORT_FAILED = 'The results were not imported. Please try again.';
const FILE_NEEDED = 'Choose the results file the bank or Wise gave you.';

// Import results (docs/decisions/036, 045): the bank's or Wise's CSV of the run's bank-file payouts, or the
// bank's camt.054 notification, each one paid or failed; the server checks every row and answers the run as it stands after them.
export function ImportResultsDialog({
  run,
  open,
  onOpenChange,
}: {
  run: PayoutRun;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Import the bank’s results"
        description={`The bank-file payouts of the run of ${formatRunDay(run.scheduled_for)}: each one marked paid or failed as the file says. A failed payout goes back to the talent’s balance and they are emailed.`}
      >
        {open && <ImportResultsForm run={run} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ImportResultsForm({ run, onDone }: { run: PayoutRun; onDone: () => void }) {
  const importResults = useImportResults();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBanner(null);
    if (!file) {
      setFileError(FILE_NEEDED);
      return;
    }
    try {
      const imported = await importResults.mutateAsync({ runId: run.id, file });
      toast({
        title: 'Results imported',
        description: `The run of ${formatRunDay(imported.scheduled_for)} now has ${imported.counts.paid ?? 0} paid and ${imported.counts.failed ?? 0} failed payouts.`,
      });
      onDone();
    } catch (error) {
      setBanner(errorMessage(error, IMPORT_FAILED));
    }
  }

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <FormField
        label="Results file (CSV or camt.054 XML)"
        error={fileError ?? undefined}
        hint={payoutTexts.resultsFile}
      >
        {(control) => (
          <Input
            {...control}
            type="file"
            accept=".csv,text/csv,.xml,application/xml,text/xml"
            className="h-auto py-1.5"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(null);
            }}
          />
        )}
      </FormField>
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onDone}
        submitLabel="Import results"
        pendingLabel="Importing..."
        isPending={importResults.isPending}
      />
    </form>
  );
}
