/** Hands `blob` to the browser as a download named `fileName`. */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download by now; the URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
