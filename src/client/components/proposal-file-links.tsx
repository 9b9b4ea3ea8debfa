import { PaperclipIcon } from 'lucide-react';
import { formatFileSize } from '~/client/lib/file-size';
import type { ProposalFile } from '~/shared/proposal-files';

// The files attached to an application, each a download.
export function ProposalFileLinks({ files }: { files: readonly ProposalFile[] }) {
  return (
    <ul aria-label="Attached files" className="grid gap-1">
      {files.map((file) => (
        <li key={file.id} className="flex min-w-0 items-center gap-2 text-sm">
          <PaperclipIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <a
            href={file.download_url}
            download={file.name}
            className="min-w-0 font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline"
          >
            {file.name}
          </a>
          <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
        </li>
      ))}
    </ul>
  );
}
