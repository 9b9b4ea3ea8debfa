import { PaperclipIcon, XIcon } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Label } from '~/client/components/ui/label';
import { Spinner } from '~/client/components/ui/spinner';
import { errorMessage } from '~/client/lib/api-client';
import { formatFileSize } from '~/client/lib/file-size';
import { ATTACHMENT_MAX_BYTES } from '~/shared/messaging-limits';
import { attachmentAccept, messagingTexts } from '~/shared/messaging-texts';

// A file chooser whose files are uploaded as they are chosen (a milestone's work, a proposal's samples):
// what is uploading, what each refusal said beside the file's name, and the files kept, each removable.

export interface FileProblem {
  key: number;
  name: string;
  message: string;
}

export interface AttachedFileItem {
  key: string;
  name: string;
  size: number;
}

// Chosen files uploaded one after the other (a server that counts files refuses the extra one in its turn),
// each refusal kept beside its file's name. `refuse` answers as the server would, without sending the bytes.
export function useUploadQueue({
  send,
  refuse,
}: {
  send: (file: File) => Promise<unknown>;
  refuse?: (file: File) => string | null;
}) {
  const [uploading, setUploading] = useState<File | null>(null);
  // Choices not uploaded through yet (the one uploading included).
  const [queued, setQueued] = useState(0);
  const [problems, setProblems] = useState<FileProblem[]>([]);
  // Files chosen while others are still uploading wait their turn.
  const queue = useRef(Promise.resolve());
  const problemCount = useRef(0);
  const addProblem = (name: string, message: string) => {
    problemCount.current += 1;
    const key = problemCount.current;
    setProblems((current) => [...current, { key, name, message }]);
  };

  async function uploadEach(files: File[]) {
    for (const file of files) {
      const refusal = refuse?.(file) ?? (file.size > ATTACHMENT_MAX_BYTES ? messagingTexts.attachmentTooLarge : null);
      if (refusal) {
        addProblem(file.name, refusal);
        continue;
      }
      setUploading(file);
      try {
        await send(file);
      } catch (error) {
        addProblem(file.name, errorMessage(error, messagingTexts.uploadError));
      }
    }
    setUploading(null);
  }

  function upload(files: File[]) {
    setProblems([]);
    setQueued((count) => count + 1);
    queue.current = queue.current.then(() => uploadEach(files)).finally(() => setQueued((count) => count - 1));
    return queue.current;
  }

  return { uploading, problems, isUploading: queued > 0, upload, addProblem, clearProblems: () => setProblems([]) };
}

interface FileAttachFieldProps {
  label: ReactNode;
  hint: ReactNode;
  listLabel: string;
  files: readonly AttachedFileItem[];
  uploading: File | null;
  problems: readonly FileProblem[];
  disabled?: boolean;
  removingKey?: string | null;
  onChoose: (files: File[]) => void;
  onRemove: (key: string) => void;
}

export function FileAttachField({
  label,
  hint,
  listLabel,
  files,
  uploading,
  problems,
  disabled = false,
  removingKey = null,
  onChoose,
  onRemove,
}: FileAttachFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const problemsId = `${inputId}-problems`;
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={attachmentAccept}
        disabled={disabled}
        aria-describedby={problems.length > 0 ? `${hintId} ${problemsId}` : hintId}
        aria-invalid={problems.length > 0 || undefined}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          // The same file chosen again (after removing it) is a change too.
          event.target.value = '';
          if (chosen.length > 0) onChoose(chosen);
        }}
        className="block w-full max-w-full text-sm file:mr-3 file:h-9 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:text-sm file:font-medium hover:file:bg-muted disabled:opacity-60"
      />
      <p id={hintId} className="text-sm text-muted-foreground">
        {hint}
      </p>
      {problems.length > 0 && (
        <ul id={problemsId} role="alert" className="grid gap-1 text-sm text-destructive">
          {problems.map((problem) => (
            <li key={problem.key} className="break-words [overflow-wrap:anywhere]">
              <span className="font-medium">{problem.name}</span>: {problem.message}
            </li>
          ))}
        </ul>
      )}
      {uploading && (
        <p role="status" className="flex min-w-0 items-center gap-2 text-sm">
          <Spinner className="size-4 shrink-0 border-2" />
          <span className="min-w-0 truncate">Uploading {uploading.name}…</span>
        </p>
      )}
      {files.length > 0 && (
        <ul aria-label={listLabel} className="grid gap-1">
          {files.map((file) => (
            <li key={file.key} className="flex min-w-0 items-center gap-2 rounded-md bg-muted/60 px-3 py-1.5 text-sm">
              <PaperclipIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{file.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="ml-auto shrink-0"
                aria-label={`Remove ${file.name}`}
                disabled={removingKey === file.key}
                onClick={() => onRemove(file.key)}
              >
                <XIcon aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
