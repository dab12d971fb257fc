import type { StorageConfig } from "./config";

/**
 * A start that cannot go on, for a reason the operator can fix: main.ts prints its message
 * alone — one line naming the cause and the fix, no stack — and exits with code 1.
 */
export class StartError extends Error {}

const WRITE_PROBLEMS: Record<string, { cause: string; fix: string }> = {
  EACCES: {
    cause: "permission denied",
    fix: "give the user running Hybridge write access to it, or set DATA_DIR to another folder",
  },
  EPERM: {
    cause: "operation not permitted",
    fix: "give the user running Hybridge write access to it, or set DATA_DIR to another folder",
  },
  EROFS: {
    cause: "the file system is read-only",
    fix: "mount it read-write, or set DATA_DIR to a writable folder",
  },
  ENOSPC: {
    cause: "the disk is full",
    fix: "free some space, or set DATA_DIR to a folder on another disk",
  },
  EDQUOT: {
    cause: "the disk quota is exhausted",
    fix: "free some space, or set DATA_DIR to a folder on another disk",
  },
};

/**
 * The StartError for a file-system failure under DATA_DIR that the operator must fix (not
 * writable, read-only, full), naming `folder`; null for any other error. `code` stands in for
 * the error's own when it has none (PGlite's file-system errors carry Emscripten numbers).
 */
export function dataDirProblem(
  error: unknown,
  folder: string,
  code = (error as NodeJS.ErrnoException | null)?.code,
): StartError | null {
  const problem = code ? WRITE_PROBLEMS[code] : undefined;
  if (!problem) return null;
  return new StartError(
    `Hybridge cannot write to ${folder} (${problem.cause}, ${code}): ${problem.fix}.`,
    {
      cause: error,
    },
  );
}

/**
 * The StartError for an S3 bucket (STORAGE_URL) that cannot take files: missing, unreachable,
 * or refused to these credentials, with the SDK's reason. null for local storage.
 */
export function bucketProblem(error: unknown, storage: StorageConfig): StartError | null {
  if (storage.kind !== "s3") return null;
  const e = error as { name?: string; message?: string; code?: string } | null;
  // An S3 error's name is its code (NoSuchBucket, AccessDenied); a refused connection has only
  // its code (an AggregateError with no message, when localhost has two addresses).
  const name = e?.name && !["Error", "AggregateError"].includes(e.name) ? e.name : undefined;
  const message = e?.message || e?.code || String(error);
  const reason = name ? `${name}: ${message}` : message;
  const where = storage.endpoint ?? `AWS (region ${storage.region})`;
  return new StartError(
    `Hybridge cannot write to the S3 bucket "${storage.bucket}" at ${where} (${reason}): check STORAGE_URL, that the bucket exists, and that the credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) may write to it.`,
    { cause: error },
  );
}
