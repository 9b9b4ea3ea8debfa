import { ImageUpIcon, Trash2Icon } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { ProfilePhoto } from '~/client/components/profile-photo';
import { Button, buttonVariants } from '~/client/components/ui/button';
import { FieldError } from '~/client/components/ui/form-field';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import type { ApplicantProfile } from '~/shared/talent';
import {
  detectImageType,
  isPhotoContentType,
  PHOTO_MAX_BYTES,
  photoContentTypes,
  profileTexts,
} from '~/shared/talent-texts';
import { useRemoveApplicantPhoto, useUploadApplicantPhoto } from './api';

interface ChosenPhoto {
  file: File;
  // A data: address (the page's content security policy allows data: images, not blob:).
  previewUrl: string;
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

// The checks the server makes, made first here so a wrong file is refused before it is sent.
async function findPhotoProblem(file: File): Promise<string | null> {
  if (!isPhotoContentType(file.type)) return profileTexts.photoUnsupportedType;
  if (file.size === 0) return profileTexts.photoEmpty;
  if (file.size > PHOTO_MAX_BYTES) return profileTexts.photoTooLarge;
  const firstBytes = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (detectImageType(firstBytes) !== file.type) return profileTexts.photoContentMismatch(file.type);
  return null;
}

// The profile photo: choosing a file checks it, shows it and uploads it at once; or remove the current one.
export function ProfilePhotoField({ profile }: { profile: ApplicantProfile }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [chosen, setChosen] = useState<ChosenPhoto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const uploadPhoto = useUploadApplicantPhoto();
  const removePhoto = useRemoveApplicantPhoto();
  const isBusy = uploadPhoto.isPending || removePhoto.isPending;

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Choosing the same file again after a cancel must fire another change.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    const found = await findPhotoProblem(file);
    if (found) {
      setChosen(null);
      setProblem(found);
      return;
    }
    // Choosing is uploading: a second click on Upload Photo was a step people missed. The preview shows
    // while it goes; a refusal keeps it, with Try Again and Cancel.
    const picked = { file, previewUrl: await readAsDataUrl(file) };
    setChosen(picked);
    await upload(picked);
  }

  async function upload(photo: ChosenPhoto | null = chosen) {
    if (!photo) return;
    setProblem(null);
    try {
      await uploadPhoto.mutateAsync(photo.file);
      setChosen(null);
      toast({ title: profileTexts.photoUploaded });
    } catch (error) {
      setProblem(errorMessage(error, profileTexts.photoUploadError));
    }
  }

  async function remove() {
    setProblem(null);
    try {
      await removePhoto.mutateAsync();
      toast({ title: profileTexts.photoRemoved });
    } catch (error) {
      setProblem(errorMessage(error, profileTexts.photoRemoveError));
    }
  }

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm leading-none font-medium">Photo</legend>
      <div className="flex flex-wrap items-center gap-4">
        <ProfilePhoto
          name={profile.name}
          src={chosen?.previewUrl ?? profile.photo_url}
          alt={chosen ? `Preview of ${chosen.file.name}` : profile.photo_url ? 'Your photo' : undefined}
        />
        <div className="grid min-w-0 flex-1 gap-2">
          {chosen ? (
            <>
              <p className="text-sm break-words" aria-live="polite">
                {uploadPhoto.isPending ? 'Uploading' : 'Not uploaded:'}{' '}
                <span className="font-medium">{chosen.file.name}</span>
                {uploadPhoto.isPending ? '...' : '. Try again, or choose another.'}
              </p>
              {!uploadPhoto.isPending && (
                <div className="flex flex-wrap gap-2">
                  <Button onClick={() => upload()} disabled={isBusy}>
                    <ImageUpIcon aria-hidden="true" />
                    Try Again
                  </Button>
                  <Button variant="outline" onClick={() => setChosen(null)} disabled={isBusy}>
                    Cancel
                  </Button>
                </div>
              )}
            </>
          ) : (
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
                  accept={photoContentTypes.join(',')}
                  className="sr-only"
                  disabled={isBusy}
                  aria-describedby={[hintId, problem ? errorId : null].filter(Boolean).join(' ')}
                  aria-invalid={Boolean(problem)}
                  onChange={onChoose}
                />
                <ImageUpIcon aria-hidden="true" />
                {profile.photo_url ? 'Change Photo' : 'Choose Photo'}
              </label>
              {profile.photo_url && (
                <Button variant="outline" onClick={remove} disabled={isBusy}>
                  <Trash2Icon aria-hidden="true" />
                  {removePhoto.isPending ? 'Removing...' : 'Remove Photo'}
                </Button>
              )}
            </div>
          )}
          <p id={hintId} className="text-sm text-muted-foreground">
            JPEG, PNG or WebP, up to 2 MB. A clear photo of your face works best.
          </p>
          {problem && <FieldError id={errorId}>{problem}</FieldError>}
        </div>
      </div>
    </fieldset>
  );
}
