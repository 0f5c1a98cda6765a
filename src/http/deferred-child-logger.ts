/**
 * Each request's logger (`request.log`), made when the request first logs something at a level
 * that is on. Fastify makes a pino child per request, with the request id bound; pino serializes
 * the bindings and runs the redaction when the child is made, which was ~2 % of a warm GET
 * (issue #17) although, at the usual `LOG_LEVEL=warn` of a busy service, most requests log
 * nothing. The lines written are the same: the child is made with the same bindings and options
 * (a route's own `logLevel` included) the moment a line is due.
 */
import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/** pino's standard level numbers: a line is written when its level is at least the logger's. */
const LEVEL_VALUES: Readonly<Record<string, number>> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Number.POSITIVE_INFINITY };

type Bindings = Record<string, unknown>;
interface ChildOptions {
  level?: string;
}

class DeferredChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.child().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (LEVEL_VALUES[level] ?? 0) >= (LEVEL_VALUES[this.level] ?? 0);
  }

  /** The request's own pino child (made once). With arguments: a child of it, as pino's `child`. */
  child(bindings?: Bindings, options?: ChildOptions): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return bindings === undefined ? this.made : this.made.child(bindings, options);
  }

  silent(): void {}
}

// One method per level on the shared prototype: a request costs one small object.
for (const level of LEVELS) {
  Object.defineProperty(DeferredChildLogger.prototype, level, {
    value(this: DeferredChildLogger, ...args: unknown[]): void {
      if (!this.isLevelEnabled(level)) return;
      const logger = this.child();
      Reflect.apply(logger[level], logger, args);
    },
  });
}

/** Fastify's `childLoggerFactory`: the request's logger, its pino child deferred until a line is due. */
export function deferredChildLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  return new DeferredChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
