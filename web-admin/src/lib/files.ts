/** Files the office picks for an upload or saves from the back office. */

/** Reads a chosen file as plain base64 (without the data-URL prefix), as the API takes uploads. */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A file the API sends as base64 (e.g. an export), as a Blob of its content type. */
export function base64ToBlob(content: string, contentType: string): Blob {
  const bytes = Uint8Array.from(atob(content), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: contentType });
}

/** Lets the browser save the blob under the file name. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
