import { DownloadIcon } from 'lucide-react';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';

const DOWNLOAD_FAILED = 'The file could not be downloaded. Please try again.';

// A bank file to download: its address works on its own (a new tab, a copied link), and a plain click
// fetches it instead, so a refusal (a pain.001 asked of a currency the run does not pay, Tandem's account
// not set up) shows the server's sentence rather than being saved as the file.
export function BankFileLink({
  href,
  fetchFile,
  children,
}: {
  href: string;
  fetchFile: () => Promise<void>;
  children: ReactNode;
}) {
  const [isFetching, setIsFetching] = useState(false);
  const download = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified or middle click is the browser's (open in a new tab, save as).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (isFetching) return;
    setIsFetching(true);
    fetchFile()
      .catch((error: unknown) =>
        toast({
          title: 'File not downloaded',
          description: errorMessage(error, DOWNLOAD_FAILED),
          variant: 'destructive',
        }),
      )
      .finally(() => setIsFetching(false));
  };
  return (
    <a
      href={href}
      download
      onClick={download}
      aria-busy={isFetching || undefined}
      className={buttonVariants({ variant: 'outline' })}
    >
      <DownloadIcon aria-hidden="true" />
      {children}
    </a>
  );
}
