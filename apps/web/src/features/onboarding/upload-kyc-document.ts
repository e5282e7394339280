import { buildPath, type PortfolioDocument, uploadKycDocument } from '@ballast/contract';
import { ApiError, isErrorEnvelope } from '../../lib/api-error.ts';

/**
 * POST /kyc-documents through XMLHttpRequest rather than fetch, because only it reports how
 * much of the body has gone up. It carries the bearer token as the api client does; a refusal
 * becomes the same ApiError, so the server's words reach the screen.
 */
export function sendKycDocument(options: {
  apiUrl: string;
  token: string | undefined;
  portfolioId: string;
  file: File;
  /** The share of the file sent so far, from 0 to 1. */
  onProgress(sent: number): void;
  signal?: AbortSignal;
}): Promise<PortfolioDocument> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${options.apiUrl}${buildPath(uploadKycDocument)}`);
    request.setRequestHeader('accept', 'application/json');
    if (options.token) request.setRequestHeader('authorization', `Bearer ${options.token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        options.onProgress(1);
        resolve(body as PortfolioDocument);
      } else {
        reject(new ApiError(request.status, isErrorEnvelope(body) ? body : null));
      }
    });
    request.addEventListener('error', () =>
      reject(new TypeError('The upload could not reach the server.')),
    );
    request.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    options.signal?.addEventListener('abort', () => request.abort());
    const form = new FormData();
    form.append('portfolio_id', options.portfolioId);
    form.append('document', options.file);
    request.send(form);
  });
}
