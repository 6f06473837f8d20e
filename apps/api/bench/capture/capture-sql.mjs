// Loaded with `node --import` ahead of the compiled server by the benchmark's capture step:
// writes every SQL statement the server sends while answering an HTTP request, one JSON line
// each (request id, method and URL; statement name, text, parameters, row mode; when it was sent
// and answered), to the file BENCH_CAPTURE_FILE names. Nothing in the server changes.
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const file = process.env.BENCH_CAPTURE_FILE;
if (!file) throw new Error('BENCH_CAPTURE_FILE is not set');

const requests = new AsyncLocalStorage();
let lastRequestId = 0;

// Every request the server handles runs in its own context, so a statement knows its request.
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event !== 'request') return emit.call(this, event, ...args);
  const [request] = args;
  const context = { id: ++lastRequestId, method: request.method, url: request.url };
  return requests.run(context, () => emit.call(this, event, ...args));
};

const now = () => performance.timeOrigin + performance.now();

// A pool's query hands the same config to a client's query later; it is recorded once.
const sentThroughPool = new WeakMap();
function passedOn(config) {
  const pending = sentThroughPool.get(config) ?? 0;
  if (pending > 0) sentThroughPool.set(config, pending - 1);
  return pending > 0;
}

function record(request, config, values, sentAt, connectionOptions) {
  const statement = typeof config === 'string' ? { text: config } : config;
  appendFileSync(
    file,
    JSON.stringify({
      request,
      // Settings the connection was opened with (e.g. `-c plan_cache_mode=…`).
      connectionOptions: connectionOptions ?? null,
      name: statement.name ?? null,
      text: statement.text,
      values: values ?? statement.values ?? [],
      rowMode: statement.rowMode ?? null,
      // Drizzle reads date and time types as text; a replay must parse them the same way.
      rawTimes: typeof statement.types?.getTypeParser === 'function',
      sentAt,
      answeredAt: now(),
    }) + '\n',
  );
}

function wrap(original, isPool) {
  return function (config, values, callback) {
    const request = requests.getStore();
    const object = typeof config === 'object' && config !== null;
    if (!request || (!isPool && object && passedOn(config))) {
      return original.call(this, config, values, callback);
    }
    if (isPool && object) sentThroughPool.set(config, (sentThroughPool.get(config) ?? 0) + 1);
    const sentAt = now();
    const statementValues = typeof values === 'function' ? undefined : values;
    const options = isPool ? this.options?.options : this.connectionParameters?.options;
    const done = () => record(request, config, statementValues, sentAt, options);
    const lastArg = typeof values === 'function' ? values : callback;
    if (typeof lastArg === 'function') {
      const wrapped = (...results) => {
        done();
        return lastArg(...results);
      };
      return typeof values === 'function'
        ? original.call(this, config, wrapped)
        : original.call(this, config, values, wrapped);
    }
    const result = original.call(this, config, values, callback);
    if (result && typeof result.then === 'function') result.then(done, done);
    return result;
  };
}

pg.Pool.prototype.query = wrap(pg.Pool.prototype.query, true);
pg.Client.prototype.query = wrap(pg.Client.prototype.query, false);
