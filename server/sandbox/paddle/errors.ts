import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { newRequestId } from './ids';

/** Paddle's error body, as `{error: ..., meta: {request_id}}` carries it. */
export interface PaddleErrorBody {
  type: 'request_error' | 'api_error';
  code: string;
  detail: string;
  documentation_url: string;
  errors?: { field: string; message: string }[];
}

const DOCS = 'https://developer.paddle.com/v1/errors';

export class PaddleError extends Error {
  readonly body: PaddleErrorBody;
  constructor(
    readonly status: number,
    code: string,
    detail: string,
    errors?: { field: string; message: string }[],
  ) {
    super(detail);
    const shared = code.startsWith('shared_') || ['not_found', 'bad_request', 'forbidden'].includes(code);
    this.body = {
      type: status >= 500 ? 'api_error' : 'request_error',
      code,
      detail,
      documentation_url: `${DOCS}/${shared ? 'shared' : 'errors'}/${code}`,
      ...(errors ? { errors } : {}),
    };
  }
}

export const notFound = (what: string, id: string) =>
  new PaddleError(404, 'not_found', `${what} ${id} not found`);

export const badRequest = (detail: string, errors?: { field: string; message: string }[]) =>
  new PaddleError(400, 'bad_request', detail, errors);

/** A body that fails validation: Paddle answers 400 with one entry per field. */
export const invalidField = (field: string, message: string) =>
  new PaddleError(400, 'invalid_field', 'Invalid request.', [{ field, message }]);

export const unauthorized = () =>
  new PaddleError(403, 'forbidden', 'You aren\u2019t permitted to perform this request.');

export const authenticationMissing = () =>
  new PaddleError(
    401,
    'authentication_missing',
    'Authentication header missing. Please add an Authorization header with your API key.',
  );

export const authenticationMalformed = () =>
  new PaddleError(403, 'authentication_malformed', 'Authentication token is malformed.');

/** The sandbox's error handler: Paddle's error body for every failure, and a 500 logged. */
export function answerPaddleError(
  error: FastifyError | PaddleError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const requestId = (reply.getHeader('x-request-id') as string | undefined) ?? newRequestId();
  if (error instanceof PaddleError) {
    return reply.code(error.status).send({ error: error.body, meta: { request_id: requestId } });
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status < 500) {
    const body = new PaddleError(400, 'bad_request', error.message).body;
    return reply.code(status).send({ error: body, meta: { request_id: requestId } });
  }
  request.log.error({ err: error }, 'paddle sandbox: internal error');
  const body = new PaddleError(500, 'internal_error', 'An internal error occurred in the Paddle sandbox.')
    .body;
  return reply.code(500).send({ error: body, meta: { request_id: requestId } });
}
