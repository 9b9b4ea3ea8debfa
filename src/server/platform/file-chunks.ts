import type { Database } from '../db/client';

// Where the pieces go.
export interface FileChunks {
  put(fileId: string, index: number, bytes: Buffer): Promise<void>;
  get(fileId: string, index: number): Promise<Uint8Array | null>;
  // Removes the pieces of files whose rows were deleted (PostgreSQL's went with the rows).
  remove(fileIds: string[]): Promise<void>;
  // Removes pieces no file row names (S3: an erasure's objects when its forget did not run); the count.
  removeOrphans(db: Database): Promise<number>;
}
