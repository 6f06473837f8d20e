import { Writable } from 'node:stream';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterEach, expect, it, vi } from 'vitest';
import pino from 'pino';
import { loggerOptions } from '../app.ts';
import { requestLoggerFactory } from './request-logger.ts';

function capturedLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const options = loggerOptions(level) as pino.LoggerOptions;
  return { logger: pino(options, stream), lines };
}

let app: ReturnType<typeof Fastify> | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appLogging(level: string) {
  const { logger, lines } = capturedLogger(level);
  app = Fastify({ loggerInstance: logger, childLoggerFactory: requestLoggerFactory });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/noisy', async (request: FastifyRequest) => {
    request.log.debug('not at this level');
    request.log.warn({ body: { password: 'hunter2' }, unit: 'U1' }, 'something to look at');
    request.log.warn('and again');
    return { ok: true };
  });
  app.get('/chatty', { logLevel: 'debug' }, async (request: FastifyRequest) => {
    request.log.debug('this route logs at debug');
    return { ok: true };
  });
  await app.ready();
  // Counted from here: Fastify makes its own children while it starts.
  const child = vi.spyOn(logger, 'child');
  return { app, lines, child };
}

it('makes no child logger for a request that logs nothing at its level', async () => {
  const { app, lines, child } = await appLogging('warn');
  const res = await app.inject({ url: '/quiet' });
  expect(res.statusCode).toBe(200);
  expect(child).not.toHaveBeenCalled();
  expect(lines).toEqual([]);
});

it('writes what a request logs at its level with the request id, redacted, from one child', async () => {
  const { app, lines, child } = await appLogging('warn');
  const res = await app.inject({ url: '/noisy', headers: { 'x-request-id': 'ignored' } });
  expect(res.statusCode).toBe(200);
  expect(child).toHaveBeenCalledTimes(1);
  expect(lines.map((line) => line.msg)).toEqual(['something to look at', 'and again']);
  const [first, second] = lines;
  expect(first).toMatchObject({ level: 40, unit: 'U1', body: { password: '[redacted]' } });
  expect(first?.reqId).toEqual(expect.any(String));
  expect(second?.reqId).toBe(first?.reqId);
});

it('logs each request at info as Fastify does, every line with its request id', async () => {
  const { app, lines } = await appLogging('info');
  await app.inject({ url: '/quiet' });
  expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);
  expect(lines[0]?.reqId).toEqual(expect.any(String));
});

it("keeps a route's own log level", async () => {
  const { app, lines } = await appLogging('warn');
  await app.inject({ url: '/chatty' });
  expect(lines.map((line) => line.msg)).toContain('this route logs at debug');
});
