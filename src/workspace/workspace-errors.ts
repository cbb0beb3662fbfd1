/** Why the workspace could not do what was asked; `message` says it in words a user can act on. */
export interface WorkspaceError {
  code: 'unavailable' | 'blocked' | 'closed' | 'quota' | 'too-large' | 'not-found' | 'failed';
  message: string;
}

/** What a workspace call gives: its value, or the error in words (never a thrown exception). */
export type WorkspaceResult<Value> = { ok: true; value: Value } | { ok: false; error: WorkspaceError };

/** A successful result. */
export function succeeded<Value>(value: Value): WorkspaceResult<Value> {
  return { ok: true, value };
}

/** A failed result. */
export function failed<Value>(code: WorkspaceError['code'], message: string): WorkspaceResult<Value> {
  return { ok: false, error: { code, message } };
}

/** The largest transcript the workspace keeps: 50 MB (bigger files still open, they are only not kept for a reload). */
export const maxStoredTranscriptBytes = 50 * 1024 * 1024;

/** A byte count in the units people read storage in (1 KB = 1,024 bytes): "12.3 MB", "2.1 GB". */
export function storageBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** Whether a thrown value is the browser refusing a write for lack of room. */
export function isQuotaError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && (error as { name: unknown }).name === 'QuotaExceededError';
}

/** The words of any thrown value. */
export function errorWords(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
