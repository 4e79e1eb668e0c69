import { NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { z } from 'zod';
import { AppError, fieldError } from './app-error';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem, toProblem } from './error-filter';
import type { AppLogger } from './logger';

describe(toProblem.name, () => {
  it('keeps a domain error code, status and details', () => {
    expect(toProblem(new AppError('USER_NOT_VERIFIED', { userId: 'u1' }), 'en')).toEqual({
      status: 403,
      code: 'USER_NOT_VERIFIED',
      details: { userId: 'u1' },
    });
  });

  it('turns schema failures into field issues worded in the requested language', () => {
    const schema = z.object({ email: z.string().min(1, 'FIELD_REQUIRED'), age: z.number() });
    const result = schema.safeParse({ email: '', age: 'x' });
    expect(toProblem(result.error, 'he')).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      details: [
        { field: 'email', code: 'FIELD_REQUIRED', message: 'שדה חובה' },
        { field: 'age', code: 'INVALID_VALUE', message: 'הערך אינו תקין' },
      ],
    });
  });

  it('words field errors raised by services', () => {
    expect(toProblem(fieldError('firstname', 'NAME_HEBREW_ONLY'), 'he').details).toEqual([
      { field: 'firstname', code: 'NAME_HEBREW_ONLY', message: 'אותיות בעברית בלבד' },
    ]);
  });

  it('maps framework errors onto stable codes', () => {
    expect(toProblem(new NotFoundException(), 'en')).toMatchObject({
      status: 404,
      code: 'ROUTE_NOT_FOUND',
    });
    expect(toProblem(new PayloadTooLargeException(), 'en')).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(
      toProblem(
        Object.assign(new Error('x'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }),
        'en',
      ),
    ).toMatchObject({
      status: 400,
      code: 'INVALID_JSON',
    });
  });

  it('answers a store that cannot be reached with SERVICE_UNAVAILABLE, keeping the cause', () => {
    const cause = new Error('Failed query: select 1', {
      cause: Object.assign(new Error('terminating connection'), { code: '57P01' }),
    });
    expect(toProblem(cause, 'he')).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE', cause });
  });

  it('hides anything unexpected behind INTERNAL, keeping the cause for the log', () => {
    const cause = new Error('connection string postgres://secret');
    expect(toProblem(cause, 'en')).toEqual({ status: 500, code: 'INTERNAL', cause });
  });
});

describe(sendProblem.name, () => {
  const logged: Array<{ level: string; fields: Record<string, unknown> }> = [];
  const logger = {
    warn: (fields: Record<string, unknown>) => logged.push({ level: 'warn', fields }),
    error: (fields: Record<string, unknown>) => logged.push({ level: 'error', fields }),
  } as unknown as AppLogger;
  const reply = () => {
    const sent: { status?: number; body?: unknown } = {};
    const self = {
      status: (code: number) => ((sent.status = code), self),
      header: () => self,
      send: (body: unknown) => ((sent.body = body), self),
    };
    return { reply: self as unknown as FastifyReply, sent };
  };
  const request = { id: 'req-1', url: '/api/posts/getPosts?x=1', headers: {} } as FastifyRequest;

  beforeEach(() => (logged.length = 0));

  it('logs a foreseen 503 as one warning line, without a stack trace', () => {
    const { reply: r, sent } = reply();
    sendProblem(request, r, new AppError('SERVICE_UNAVAILABLE'), logger);
    expect(sent.status).toBe(503);
    expect(logged).toEqual([
      {
        level: 'warn',
        fields: { code: 'SERVICE_UNAVAILABLE', requestId: 'req-1', url: '/api/posts/getPosts' },
      },
    ]);
  });

  it('answers the envelope with the code’s message from the error catalogue, in the caller’s language', () => {
    const english = reply();
    sendProblem(request, english.reply, new AppError('POST_NOT_FOUND'), logger);
    expect(english.sent).toEqual({
      status: 404,
      body: { code: 'POST_NOT_FOUND', message: 'This post does not exist', requestId: 'req-1' },
    });
    const hebrew = reply();
    const inHebrew = { ...request, headers: { cookie: 'mepedia_locale=he' } } as FastifyRequest;
    sendProblem(inHebrew, hebrew.reply, new AppError('RATE_LIMITED', { retryAfter: 3 }), logger);
    expect(hebrew.sent).toEqual({
      status: 429,
      body: {
        code: 'RATE_LIMITED',
        message: 'יותר מדי ניסיונות. יש להמתין מעט ולנסות שוב',
        details: { retryAfter: 3 },
        requestId: 'req-1',
      },
    });
    // The error's own message (what the logs show) is the English text.
    expect(new AppError('RATE_LIMITED').message).toBe(
      'Too many attempts. Please wait a little and try again',
    );
  });

  it('logs an unexpected failure as an error with its cause', () => {
    const { reply: r, sent } = reply();
    const cause = new Error('boom');
    sendProblem(request, r, cause, logger);
    expect(sent.status).toBe(500);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 'error', fields: { err: cause, requestId: 'req-1' } });
  });
});
