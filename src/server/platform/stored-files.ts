import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

// Files people upload, each in its folder under DATA_DIR: one file per upload, named at random, so a name
// says nothing about whose it is and can never climb out of the folder.

// A file name as people see it: the last path segment, without control characters, at most 200 long.
export function cleanUploadedFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  return base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200);
}

// What the files we write are called; anything else is not ours to read or delete.
const STORED_FILE_NAME = /^[0-9a-f]{32}\.[a-z0-9]{2,4}$/;

// Writes the file under a new random name and returns the name. Written to a temporary file first and
// renamed into place, so a reader never sees half a file.
export async function writeStoredFile(directory: string, content: Buffer, extension: string): Promise<string> {
  await fs.mkdir(directory, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${extension}`;
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

// The file's bytes, or null when it is gone (or the name is not one we write).
export async function readStoredFile(directory: string, name: string): Promise<Buffer | null> {
  if (!STORED_FILE_NAME.test(name)) return null;
  try {
    return await fs.readFile(path.join(directory, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function deleteStoredFile(directory: string, name: string): Promise<void> {
  if (!STORED_FILE_NAME.test(name)) return;
  await fs.rm(path.join(directory, name), { force: true });
}
