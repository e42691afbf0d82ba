# The server in a container: SQLite in the /data volume by default, PostgreSQL with DATABASE_URL.
# Build: docker build -t live-chat-server .   Run: docker run -p 8069:8069 -v chat-data:/data live-chat-server
# The image runs the installed packages exactly as a site owner installs them (README "Packages"),
# the path the test suite checks in test/server/packages.test.ts.

FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles where no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN npm ci \
  && npm run build \
  && npm pack --ignore-scripts --pack-destination /packs \
  && npm pack -w live-chat-server --pack-destination /packs
WORKDIR /app
RUN echo '{"name":"live-chat-site","private":true,"allowScripts":{"better-sqlite3":true}}' > package.json \
  && npm install --omit=dev --no-audit --no-fund /packs/*.tgz

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8069 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8069
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:8069/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node_modules/.bin/live-chat-server", "start"]
