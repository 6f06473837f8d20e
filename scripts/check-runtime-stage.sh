#!/usr/bin/env bash
# The Dockerfile's runtime stage without a container engine: its install step, run as the
# Dockerfile writes it, must leave only the API's production dependencies, no npm cache or logs
# and no source maps; with the compiled server, its migrations and the built web app, started as
# the image starts it (NODE_ENV=production) against PostgreSQL and with its trace collector down,
# it must answer ready, serve the app, and exit 0 on SIGTERM. The image's health check must give
# start-up as long as docs/deploy.md allows it.
# Needs `npm run build` first and PostgreSQL on 127.0.0.1:5432.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  echo "$*" >&2
  exit 1
}

allowed=$(grep -oE 'may take up to \*\*[0-9]+ s\*\*' docs/deploy.md | grep -oE '[0-9]+') \
  || fail "docs/deploy.md no longer says how long start-up may take (\"may take up to **N s**\")"
start_period=$(grep -oE '^HEALTHCHECK .*--start-period=[0-9]+s' Dockerfile | grep -oE '[0-9]+s$' | tr -d s) \
  || fail "the Dockerfile's HEALTHCHECK has no --start-period in seconds"
if [ "$start_period" -lt "$allowed" ]; then
  fail "the HEALTHCHECK counts failures after ${start_period} s, but docs/deploy.md allows start-up ${allowed} s"
fi
echo "health check: failures count after ${start_period} s of start-up (docs/deploy.md allows ${allowed} s)"

# The runtime stage's first RUN (its install step), continuation lines joined.
install_step=$(awk '
  /^FROM .* AS runtime$/ { runtime = 1; next }
  runtime && /^RUN / { running = 1; sub(/^RUN /, "") }
  running { line = $0; more = sub(/\\$/, "", line); step = step line; if (!more) { print step; exit } }
' Dockerfile)
[ -n "$install_step" ] || fail "the Dockerfile's runtime stage has no RUN"

stage=$(mktemp -d)
port=4396
database="runtime_stage_$$"
cleanup() {
  [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
  psql -q -h 127.0.0.1 -U postgres -c "drop database if exists $database" >/dev/null 2>&1 || true
  rm -rf "$stage"
}
trap cleanup EXIT

cp package.json package-lock.json "$stage/"
for workspace in packages/domain apps/api apps/web e2e; do
  mkdir -p "$stage/$workspace"
  cp "$workspace/package.json" "$stage/$workspace/"
done
# As root in the image: HOME is the stage's own, where npm writes its logs (its cache stays this
# machine's, so nothing is downloaded again).
machine_cache=$(npm config get cache)
mkdir -p "$stage/root"
(
  cd "$stage"
  HOME="$stage/root" npm_config_cache="$machine_cache" npm_config_logs_dir="$stage/root/.npm/_logs" \
    npm_config_loglevel=error npm_config_update_notifier=false sh -ec "$install_step"
)
[ ! -e "$stage/root/.npm" ] || fail "the runtime stage keeps npm's files: $(ls "$stage/root/.npm")"
maps=$(find "$stage" -name '*.map' | head -n 3)
[ -z "$maps" ] || fail "the runtime stage ships source maps: $maps"
dev_installed=$(
  cd "$stage" && node -e '
    const { packages } = JSON.parse(require("fs").readFileSync("package-lock.json", "utf8"));
    const installed = Object.entries(packages)
      .filter(([where, entry]) => entry.dev && where && require("fs").existsSync(where))
      .map(([where]) => where);
    console.log(installed.slice(0, 5).join(" "));
  '
)
[ -z "$dev_installed" ] || fail "the runtime stage installed development packages: $dev_installed"
mkdir -p "$stage/apps/web"
cp -r apps/api/dist apps/api/migrations "$stage/apps/api/"
cp -r apps/web/dist "$stage/apps/web/"
# As the Dockerfile's build stage leaves them.
find "$stage/apps/api/dist" -name '*.map' -delete

# The isolated process that reads inside uploads runs from the stage too (content-checker.ts).
(
  cd "$stage"
  node --input-type=module -e "
    import { fork } from 'node:child_process';
    const child = fork('apps/api/dist/content-check-process.js', { serialization: 'advanced', env: {}, execArgv: [] });
    const job = { contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.4\\n'), uploadedAt: new Date() };
    child.on('message', (message) => {
      if (message.id === undefined) return child.send({ id: 1, job });
      console.log('content check in the runtime stage:', JSON.stringify(message.value));
      child.kill();
      process.exit(message.value?.notGenuine === false ? 0 : 1);
    });
    setTimeout(() => process.exit(1), 30_000);
  "
)

psql -q -h 127.0.0.1 -U postgres -c "create database $database"
# Nothing listens there: every export of the server's traces is refused.
collector_port=$(node -e '
  const server = require("net").createServer().listen(0, "127.0.0.1", () => {
    console.log(server.address().port);
    server.close();
  });
')
(
  cd "$stage"
  NODE_ENV=production HOST=127.0.0.1 PORT=$port PUBLIC_URL=http://127.0.0.1:$port \
    SESSION_SECRET=runtime-stage-check-session-secret-0123456789 \
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/$database DATA_DIR="$stage/data" \
    OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:$collector_port" \
    LOG_LEVEL=warn exec node --max-semi-space-size=64 apps/api/dist/server.js
) &
server=$!
for _ in $(seq 1 60); do
  curl -fsS "http://127.0.0.1:$port/api/readyz" >/dev/null 2>&1 && break
  sleep 1
done
curl -fsS "http://127.0.0.1:$port/api/readyz"
echo
curl -fsS "http://127.0.0.1:$port/" | grep -q '<div id="root">'
echo "runtime stage: $(du -sh "$stage/node_modules" | cut -f1) of production dependencies; ready and serving the app"

# A traced request leaves a span for the collector that is down; the stop must still be clean.
curl -sS -o /dev/null "http://127.0.0.1:$port/api/auth/session"
stopping=$SECONDS
kill -TERM "$server"
status=0
wait "$server" || status=$?
server=""
[ "$status" -eq 0 ] || fail "on SIGTERM the server exited $status with its trace collector down"
echo "SIGTERM with the trace collector down: exit 0 after $((SECONDS - stopping)) s"
