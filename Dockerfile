# The server in a container: SQLite in the /data volume by default, PostgreSQL with DATABASE_URL.
# Build: docker build -t live-chat-server .   Run: docker run -p 8069:8069 -v chat-data:/data live-chat-server

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles where no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8069 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY --from=build /app/locales ./locales
COPY --from=build /app/src/server/static ./src/server/static
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8069
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:8069/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "dist-server/server/cli.js", "start"]
