/**
 * Multipart uploads with progress: fetch reports no upload progress, so this one request goes through
 * XMLHttpRequest. Cookies are not sent (`withCredentials` stays off), like every widget call.
 */
import { RpcNetworkError } from '../errors.js';

/** An answer of the server, whatever its status; `body` is the parsed JSON, or null when there was none. */
export interface FormAnswer {
  status: number;
  body: unknown;
}

/**
 * POSTs `fields` (in order) then `file` as multipart/form-data to `url`, calling `onProgress` with the share
 * sent so far. Rejects with {@link RpcNetworkError} when no answer came.
 */
export function postFile(url: string, fields: Record<string, string>, file: File, onProgress: (fraction: number) => void): Promise<FormAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response as unknown });
    xhr.onerror = xhr.onabort = () => reject(new RpcNetworkError(url, 'network', 'error'));
    xhr.send(form);
  });
}
