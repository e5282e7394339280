import { AppError, RequestValidationError } from './app-error.ts';

/**
 * Why reading a multipart form failed, for a route to answer in its own words: `too_large` for a
 * file over the route's limit, `malformed` for a body that is not a whole form (no boundary, no
 * parts, a part cut short), which the parser throws as plain errors that would otherwise be a
 * 500. Undefined for what is answered as it is: the route's own errors and the form's other
 * limits, which carry a 4xx status the error handler answers as a 400.
 */
export function multipartFailure(error: unknown): 'too_large' | 'malformed' | undefined {
  if (error instanceof AppError || error instanceof RequestValidationError) return undefined;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return 'too_large';
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return undefined;
  return 'malformed';
}
