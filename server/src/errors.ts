import { defaultErrorMessages, type ErrorBody, ErrorCode, type FieldError } from '@domain/error-codes';
import type { TeamUserRef } from '@domain/team-user-ref';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { databaseErrorFields, isDatabaseUnavailable } from './db/db-unavailable';
import { DATABASE_RETRY_AFTER_SECONDS } from './http/outage';
import { answerFields } from './http/request-context';
import { REQUEST_ID_HEADER } from './http/request-id';

/** An error the client is meant to see: it leaves the server as the spec's error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: number,
    message: string,
    readonly errorData: ErrorBody['errorData'] = null,
  ) {
    super(message);
    this.name = new.target.name;
  }

  toBody(): ErrorBody {
    return { errorCode: this.errorCode, errorMessage: this.message, errorData: this.errorData };
  }
}

export class ValidationError extends AppError {
  constructor(fields: FieldError[], statusCode = 400) {
    super(statusCode, ErrorCode.validation, defaultErrorMessages[ErrorCode.validation], fields);
  }
}

export class TokenInvalidError extends AppError {
  constructor() {
    super(401, ErrorCode.tokenInvalid, defaultErrorMessages[ErrorCode.tokenInvalid]);
  }
}

export class TeamNotFoundError extends AppError {
  constructor(ref: TeamUserRef | null) {
    super(404, ErrorCode.teamNotFound, defaultErrorMessages[ErrorCode.teamNotFound], ref);
  }
}

export class NotTeamMemberError extends AppError {
  constructor(ref: TeamUserRef | null) {
    super(403, ErrorCode.notTeamMember, defaultErrorMessages[ErrorCode.notTeamMember], ref);
  }
}

export class InvalidUserStatusError extends AppError {
  constructor(ref: TeamUserRef | null) {
    super(403, ErrorCode.invalidUserStatus, defaultErrorMessages[ErrorCode.invalidUserStatus], ref);
  }
}

/** A member whose role, the plan or the team settings do not allow the action (spec section 6). */
export class PermissionDeniedError extends AppError {
  constructor() {
    super(403, ErrorCode.permissionDenied, defaultErrorMessages[ErrorCode.permissionDenied]);
  }
}

export class ItemNotFoundError extends AppError {
  constructor(message: string = defaultErrorMessages[ErrorCode.itemNotFound]) {
    super(404, ErrorCode.itemNotFound, message);
  }
}

/**
 * Too many attempts (abuse limits, server/src/http/rate-limit.ts); the error handler sets Retry-After.
 * `details` joins retryAfter in errorData (the invitation limits name the addresses not mailed).
 */
export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    details: Record<string, unknown> = {},
  ) {
    super(429, ErrorCode.tooManyRequests, defaultErrorMessages[ErrorCode.tooManyRequests], {
      ...details,
      retryAfter: retryAfterSeconds,
    });
  }
}

/** The database cannot be reached right now (Postgres down or restarting): 503 with Retry-After. */
export class ServiceUnavailableError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, ErrorCode.serviceUnavailable, defaultErrorMessages[ErrorCode.serviceUnavailable], {
      retryAfter: retryAfterSeconds,
    });
  }
}

const internalErrorBody: ErrorBody = { errorCode: 1, errorMessage: 'Internal server error', errorData: null };

/**
 * Failures raised by Fastify and its plugins before a handler runs (body parsing, limits), translated
 * into validation errors so bad input always gets the spec's body and never a 500.
 */
function requestErrorFor(error: FastifyError): AppError | null {
  const field = (name: string, message: string): FieldError[] => [{ field: name, message }];
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ValidationError(field('body', 'is too large'), 413);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ValidationError(field('content-type', 'is not supported'), 415);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ValidationError(field('body', 'must not be empty'));
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ValidationError(field('body', 'is not valid JSON'));
    case 'FST_ERR_BAD_URL':
      return new ValidationError(field('path', 'is invalid'));
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ValidationError(field('path', 'is too long'), 414);
  }
  // secure-json-parse rejects __proto__ and friends with a bare SyntaxError.
  if (error instanceof SyntaxError) return new ValidationError(field('body', 'is not valid JSON'));
  const status = error.statusCode ?? 500;
  if (status === 404) return new ItemNotFoundError();
  if (status >= 400 && status < 500) return new ValidationError(field('request', 'is invalid'), status);
  return null;
}

/**
 * The one error handler: every failure leaves as {errorCode, errorMessage, errorData}, and every line
 * it logs names the method, route and status. A database that cannot be reached answers 503 and is
 * logged once per outage (http/outage.ts); its per-request lines and those of unexpected errors keep
 * to the app's allowance (errorLines), so an outage under load cannot flood the log.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // Router failures (a malformed path) come here before any hook has set it.
  void reply.header(REQUEST_ID_HEADER, request.id);
  if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
    request.server.databaseOutage.failed(error);
    const answer = new ServiceUnavailableError(DATABASE_RETRY_AFTER_SECONDS);
    if (request.server.errorLines.take()) {
      const fields = { ...answerFields(request, 503), errorCode: answer.errorCode };
      request.log.warn({ ...fields, database: databaseErrorFields(error) }, 'database unavailable');
    }
    sendAppError(answer, reply);
    return;
  }
  const appError = error instanceof AppError ? error : requestErrorFor(error);
  if (appError) {
    const fields = { ...answerFields(request, appError.statusCode), errorCode: appError.errorCode };
    request.log.info(fields, appError.message);
    sendAppError(appError, reply);
    return;
  }
  // Internals stay in the log; the client only learns that something broke.
  if (request.server.errorLines.take())
    request.log.error({ ...answerFields(request, 500), err: error }, 'unexpected error');
  void reply.status(500).send(internalErrorBody);
}

function sendAppError(appError: AppError, reply: FastifyReply): void {
  if (appError instanceof TooManyRequestsError || appError instanceof ServiceUnavailableError)
    void reply.header('retry-after', String(appError.retryAfterSeconds));
  void reply.status(appError.statusCode).send(appError.toBody());
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Unknown /api paths answer with 2200; anything else is the console's business (see console-static). */
export function sendApiNotFound(reply: FastifyReply): void {
  void reply.status(404).send(new ItemNotFoundError().toBody());
}
