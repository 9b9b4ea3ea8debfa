import path from 'node:path';
import { type AnswerFileType, answerFileTypes } from '~/shared/test-attempts';
import { deleteStoredFile, readStoredFile, writeStoredFile } from '../platform/stored-files';

// Files candidates upload as answers, under DATA_DIR/answer-files.

export const answerFilesDirectoryOf = (dataDirectory: string) => path.resolve(dataDirectory, 'answer-files');

export const writeAnswerFile = (directory: string, content: Buffer, type: AnswerFileType) =>
  writeStoredFile(directory, content, answerFileTypes[type]);
export const readAnswerFile = readStoredFile;
export const deleteAnswerFile = deleteStoredFile;
