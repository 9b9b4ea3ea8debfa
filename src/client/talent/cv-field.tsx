import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, FileTextIcon, FileUpIcon, Trash2Icon } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button, buttonVariants } from '~/client/components/ui/button';
import { FieldError } from '~/client/components/ui/form-field';
import { Label } from '~/client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { formatFileSize } from '~/client/lib/file-size';
import {
  CV_MAX_BYTES,
  CV_MAX_BYTES_LABEL,
  type CvTextStatus,
  type CvVisibility,
  cvContentTypes,
  cvTexts,
  cvVisibilities,
  cvVisibilityLabels,
  detectCvType,
  isCvContentType,
  type OwnCv,
} from '~/shared/applicant-cv';
import { applicantCvContract } from '~/shared/contracts/applicant-cv';
import { ownCvQueryOptions, useRemoveCv, useUpdateCvVisibility, useUploadCv } from './api';

// The file as the server should store it: typed by its first bytes, as the server decides (a browser may
// know no type for a .docx). A file that is neither is refused here with the server's sentence.
async function asCvUpload(file: File): Promise<{ upload: File } | { problem: string }> {
  if (file.size === 0) return { problem: cvTexts.empty };
  if (file.size > CV_MAX_BYTES) return { problem: cvTexts.tooLarge };
  const detected = detectCvType(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
  if (!detected) return { problem: cvTexts.unsupportedType };
  if (file.type && isCvContentType(file.type) && file.type !== detected) {
    return { problem: cvTexts.contentMismatch(file.type) };
  }
  return { upload: new File([file], file.name, { type: detected }) };
}

const statusTexts: Record<CvTextStatus, string> = {
  pending: cvTexts.textPending,
  ready: cvTexts.textReady,
  failed: cvTexts.textFailed,
};

const uploadedOn = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));

// The CV on the profile: upload, replace, remove, and who may download it; with whether its text has
// been read for Talent Search.
export function CvField() {
  const cv = useQuery(ownCvQueryOptions());
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm leading-none font-medium">CV</legend>
      {cv.isPending ? (
        <div className="grid gap-2" role="status">
          <span className="sr-only">Loading your CV…</span>
          <Skeleton className="h-10 w-full" />
        </div>
      ) : cv.isError ? (
        <Alert variant="destructive">
          <div className="space-y-2">
            <p>{errorMessage(cv.error, cvTexts.loadError)}</p>
            <Button size="sm" variant="outline" onClick={() => cv.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      ) : (
        <CvControls current={cv.data.cv} />
      )}
    </fieldset>
  );
}

function CvControls({ current }: { current: OwnCv['cv'] }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [problem, setProblem] = useState<string | null>(null);
  const uploadCv = useUploadCv();
  const removeCv = useRemoveCv();
  const isBusy = uploadCv.isPending || removeCv.isPending;

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Choosing the same file again after a refusal must fire another change.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    const checked = await asCvUpload(file);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    try {
      await uploadCv.mutateAsync(checked.upload);
      toast({ title: cvTexts.uploaded });
    } catch (error) {
      setProblem(errorMessage(error, cvTexts.uploadError));
    }
  }

  async function remove() {
    setProblem(null);
    try {
      await removeCv.mutateAsync();
      toast({ title: cvTexts.removed });
    } catch (error) {
      setProblem(errorMessage(error, cvTexts.removeError));
    }
  }

  return (
    <div className="grid gap-3">
      {current && (
        <div className="flex min-w-0 items-start gap-3 rounded-md border border-border p-3">
          <FileTextIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="grid min-w-0 flex-1 gap-1">
            <a
              href={applicantCvContract.downloadOwnCv.path}
              download
              className="w-fit max-w-full text-sm font-medium break-words underline-offset-4 hover:underline"
            >
              {current.name}
            </a>
            <p className="text-sm text-muted-foreground">
              {formatFileSize(current.byte_size)} · uploaded {uploadedOn(current.uploaded_at)}
            </p>
            <p
              role="status"
              className={cn('text-sm', current.text_status === 'failed' ? 'text-destructive' : 'text-muted-foreground')}
            >
              {statusTexts[current.text_status]}
            </p>
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <label
          className={cn(
            buttonVariants({ variant: 'outline' }),
            'cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
            isBusy && 'pointer-events-none opacity-50',
          )}
        >
          <input
            type="file"
            accept={[...cvContentTypes, '.pdf', '.docx'].join(',')}
            className="sr-only"
            disabled={isBusy}
            aria-describedby={[hintId, problem ? errorId : null].filter(Boolean).join(' ')}
            aria-invalid={Boolean(problem)}
            onChange={onChoose}
          />
          <FileUpIcon aria-hidden="true" />
          {uploadCv.isPending ? 'Uploading...' : current ? 'Replace CV' : 'Upload CV'}
        </label>
        {current && (
          <>
            <a
              href={applicantCvContract.downloadOwnCv.path}
              download
              className={buttonVariants({ variant: 'outline' })}
            >
              <DownloadIcon aria-hidden="true" />
              Download
            </a>
            <Button variant="outline" onClick={remove} disabled={isBusy}>
              <Trash2Icon aria-hidden="true" />
              {removeCv.isPending ? 'Removing...' : 'Remove CV'}
            </Button>
          </>
        )}
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        PDF or Word (.docx), up to {CV_MAX_BYTES_LABEL}. Companies can find you by the words in it.
      </p>
      {problem && <FieldError id={errorId}>{problem}</FieldError>}
      {current && <CvVisibilityChoice visibility={current.visibility} />}
    </div>
  );
}

// Who may download the CV, saved as it is chosen.
function CvVisibilityChoice({ visibility }: { visibility: CvVisibility }) {
  const id = useId();
  const updateVisibility = useUpdateCvVisibility();
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(value: string) {
    setProblem(null);
    try {
      await updateVisibility.mutateAsync(value as CvVisibility);
      toast({ title: cvTexts.visibilitySaved });
    } catch (error) {
      setProblem(errorMessage(error, cvTexts.visibilityError));
    }
  }

  return (
    <div className="grid gap-2">
      <p id={`${id}-label`} className="text-sm font-medium">
        Who may download your CV
      </p>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        value={visibility}
        onValueChange={choose}
        disabled={updateVisibility.isPending}
      >
        {cvVisibilities.map((value) => (
          <div key={value} className="flex items-center gap-2">
            <RadioGroupItem id={`${id}-${value}`} value={value} />
            <Label htmlFor={`${id}-${value}`} className="font-normal">
              {cvVisibilityLabels[value]}
            </Label>
          </div>
        ))}
      </RadioGroup>
      {problem && <FieldError>{problem}</FieldError>}
    </div>
  );
}
