import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PhotoContentType } from '~/shared/talent';

// Applicants' photos on disk, under DATA_DIR/photos: one file per photo, named at random, so a name says
// nothing about whose it is and can never climb out of the folder.

const extensions: Record<PhotoContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

// What the files we write are called; anything else is not ours to read or delete.
const PHOTO_FILE_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export const photosDirectoryOf = (dataDirectory: string) => path.resolve(dataDirectory, 'photos');

// Writes the photo under a new random name and returns the name. Written to a temporary file first and
// renamed into place, so a reader never sees half a photo.
export async function writePhotoFile(directory: string, content: Buffer, type: PhotoContentType): Promise<string> {
  await fs.mkdir(directory, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${extensions[type]}`;
  const temporary = path.join(directory, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await fs.writeFile(temporary, content, { flag: 'wx', mode: 0o600 });
    await fs.rename(temporary, path.join(directory, name));
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  return name;
}

// The photo's bytes, or null when the file is gone.
export async function readPhotoFile(directory: string, name: string): Promise<Buffer | null> {
  if (!PHOTO_FILE_NAME.test(name)) return null;
  try {
    return await fs.readFile(path.join(directory, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function deletePhotoFile(directory: string, name: string): Promise<void> {
  if (!PHOTO_FILE_NAME.test(name)) return;
  await fs.rm(path.join(directory, name), { force: true });
}
