import { toast } from '~/client/components/ui/use-toast';
import { downloadApi, errorMessage } from '~/client/lib/api-client';
import type { QueryOf } from '~/shared/contract';
import { jobsContract } from '~/shared/contracts/jobs';
import { jobTexts } from '~/shared/jobs';

// The list filters, or the selected rows' ids.
type JobExportQuery = QueryOf<typeof jobsContract.exportCsv>;

// Says the export is on its way (docs/spec/portal-and-public-site.md §8), then downloads the file the server builds.
export async function exportJobsCsv(query: JobExportQuery) {
  toast({ title: jobTexts.exportingTitle, description: jobTexts.exporting });
  try {
    await downloadApi(jobsContract.exportCsv, 'jobs.csv', { query });
  } catch (error) {
    toast({
      variant: 'destructive',
      title: 'Export failed',
      description: errorMessage(error, 'The CSV file could not be downloaded. Please try again.'),
    });
  }
}
