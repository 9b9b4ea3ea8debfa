import path from 'node:path';
import type { PhotoContentType } from '~/shared/talent';
import { deleteStoredFile, readStoredFile, writeStoredFile } from '../platform/stored-files';

// Applicants' photos, under DATA_DIR/photos.

const extensions: Record<PhotoContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export const photosDirectoryOf = (dataDirectory: string) => path.resolve(dataDirectory, 'photos');

export const writePhotoFile = (directory: string, content: Buffer, type: PhotoContentType) =>
  writeStoredFile(directory, content, extensions[type]);
export const readPhotoFile = readStoredFile;
export const deletePhotoFile = deleteStoredFile;
