import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from 'yup';
import { AppError } from './app-error';

interface Answer {
  status: number;
  detail: string;
  headers: Record<string, string>;
}

// Texts for Fastify's own client errors, so bad input never leaks internals or answers 500.
const FASTIFY_DETAIL: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_REQ_FILE_TOO_LARGE: 'The uploaded file is too large',
};

function toAnswer(error: unknown): Answer {
  if (error instanceof AppError)
    return { status: error.status, detail: error.message, headers: error.headers };
  if (error instanceof ValidationError)
    return { status: 400, detail: error.errors[0] ?? error.message, headers: {} };
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known = fastifyError.code ? FASTIFY_DETAIL[fastifyError.code] : undefined;
    const headers: Record<string, string> = {};
    return { status, detail: known ?? fastifyError.message ?? 'Bad request', headers };
  }
  return { status: 500, detail: 'Internal server error', headers: {} };
}

/**
 * For Fastify's own router errors (a malformed percent-escape, a path parameter over its length limit),
 * which never reach the error handler: the same `{ detail }` answer.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const answer = toAnswer(error);
  const detail =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The address is not valid'
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'A part of the address is too long'
        : answer.detail;
  void reply.code(answer.status).send({ detail });
}

/** The one error handler: `{ detail }` always, 5xx details hidden and logged with the request context. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const answer = toAnswer(error);
    if (answer.status >= 500) {
      const level = error instanceof AppError && error.isCatastrophic ? 'fatal' : 'error';
      request.log[level]({ err: error, url: request.url, method: request.method }, 'request failed');
    }
    void reply.code(answer.status).headers(answer.headers).send({ detail: answer.detail });
  });
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send({ detail: 'Not found' });
  });
}
