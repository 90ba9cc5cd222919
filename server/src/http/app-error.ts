/**
 * The server's one error type: every failure a route means to answer becomes `{ detail }` with `status`.
 * `isCatastrophic` marks errors after which the process should not keep serving (logged as fatal).
 */
export class AppError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly isCatastrophic: boolean;

  constructor(
    status: number,
    detail: string,
    options: { headers?: Record<string, string>; isCatastrophic?: boolean; cause?: unknown } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.headers = options.headers ?? {};
    this.isCatastrophic = options.isCatastrophic ?? false;
  }

  static badRequest(detail: string): AppError {
    return new AppError(400, detail);
  }
  static unauthorized(detail = 'Not authenticated'): AppError {
    return new AppError(401, detail);
  }
  static notFound(detail = 'Not found'): AppError {
    return new AppError(404, detail);
  }
  static conflict(detail: string): AppError {
    return new AppError(409, detail);
  }
  static tooManyRequests(detail: string, retryAfterSeconds: number): AppError {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new AppError(429, detail, { headers: { 'retry-after': String(seconds) } });
  }
}
