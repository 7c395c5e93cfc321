import { type ApiInit, apiFetch } from './api-client';

/** The file name a Content-Disposition header gives (`attachment; filename="x.csv"`), if any. */
export function fileNameFrom(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || undefined;
}

/** Hands a file the page made (or fetched) to the browser's downloads. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads a file from the API through the one client (session cookie, the app's error answers): the server's
 * file name when it sends one, else `fallbackName`. `init` for a download asked with a POST (a token in the body). A failure throws the client's ApiError, for the page to show.
 */
export async function downloadFile(path: string, fallbackName: string, init: ApiInit = {}): Promise<void> {
  const response = await apiFetch(path, { ...init, raw: true });
  saveFile(await response.blob(), fileNameFrom(response.headers.get('content-disposition')) ?? fallbackName);
}
