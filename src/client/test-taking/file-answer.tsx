import { DownloadIcon, FileIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { errorMessage } from '~/client/lib/api-client';
import { formatFileSize } from '~/client/lib/file-size';
import {
  ANSWER_FILE_MAX_BYTES,
  type AnswerFile,
  type AnswerFileType,
  answerFileAccept,
  answerFileTypes,
  attemptTexts,
} from '~/shared/test-attempts';

// The answer to a file-upload question: the file given so far (its name and size, to download again),
// and the file input to give or replace it. A file the server would refuse is refused here first, with
// the server's own sentences, so nothing is sent in vain.

const typeOfExtension = new Map(
  Object.entries(answerFileTypes).map(([type, extension]) => [extension as string, type as AnswerFileType]),
);
typeOfExtension.set('jpeg', 'image/jpeg');

// Browsers name some types differently or not at all (a .md file often has none): the extension decides.
export function answerFileTypeOf(file: Pick<File, 'name' | 'type'>): AnswerFileType | null {
  if (Object.hasOwn(answerFileTypes, file.type)) return file.type as AnswerFileType;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return typeOfExtension.get(extension) ?? null;
}

export function checkAnswerFile(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!answerFileTypeOf(file)) return attemptTexts.fileType;
  if (file.size === 0) return attemptTexts.fileEmpty;
  if (file.size > ANSWER_FILE_MAX_BYTES) return attemptTexts.fileTooLarge;
  return null;
}

const isAnswerFile = (value: unknown): value is AnswerFile =>
  typeof value === 'object' && value !== null && 'file_id' in value && 'name' in value && 'size' in value;

// The file as the server should store it: typed as the server accepts it.
export const asUploadable = (file: File): Blob => {
  const type = answerFileTypeOf(file);
  return type && file.type !== type ? file.slice(0, file.size, type) : file;
};

export function FileAnswer({
  value,
  uploading,
  describedBy,
  isInvalid,
  onDownload,
  onChoose,
  onChoosing,
}: {
  value: unknown;
  // The file being sent, while it is.
  uploading: File | null;
  describedBy?: string;
  isInvalid: boolean;
  // Saves the file given so far, under this name unless the server names it.
  onDownload: (fallbackName: string) => Promise<void>;
  onChoose: (file: File) => void;
  // The file chooser is about to open (it takes the focus from the page).
  onChoosing: () => void;
}) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const current = isAnswerFile(value) ? value : null;

  return (
    <div className="grid gap-3">
      {current && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-border px-3 py-2 text-sm">
          <FileIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 font-medium break-all">{current.name}</span>
          <span className="text-muted-foreground">{formatFileSize(current.size)}</span>
          <Button
            variant="link"
            size="sm"
            className="h-auto px-0"
            aria-label={`Download ${current.name}`}
            onClick={() => {
              setDownloadError(null);
              onDownload(current.name).catch((error: unknown) =>
                setDownloadError(errorMessage(error, 'The file could not be downloaded. Please try again.')),
              );
            }}
          >
            <DownloadIcon aria-hidden="true" />
            Download
          </Button>
        </div>
      )}
      {downloadError && <p className="text-sm text-destructive">{downloadError}</p>}
      {uploading ? (
        <p className="flex items-center gap-2 text-sm" role="status">
          <Spinner className="size-4 border-2" />
          Uploading {uploading.name} ({formatFileSize(uploading.size)})…
        </p>
      ) : (
        <div className="grid gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium">
            {current ? 'Replace the file' : 'Choose a file'}
          </label>
          <input
            id={inputId}
            type="file"
            accept={answerFileAccept}
            aria-describedby={[`${inputId}-hint`, problem && `${inputId}-problem`, describedBy]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={isInvalid || problem !== null || undefined}
            onClick={onChoosing}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // The same file chosen again is a change too.
              event.target.value = '';
              if (!file) return;
              const refusal = checkAnswerFile(file);
              setProblem(refusal);
              if (!refusal) onChoose(file);
            }}
            className="block w-full max-w-full text-sm file:mr-3 file:h-9 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:text-sm file:font-medium hover:file:bg-muted"
          />
          <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
            PDF, Word, Excel, PowerPoint, text, CSV, ZIP or image, at most 10 MB.
          </p>
        </div>
      )}
      {problem && (
        <p id={`${inputId}-problem`} className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
