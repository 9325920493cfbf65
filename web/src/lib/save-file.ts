/** Hands a file to the browser's downloads, as a link with `download` would. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes once click() returns; the URL is let go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
