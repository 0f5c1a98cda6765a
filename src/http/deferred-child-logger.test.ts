import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { deferredChildLoggerFactory } from './deferred-child-logger.js';

/** A real pino logger writing JSON lines into `lines`, redacting like the app does. */
function parentLogger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      callback();
    },
  });
  const logger = pino({ level, redact: { paths: ['req.headers.authorization'], censor: '[redacted]' } }, stream) as unknown as FastifyBaseLogger;
  return { logger, lines };
}

describe('deferredChildLoggerFactory', () => {
  it('makes no pino child for a request that logs nothing at an enabled level', () => {
    const { logger, lines } = parentLogger('warn');
    const child = vi.spyOn(logger, 'child');
    const log = deferredChildLoggerFactory(logger, { reqId: 'r-1' }, {});
    log.info({ req: { url: '/v1/documents' } }, 'incoming request');
    log.debug('details');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe('warn');
  });

  it('writes a due line through a child bound to the request, once, with the parent\'s redaction', () => {
    const { logger, lines } = parentLogger('info');
    const child = vi.spyOn(logger, 'child');
    const log = deferredChildLoggerFactory(logger, { reqId: 'r-2' }, {});
    log.info({ req: { headers: { authorization: 'Bearer secret' } } }, 'incoming request');
    log.error(new Error('boom'), 'request errored');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => [line.reqId, line.msg])).toEqual([
      ['r-2', 'incoming request'],
      ['r-2', 'request errored'],
    ]);
    expect(lines[0]?.req).toEqual({ headers: { authorization: '[redacted]' } });
    expect((lines[1]?.err as { message: string }).message).toBe('boom');
  });

  it('keeps a route\'s own level: warn drops info lines that the service level would write', () => {
    const { logger, lines } = parentLogger('info');
    const log = deferredChildLoggerFactory(logger, { reqId: 'r-3' }, { level: 'warn' });
    log.info('incoming request');
    log.warn('slow');
    expect(lines.map((line) => line.msg)).toEqual(['slow']);
    expect(log.level).toBe('warn');
  });

  it('gives a real child of the request logger to code that asks for one', () => {
    const { logger, lines } = parentLogger('info');
    const log = deferredChildLoggerFactory(logger, { reqId: 'r-4' }, {});
    log.child({ step: 'render' }).info('rendered');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'r-4', step: 'render', msg: 'rendered' })]);
  });
});
