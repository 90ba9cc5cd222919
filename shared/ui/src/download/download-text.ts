/** Saves text as a file through a temporary link: the browser's own download, no server round trip. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start reading the blob after click() returns and cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
