import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import {
  errorCatalog,
  validationMessage,
  type ErrorCode,
  type ErrorEnvelope,
  type FieldIssue,
  type Language,
} from '@mepedia/contracts';
import { errorMessages } from '@mepedia/messages/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { isUnavailable } from './unavailable';
import { loggedPath } from './logged-path';
import { AppError } from './app-error';
import { requestLanguage } from './language';
import type { AppLogger } from './logger';

type Problem = { status: number; code: ErrorCode; details?: unknown; cause?: unknown };

function fromZod(error: ZodError, language: Language): Problem {
  const details: FieldIssue[] = error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    code: issue.message,
    message: validationMessage(issue.message, language),
  }));
  // Keys that are not ours (zod's own wording) are reported as INVALID_VALUE.
  for (const detail of details) {
    if (detail.message === validationMessage('INVALID_VALUE', language))
      detail.code = 'INVALID_VALUE';
  }
  return { status: 400, code: 'VALIDATION_FAILED', details };
}

const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_JSON',
  FST_ERR_BAD_URL: 'BAD_REQUEST_PATH',
  FST_ERR_MAX_PARAM_LENGTH: 'BAD_REQUEST_PATH',
};

const statusCodes: Record<number, ErrorCode> = {
  400: 'INVALID_JSON',
  401: 'AUTH_REQUIRED',
  403: 'FORBIDDEN',
  404: 'ROUTE_NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function isFieldIssues(details: unknown): details is Array<{ field: string; code: string }> {
  return (
    Array.isArray(details) &&
    details.every((d) => typeof d === 'object' && d !== null && 'field' in d && 'code' in d)
  );
}

export function toProblem(error: unknown, language: Language): Problem {
  if (error instanceof AppError) {
    // Field issues raised by services carry message keys; word them for the requester.
    if (error.code === 'VALIDATION_FAILED' && isFieldIssues(error.details)) {
      const details: FieldIssue[] = error.details.map(({ field, code }) => ({
        field,
        code,
        message: validationMessage(code, language),
      }));
      return { status: error.status, code: error.code, details };
    }
    return { status: error.status, code: error.code, details: error.details };
  }
  if (error instanceof ZodError) return fromZod(error, language);
  const fastifyCode = (error as { code?: unknown }).code;
  if (typeof fastifyCode === 'string' && fastifyCode in fastifyCodes) {
    const code = fastifyCodes[fastifyCode] as ErrorCode;
    return { status: errorCatalog[code].status, code };
  }
  const status =
    error instanceof HttpException
      ? error.getStatus()
      : (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status in statusCodes) {
    const code = statusCodes[status] as ErrorCode;
    return { status, code };
  }
  // A store down or restarting: try again shortly, not a fault in the request or the code.
  if (isUnavailable(error)) return { status: 503, code: 'SERVICE_UNAVAILABLE', cause: error };
  return { status: 500, code: 'INTERNAL', cause: error };
}

type Identified = { identity?: { language?: Language } };

/**
 * Write the one error envelope, its message in the requester's language (the error catalogue of
 * the one message system, libs/messages/src/errors.ts); 5xx causes go to the log only.
 */
export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  logger: AppLogger,
): void {
  const language = requestLanguage(request, (request as Identified).identity?.language);
  const problem = toProblem(error, language);
  if (problem.status >= 500) {
    if (error instanceof AppError || problem.code === 'SERVICE_UNAVAILABLE') {
      // Foreseen (a service or a store down, a timeout): one line, no stack trace.
      logger.warn(
        {
          code: problem.code,
          requestId: request.id,
          url: loggedPath(request.url),
          ...(error instanceof AppError ? {} : { reason: String((error as Error).message) }),
        },
        'request failed',
      );
    } else {
      logger.error(
        { err: problem.cause ?? error, requestId: request.id, url: loggedPath(request.url) },
        'request failed',
      );
    }
  }
  const envelope: ErrorEnvelope = {
    code: problem.code,
    message: errorMessages[language][`error.${problem.code}`],
    requestId: String(request.id),
  };
  if (problem.details !== undefined) envelope.details = problem.details;
  void reply
    .status(problem.status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(envelope);
}

@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: AppLogger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendProblem(
      http.getRequest<FastifyRequest>(),
      http.getResponse<FastifyReply>(),
      error,
      this.logger,
    );
  }
}
