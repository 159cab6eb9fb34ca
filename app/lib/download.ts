/**
 * The file name a download response names in its Content-Disposition (RFC 6266): the UTF-8
 * `filename*` when present, else `filename`, else `fallback`.
 */
export function downloadName(response: Pick<Response, 'headers'>, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/** Saves a downloaded response as a file under the name its server gave it. */
export async function saveDownload(response: Pick<Response, 'headers' | 'blob'>, fallback: string): Promise<void> {
  const href = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href, download: downloadName(response, fallback) });
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
