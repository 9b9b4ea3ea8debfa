# Tandem's server as a container image (decision 028). Stages: the build, with every dependency; the runtime,
# with the production dependencies and the built server, client and operator commands only; the backup
# service, the runtime with PostgreSQL's client programs (pg_dump) added; and the runtime again, last, so a
# build without --target is the server.
# Build: docker build -t tandem .   Run: deploy/compose.yaml, or docker run with the settings of
# deploy/.env.example (`docker run --env-file` keeps quotes as part of a value: unquote MAIL_FROM there).
# Held to scripts/drill/instance.ts by scripts/container-image.test.ts.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
# The release built (npm run release prints the line; compose passes TANDEM_IMAGE_TAG): the image says which.
ARG TANDEM_VERSION=unreleased
LABEL org.opencontainers.image.title="Tandem" org.opencontainers.image.version="${TANDEM_VERSION}"
# npm ci installs the Node that package.json pins (decision 016); first on PATH, it runs the server and
# every npm script, as on any other machine. The image's own Node only runs npm.
ENV PATH=/app/node_modules/.bin:$PATH \
    NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build/server build/server
COPY --from=build /app/build/client build/client
# The pages' SSR build: the server renders the job board's pages with it at each request.
COPY --from=build /app/build/prerender build/prerender
COPY --from=build /app/build/commands build/commands
# There are no TypeScript sources here: the operator commands run their bundles, and npm start runs the
# server without checking for a newer build.
RUN npm pkg set \
      "scripts.admin:create=node --enable-source-maps build/commands/admin-create.js" \
      "scripts.db:migrate=node --enable-source-maps build/commands/db-migrate.js" \
      "scripts.db:backup=node --enable-source-maps build/commands/db-backup.js" \
      "scripts.db:restore=node --enable-source-maps build/commands/db-restore.js" \
      "scripts.tax:rotate-key=node --enable-source-maps build/commands/tax-rotate-key.js" \
      "scripts.ops=node --enable-source-maps build/commands/ops.js" \
  && npm pkg delete scripts.prestart \
  && mkdir -p /data && chown node:node /data
# The embedded database and the generated signing secret, when DATABASE_URL and SESSION_SECRET are unset.
VOLUME /data
USER node
EXPOSE 3000
# Ready: migrated, listening, the database (and Redis) answering. Slim images have no curl: Node's fetch.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "build/server/main.js"]

# `npm run ops -- backups serve` (deploy/compose.yaml's backup service): pg_dump of the same major as the
# compose file's postgres:16-bookworm (an older pg_dump cannot dump a newer server; scripts/container-image.test.ts
# holds the two together), from PGDG, whose repository Debian's postgresql-common adds with its signing key.
FROM runtime AS backup
USER root
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && apt-get install -y --no-install-recommends postgresql-client-16 \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /backup-staging && chown node:node /backup-staging
# The db:backup file is written here (TMPDIR) before it is encrypted and sent: a volume, not the memory of /tmp.
ENV TMPDIR=/backup-staging
USER node
EXPOSE 9465
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.BACKUP_METRICS_PORT || 9465) + '/metrics').then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "run", "--silent", "ops", "--", "backups", "serve"]

# The default target: the server, unchanged (the runtime stage; deploy/compose.yaml names its targets).
FROM runtime AS server
