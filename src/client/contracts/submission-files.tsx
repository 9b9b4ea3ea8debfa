import { PaperclipIcon, XIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Label } from '~/client/components/ui/label';
import { Spinner } from '~/client/components/ui/spinner';
import { errorMessage } from '~/client/lib/api-client';
import { formatFileSize } from '~/client/lib/file-size';
import { ATTACHMENT_MAX_BYTES } from '~/shared/messaging-limits';
import { attachmentAccept, messagingTexts } from '~/shared/messaging-texts';
import { type Milestone, type MilestoneFile, SUBMISSION_FILES_MAX } from '~/shared/milestones';
import { useRemoveMilestoneFile, useUploadMilestoneFile } from './api';

// The files of the next submission (decision 035: a message's attachment rules). Each chosen file is
// uploaded at once and waits on the milestone (submitted_at null) until Submit hands them all in with the
// message; a waiting file can be removed. A refusal says the server's sentence beside the file's name.

interface FileProblem {
  key: number;
  name: string;
  message: string;
}

export interface SubmissionFilesState {
  waiting: MilestoneFile[];
  uploading: File | null;
  removingId: string | null;
  problems: FileProblem[];
  // A file is uploading or being removed: Submit waits, so what it hands in is what the list shows.
  isBusy: boolean;
  upload: (files: File[]) => Promise<void>;
  remove: (file: MilestoneFile) => Promise<void>;
}

export function useSubmissionFiles(contractId: string, milestone: Milestone): SubmissionFilesState {
  const uploadFile = useUploadMilestoneFile(contractId);
  const removeFile = useRemoveMilestoneFile(contractId);
  const [uploading, setUploading] = useState<File | null>(null);
  // Choices not uploaded through yet (the one uploading included).
  const [queued, setQueued] = useState(0);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const [problems, setProblems] = useState<FileProblem[]>([]);
  // Files chosen while others are still uploading wait their turn.
  const queue = useRef(Promise.resolve());
  const problemCount = useRef(0);
  const addProblem = (name: string, message: string) => {
    problemCount.current += 1;
    const key = problemCount.current;
    setProblems((current) => [...current, { key, name, message }]);
  };

  // One after the other: the server counts the waiting files, so a sixth is refused in its turn.
  async function uploadEach(files: File[]) {
    for (const file of files) {
      // As the server would answer (413), without sending the bytes in vain.
      if (file.size > ATTACHMENT_MAX_BYTES) {
        addProblem(file.name, messagingTexts.attachmentTooLarge);
        continue;
      }
      setUploading(file);
      try {
        await uploadFile.mutateAsync({ milestoneId: milestone.id, file });
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

  async function remove(file: MilestoneFile) {
    setProblems([]);
    setRemovingId(file.id);
    try {
      await removeFile.mutateAsync({ milestoneId: milestone.id, fileId: file.id });
    } catch (error) {
      addProblem(file.name, errorMessage(error, 'The file was not removed. Please try again.'));
    } finally {
      setRemovingId(null);
    }
  }

  return {
    waiting: milestone.files.filter((file) => file.submitted_at === null),
    uploading,
    removingId,
    problems,
    isBusy: queued > 0 || removingId !== null,
    upload,
    remove,
  };
}

export function SubmissionFiles({ files }: { files: SubmissionFilesState }) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const problemsId = `${inputId}-problems`;
  const { waiting, uploading, removingId, problems } = files;

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Attach files</Label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={attachmentAccept}
        aria-describedby={problems.length > 0 ? `${hintId} ${problemsId}` : hintId}
        aria-invalid={problems.length > 0 || undefined}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          // The same file chosen again (after removing it) is a change too.
          event.target.value = '';
          if (chosen.length > 0) void files.upload(chosen);
        }}
        className="block w-full max-w-full text-sm file:mr-3 file:h-9 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:text-sm file:font-medium hover:file:bg-muted"
      />
      <p id={hintId} className="text-sm text-muted-foreground">
        Images, PDF, text, Office documents or ZIP archives, at most 10 MB each and {SUBMISSION_FILES_MAX} in all. Each
        file is uploaded when you choose it.
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
      {waiting.length > 0 && (
        <ul aria-label="Files to submit" className="grid gap-1">
          {waiting.map((file) => (
            <li key={file.id} className="flex min-w-0 items-center gap-2 rounded-md bg-muted/60 px-3 py-1.5 text-sm">
              <PaperclipIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{file.name}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="ml-auto shrink-0"
                aria-label={`Remove ${file.name}`}
                disabled={removingId === file.id}
                onClick={() => void files.remove(file)}
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
