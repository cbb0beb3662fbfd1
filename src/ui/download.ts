/** Saves a blob as a file through a temporary object URL. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  // Revoke on the next tick: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves text as a file through a temporary object URL. */
export function downloadText(fileName: string, text: string, mediaType = 'application/json'): void {
  downloadBlob(fileName, new Blob([text], { type: mediaType }));
}
