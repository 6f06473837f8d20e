# Borrower Portal: the compiled API serving the built web app on one port (docs/product.md#components).
# Configure it only through the environment (README "Configuration"); nothing secret is baked in.
# Node 24 LTS, the exact version CI runs every suite on (.ci/run reads it from here).

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# The server runs without source maps (scripts/server-command.mjs): the image ships none.
RUN npm run build \
    && find apps/api/dist -name '*.map' -delete

FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/borrower-portal
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
# Only the API's production dependencies: no compiler, no test tools, no dev identity provider;
# and neither npm's cache and logs nor the packages' source maps, which nothing reads.
# scripts/check-runtime-stage.sh runs this RUN as it is written.
RUN npm ci --omit=dev --workspace apps/api --no-audit --no-fund \
    && rm -rf "$HOME/.npm" \
    && find node_modules -name '*.map' -type f -delete
RUN mkdir -p "$DATA_DIR" \
    && chown node:node "$DATA_DIR"
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/migrations apps/api/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
# The embedded database and local file storage, when DATABASE_URL and STORAGE_URL are unset.
VOLUME ["/var/lib/borrower-portal"]
USER node
EXPOSE 3000
# Start-up applies pending migrations before the server listens: failures during the first 120 s
# do not count, as long as docs/deploy.md allows start-up (scripts/check-runtime-stage.sh checks).
HEALTHCHECK --start-period=120s --interval=15s --timeout=3s --retries=5 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server drains in-flight requests and outbox work on SIGTERM, within 10 s, Docker's default
# stop timeout: give it more (`docker stop -t 15`, docs/deploy.md "Graceful shutdown").
STOPSIGNAL SIGTERM
# Node flags as scripts/server-command.mjs gives them.
CMD ["node", "--max-semi-space-size=64", "apps/api/dist/server.js"]
