/**
 * Hands a file already fetched (with the session) to the browser as a download: a link to an
 * object URL with a `download` name, clicked once, then released.
 */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Released after the click has been handled (revoking at once can cancel the download in some browsers).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
