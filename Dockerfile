# Borrower Portal: the compiled API serving the built web app on one port (docs/product.md#components).
# Configure it only through the environment (README "Configuration"); nothing secret is baked in.

FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20.19-bookworm-slim AS runtime
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
# Only the API's production dependencies: no compiler, no test tools, no dev identity provider.
RUN npm ci --omit=dev --workspace apps/api --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir -p /var/lib/borrower-portal \
    && chown node:node /var/lib/borrower-portal
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/migrations apps/api/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --retries=5 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server drains in-flight requests and outbox work on SIGTERM, then exits.
STOPSIGNAL SIGTERM
# Node flags as scripts/server-command.mjs gives them.
CMD ["node", "--max-semi-space-size=64", "apps/api/dist/server.js"]
