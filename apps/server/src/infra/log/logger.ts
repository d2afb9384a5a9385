import { pino, type Logger, type LoggerOptions } from 'pino';
import type { Config } from '../../config.js';
import { currentRequestId } from './request-context.js';
import { withoutSecrets } from './redact-url.js';

/**
 * The process logger: JSON lines (for journald, Docker, Loki…) unless the output is a terminal, where pino-pretty
 * prints readable lines; ATLAS_LOG_FORMAT forces either. Every line written while a request or a task runs carries
 * `reqId`, also from loggers that were not derived from the request's (services use infra.log).
 */
export async function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  base: Record<string, unknown> = {},
  isTerminal = Boolean(process.stdout.isTTY),
  /** Where lines go (stdout by default; tests pass a stream). */
  destination?: NodeJS.WritableStream,
): Promise<Logger> {
  const options: LoggerOptions = {
    level: config.logLevel,
    base: { pid: process.pid, ...base },
    // Fastify's request line (its own serializer's fields), with the URL's secrets left out.
    serializers: { req: requestLine },
    mixin: (_merge, _level, logger) => {
      const reqId = currentRequestId();
      // Fastify's request loggers already bind reqId: do not write the key twice.
      if (!reqId || (logger as Logger | undefined)?.bindings().reqId) return {};
      return { reqId };
    },
  };
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && isTerminal);
  if (!pretty) return destination ? pino(options, destination) : pino(options);
  // pino-pretty's formatter called in this thread, line by line, rather than its stream (a transform piped into
  // an asynchronous writer): text printed beside the logs (printBesideLogs) then keeps its place among the lines.
  const { prettyFactory } = await import('pino-pretty');
  const format = prettyFactory({
    colorize: isTerminal && !destination,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
  const out = destination ?? process.stdout;
  return pino(options, { write: (text: string) => out.write(text.startsWith('{') ? format(text) : text) });
}

/**
 * Writes plain text (not a log line: the first start's password box) to the logger's output, after every line
 * logged before it, so neither a terminal nor a JSON log (journald, Docker) shows it torn or out of place.
 */
export function printBesideLogs(log: Logger, text: string): void {
  const stream = (log as unknown as Record<symbol, { write(text: string): unknown }>)[pino.symbols.streamSym];
  stream!.write(text);
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

function requestLine(req: LoggedRequest) {
  return {
    method: req.method,
    url: req.url === undefined ? undefined : withoutSecrets(req.url),
    host: req.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
  };
}
