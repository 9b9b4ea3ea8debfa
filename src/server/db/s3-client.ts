import { S3Client } from '@aws-sdk/client-s3';

// One S3 client for the two buckets Tandem writes: the file store's (platform/s3-file-chunks.ts) and the
// off-site backups' (offsite-backup-store.ts). Here in db/, which both places may import.
export interface S3Connection {
  region: string;
  // An S3-compatible server's address (MinIO, Ceph, s3rver); unset for AWS itself.
  endpoint?: string;
  // Addresses the bucket in the path (http://host/bucket/key), as most non-AWS servers want.
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export function createS3Client({ region, endpoint, forcePathStyle, accessKeyId, secretAccessKey }: S3Connection) {
  return new S3Client({
    region,
    endpoint,
    forcePathStyle,
    // Without a key pair, the SDK's own chain (environment, instance role).
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}
