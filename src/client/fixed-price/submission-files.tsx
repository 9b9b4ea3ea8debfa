import { useState } from 'react';
import { FileAttachField, type FileProblem, useUploadQueue } from '~/client/components/file-attach-field';
import { errorMessage } from '~/client/lib/api-client';
import { type Milestone, type MilestoneFile, SUBMISSION_FILES_MAX } from '~/shared/milestones';
import { useRemoveMilestoneFile, useUploadMilestoneFile } from './api';

// The files of the next submission (decision 035: a message's attachment rules). Each chosen file is
// uploaded at once and waits on the milestone (submitted_at null) until Submit hands them all in with the
// message; a waiting file can be removed. A refusal says the server's sentence beside the file's name.

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
  const [removingId, setRemovingId] = useState<string | null>(null);
  const { uploading, problems, isUploading, upload, addProblem, clearProblems } = useUploadQueue({
    send: (file) => uploadFile.mutateAsync({ milestoneId: milestone.id, file }),
  });

  async function remove(file: MilestoneFile) {
    clearProblems();
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
    isBusy: isUploading || removingId !== null,
    upload,
    remove,
  };
}

export function SubmissionFiles({ files }: { files: SubmissionFilesState }) {
  return (
    <FileAttachField
      label="Attach files"
      hint={`Images, PDF, text, Office documents or ZIP archives, at most 10 MB each and ${SUBMISSION_FILES_MAX} in all. Each file is uploaded when you choose it.`}
      listLabel="Files to submit"
      files={files.waiting.map((file) => ({ key: file.id, name: file.name, size: file.size }))}
      uploading={files.uploading}
      problems={files.problems}
      removingKey={files.removingId}
      onChoose={(chosen) => void files.upload(chosen)}
      onRemove={(key) => {
        const file = files.waiting.find((waiting) => waiting.id === key);
        if (file) void files.remove(file);
      }}
    />
  );
}
