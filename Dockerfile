# syntax=docker/dockerfile:1
# One image for the web app and the worker (compose runs it twice with different commands).

FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci's postinstall applies them (patch-package, docs/decisions/032).
COPY patches ./patches
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
COPY --from=build --chown=node:node /app /app
# Owned by node so the named volumes mounted there (media, the generated session secret) are writable.
RUN mkdir -p /app/uploads /app/.data /app/secrets && chown node:node /app/uploads /app/.data /app/secrets \
  && chmod 700 /app/secrets
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node itself, not `npm start`: npm and `sh -c` do not pass SIGTERM on, so `docker stop` would never run the graceful
# stop. tini, PID 1, forwards signals to it and reaps (docs/decisions/056). `npm start`'s command (start-command.test.ts).
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "scripts/start.ts"]
