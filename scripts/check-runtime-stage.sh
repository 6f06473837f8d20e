#!/usr/bin/env bash
# The Dockerfile's runtime stage without a container engine: only the API's production
# dependencies, the compiled server, its migrations and the built web app, started as the image
# starts it (NODE_ENV=production) against PostgreSQL; it must answer ready and serve the app.
# Needs `npm run build` first and PostgreSQL on 127.0.0.1:5432.
set -euo pipefail
cd "$(dirname "$0")/.."

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
(cd "$stage" && npm ci --omit=dev --workspace apps/api --no-audit --no-fund --loglevel=error)
for dev_only in tsx esbuild vite vitest oidc-provider typescript; do
  if [ -e "$stage/node_modules/$dev_only" ]; then
    echo "the runtime stage installed the development package $dev_only" >&2
    exit 1
  fi
done
mkdir -p "$stage/apps/web"
cp -r apps/api/dist apps/api/migrations "$stage/apps/api/"
cp -r apps/web/dist "$stage/apps/web/"

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
(
  cd "$stage"
  NODE_ENV=production HOST=127.0.0.1 PORT=$port PUBLIC_URL=http://127.0.0.1:$port \
    SESSION_SECRET=runtime-stage-check-session-secret-0123456789 \
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/$database DATA_DIR="$stage/data" \
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
