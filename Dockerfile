# syntax=docker/dockerfile:1
# Production image: build every workspace, keep only runtime dependencies and build output.

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV CI=true
# Dependencies first, so this layer is cached until a manifest or the lockfile changes.
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY bot/package.json bot/
COPY server/package.json server/
COPY miniapp/package.json miniapp/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/.npmrc ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/shared/package.json ./shared/package.json
COPY --from=build /app/shared/dist ./shared/dist
COPY --from=build /app/bot/package.json ./bot/package.json
COPY --from=build /app/bot/dist ./bot/dist
COPY --from=build /app/server/package.json ./server/package.json
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/server/drizzle ./server/drizzle
COPY --from=build /app/miniapp/package.json ./miniapp/package.json
COPY --from=build /app/miniapp/dist ./miniapp/dist
# DATA_DIR holds the generated JWT secret (when JWT_SECRET is unset) and, without
# DATABASE_URL, the embedded PGlite database.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 and handles SIGTERM itself (graceful shutdown in server/src/main.ts).
CMD ["node", "server/dist/main.js"]
