import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { downloadFile } from '~/client/lib/download-file';
import { jobTexts } from '~/shared/jobs';

// Says the export is on its way (spec §8), then downloads the file the server builds.
export async function exportJobsCsv(url: string) {
  toast({ title: jobTexts.exportingTitle, description: jobTexts.exporting });
  try {
    await downloadFile(url, 'jobs.csv');
  } catch (error) {
    toast({
      variant: 'destructive',
      title: 'Export failed',
      description: errorMessage(error, 'The CSV file could not be downloaded. Please try again.'),
    });
  }
}
