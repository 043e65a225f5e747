import type { ApiFailure } from './api-failure';

/**
 * File transfers with progress, which RTK Query's JSON requests do not report: the two ways the
 * browser talks to the API besides its endpoints (features call these, never `fetch` themselves).
 */

/** How far a download got: rows counted so far, and the total the server announced (or null). */
export interface DownloadProgress {
  rows: number;
  total: number | null;
}

/** The file name the server gave (`Content-Disposition`), else `fallback`. */
function fileName(res: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

/**
 * Downloads a CSV export from our API and hands it to the browser as a file. The server announces
 * the number of rows (`X-Total-Count`) and streams them, so rows are counted as they arrive (one
 * line each; the header line is not a row) and reported at most once per percent (or per thousand
 * rows without a total). Rejects on a failed answer or when `signal` aborts.
 */
export async function downloadCsv(
  href: string,
  { signal, fallbackName, onProgress }: { signal: AbortSignal; fallbackName: string; onProgress: (progress: DownloadProgress) => void },
): Promise<void> {
  const res = await fetch(href, { credentials: 'same-origin', signal });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
  const announced = Number(res.headers.get('x-total-count'));
  const total = Number.isFinite(announced) && announced > 0 ? announced : null;
  const reader = res.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let lines = 0;
  let shown = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    // A render per percent at most, not per chunk.
    const rows = Math.max(0, lines - 1);
    if (total === null ? rows - shown >= 1000 : Math.floor((rows * 100) / total) > Math.floor((shown * 100) / total)) {
      shown = rows;
      onProgress({ rows, total });
    }
  }
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(res, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Sends a multipart form to `url` with XMLHttpRequest, which (unlike fetch) reports upload
 * progress as a fraction from 0 to 1. Resolves with the answer's body; rejects with an ApiFailure
 * (`too_large` for a 413 without a body, `network` offline, `aborted` when `signal` stops it).
 */
export function uploadForm<T>(url: string, formData: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject({ status: 0, code: 'aborted', fields: {} } satisfies ApiFailure);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as (T & { error?: { code?: string; fields?: Record<string, string>; details?: unknown } }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body);
      else
        reject({
          status: xhr.status,
          code: body?.error?.code ?? (xhr.status === 413 ? 'too_large' : 'server'),
          fields: body?.error?.fields ?? {},
          details: body?.error?.details,
        } satisfies ApiFailure);
    };
    xhr.onerror = () => reject({ status: 0, code: 'network', fields: {} } satisfies ApiFailure);
    xhr.onabort = () => reject({ status: 0, code: 'aborted', fields: {} } satisfies ApiFailure);
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formData);
  });
}

/** Uploads one file to `url` as the form field `file`, through `uploadForm`. */
export function uploadFile<T>(url: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<T> {
  const data = new FormData();
  data.append('file', file);
  return uploadForm<T>(url, data, onProgress, signal);
}
