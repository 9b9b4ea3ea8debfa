import { useRef, useState } from 'react';
import { FileAttachField, type FileProblem, useUploadQueue } from '~/client/components/file-attach-field';
import { PROPOSAL_FILES_MAX, proposalFileTexts, type UploadedProposalFile } from '~/shared/proposal-files';
import { useUploadProposalFile } from './api';

export interface ProposalFilesState {
  attached: UploadedProposalFile[];
  uploading: File | null;
  problems: FileProblem[];
  // A file is still uploading: Submit waits, so what goes is what the list shows.
  isBusy: boolean;
  upload: (files: File[]) => Promise<void>;
  remove: (file: UploadedProposalFile) => void;
}

// The files of the proposal about to be sent: each uploaded as it is chosen (the server keeps it for the
// applicant until the application names it), one after the other, five at most. Removing one only takes it
// off the list: a file no application names is swept within a day.
export function useProposalFiles(): ProposalFilesState {
  const uploadFile = useUploadProposalFile();
  const [attached, setAttached] = useState<UploadedProposalFile[]>([]);
  // How many are attached, as the queue's next turn must see it (the state is read a render late).
  const count = useRef(0);
  const { uploading, problems, isUploading, upload, clearProblems } = useUploadQueue({
    refuse: () => (count.current >= PROPOSAL_FILES_MAX ? proposalFileTexts.tooMany : null),
    send: async (file) => {
      const uploaded = await uploadFile.mutateAsync(file);
      count.current += 1;
      setAttached((current) => [...current, uploaded]);
    },
  });

  function remove(file: UploadedProposalFile) {
    clearProblems();
    count.current -= 1;
    setAttached((current) => current.filter((other) => other.file_id !== file.file_id));
  }

  return { attached, uploading, problems, isBusy: isUploading, upload, remove };
}

export function ProposalFilesField({ files }: { files: ProposalFilesState }) {
  return (
    <FileAttachField
      label={`${proposalFileTexts.heading} (optional)`}
      hint={`Work samples or a portfolio: images, PDF, text, Office documents or ZIP archives, at most 10 MB each and ${PROPOSAL_FILES_MAX} in all.`}
      listLabel="Attached files"
      files={files.attached.map((file) => ({ key: file.file_id, name: file.name, size: file.size }))}
      uploading={files.uploading}
      problems={files.problems}
      disabled={files.attached.length >= PROPOSAL_FILES_MAX}
      onChoose={(chosen) => void files.upload(chosen)}
      onRemove={(key) => {
        const file = files.attached.find((attached) => attached.file_id === key);
        if (file) files.remove(file);
      }}
    />
  );
}
