/** Saves a blob as a file through a temporary link (the browser's download, no server round trip). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later, not at once: some browsers start reading the object after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
