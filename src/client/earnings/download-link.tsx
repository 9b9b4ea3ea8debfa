import type { ComponentProps, MouseEvent } from 'react';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';

interface DownloadLinkProps extends Omit<ComponentProps<'a'>, 'href' | 'onClick' | 'download'> {
  href: string;
  // Fetches the file and saves it (downloadApi), so a refusal is a message here, not an error page saved.
  download: () => Promise<void>;
  failure: string;
}

// A link to a file the API makes (a statement, a yearly summary): a real address, so it can be copied
// or opened in a new tab, but a plain click fetches it, as the company's invoice PDFs are.
export function DownloadLink({ href, download, failure, ...props }: DownloadLinkProps) {
  async function save(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window (Ctrl, Cmd, Shift, middle click) goes to the address itself.
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    try {
      await download();
    } catch (error) {
      toast({ title: 'Download failed', description: errorMessage(error, failure), variant: 'destructive' });
    }
  }
  return <a href={href} download onClick={save} {...props} />;
}
