import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level } from 'pino';

type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger that becomes a pino child (with the request id bound) only when the request
 * logs something its level lets through. Pino serialises a child's bindings, through the
 * redaction paths, when the child is made: one per request cost more than the rest of a probe's
 * answer, and at `warn` or `silent` most requests log nothing at all.
 */
class RequestLogger implements FastifyBaseLogger {
  #real: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;

  constructor(parent: FastifyBaseLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get level(): string {
    return (this.#real ?? this.#parent).level;
  }

  set level(level: string) {
    this.#child().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#child().child(bindings, options);
  }

  fatal(...args: LogArgs) {
    this.#log('fatal', args);
  }
  error(...args: LogArgs) {
    this.#log('error', args);
  }
  warn(...args: LogArgs) {
    this.#log('warn', args);
  }
  info(...args: LogArgs) {
    this.#log('info', args);
  }
  debug(...args: LogArgs) {
    this.#log('debug', args);
  }
  trace(...args: LogArgs) {
    this.#log('trace', args);
  }
  silent() {}

  #child(): FastifyBaseLogger {
    return (this.#real ??= this.#parent.child(this.#bindings));
  }

  #log(level: Level, args: LogArgs) {
    const logger = this.#real ?? this.#parent;
    // pino answers isLevelEnabled; another logger is asked by its own method.
    const enabled = (logger as { isLevelEnabled?: (level: Level) => boolean }).isLevelEnabled;
    if (enabled && !enabled.call(logger, level)) return;
    this.#child()[level](...args);
  }
}

/**
 * Fastify's `childLoggerFactory`: each request's `request.log`, made when first used. A route with
 * its own log level or serialisers gets its child at once, as only the child knows its level.
 */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  Object.keys(options).length > 0
    ? logger.child(bindings, options)
    : new RequestLogger(logger, bindings);
