// Uploads with progress. fetch cannot report upload progress over HTTP/1.1 (ky's onUploadProgress
// streams the body, which Chromium only allows over HTTP/2), so large uploads go through
// XMLHttpRequest: the browser streams the file from disk and reports each step.

import { ApiError, apiErrorFromBody } from '@/api/api-error';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface XhrUploadRequest {
  url: string;
  body: FormData;
  headers: Record<string, string>;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POSTs the form and resolves with the parsed JSON answer; an error status rejects with the API's
 * error (ApiError), a network failure or an abort with a plain Error.
 */
export function xhrUpload<T>({ url, body, headers, signal, onProgress }: XhrUploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.total });
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
        } catch {
          reject(new ApiError({ status: xhr.status, code: null, message: 'Unknown server error' }));
        }
      } else reject(apiErrorFromBody(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
