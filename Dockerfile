# The server image: the API, the web app and the public card pages in one Node process, running as the
# unprivileged `node` user, with its data (SQLite file, local files, local mailbox, generated secrets) in the
# /data volume. Settings are the environment variables of .env.example. docs/container.md has the details;
# compose.yaml runs it.
#
# Nothing is compiled: better-sqlite3 and sharp bring prebuilt binaries inside their npm packages, so no stage
# needs a compiler, and the final stage only copies what the build stages made. Both installs run no install
# scripts: npm would compile better-sqlite3 anyway (a lock file does not carry its `gypfile: false`, so npm adds
# `node-gyp rebuild` for its binding.gyp) and fail without Python and a compiler; no other package needs its
# script (esbuild's only checks the binary its platform package brings).

# ---- The manifests, the starting point of both installs ---------------------------------------------------------
FROM node:24-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/card-view/package.json packages/card-view/

# ---- Build: every dependency, then the web app (static files) and the server bundle ----------------------------
FROM manifests AS build
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# ---- What the server loads or serves at run time: the server workspace's production dependencies --------------
# The web app ships as built files and the shared packages are bundled into the server, so neither they nor what
# only they use are installed; neither is any development dependency. The root's development tools leave the
# manifest first: npm keeps an optional peer dependency that is also a development dependency even with
# --omit=dev (better-auth names vitest, which brings vite and their native binaries, ~50 MB). `npm install` keeps
# the locked versions and only drops what is no longer needed. Last, the OCR language packages' legacy models go:
# the scanner serves their 4.0.0_best_int models only (apps/server/src/modules/scanner/scanner-assets.ts).
FROM manifests AS production-dependencies
RUN npm pkg delete devDependencies \
  && npm pkg delete dependencies.@cardstack/shared dependencies.@cardstack/card-view --workspace apps/server \
  && npm install --omit=dev --workspace apps/server --ignore-scripts --no-audit --no-fund \
  && rm -r node_modules/@tesseract.js-data/*/4.0.0

# ---- The image ---------------------------------------------------------------------------------------------------
FROM node:24-bookworm-slim
ENV NODE_ENV=production DATA_DIR=/data
WORKDIR /app
# Owned by root: the server cannot change its own code. The root manifest gives `npm run admin|jobs|mailbox`.
COPY --from=production-dependencies /app/node_modules node_modules
COPY --from=production-dependencies /app/apps/server/node_modules apps/server/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# A new volume takes the owner and mode of the folder it is mounted on: the server (uid 1000) alone reads and
# writes its data (it would tighten an open DATA_DIR to 0700 itself, with a warning).
RUN mkdir --mode=700 /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# GET /healthz answers 200 once the database is reachable and migrated (Node's fetch: the image has no curl).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server finishes running requests and jobs on SIGTERM (docker stop).
CMD ["node", "apps/server/dist/main.js"]
