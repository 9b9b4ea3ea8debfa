import { ApiError } from './api-client';

// Downloads a file the API generates (CSV, PDF) under the name the server gives it. Fetched rather than
// navigated to, so a refusal (an expired session, a bad filter) becomes a message on the page instead of
// an error page saved to disk.

function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

// A file made by a request that records something (a data export) is asked for with POST.
export async function downloadFile(
  url: string,
  fallbackName: string,
  { method = 'GET' }: { method?: 'GET' | 'POST' } = {},
): Promise<void> {
  const response = await fetch(url, { method, credentials: 'same-origin' });
  if (!response.ok) {
    const body: unknown = response.headers.get('content-type')?.includes('application/json')
      ? await response.json().catch(() => undefined)
      : undefined;
    const error = typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
    throw new ApiError(response.status, typeof error === 'string' ? { error } : undefined);
  }
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}
