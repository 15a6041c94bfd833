# syntax=docker/dockerfile:1
# Multi-stage build: compile TypeScript with dev dependencies, ship only production ones.
# No browser anywhere: the engine is pure TypeScript (plus sharp's bundled libvips).

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts ./scripts
# The bundle's code cache is made by rendering sample documents, which needs the fonts.
COPY fonts ./fonts
COPY icc ./icc
RUN npm run build

FROM node:20-bookworm-slim AS runtime
# Two malloc arenas instead of one per thread (glibc's default: up to eight per core): the
# HTTP thread, two workers, libuv's and libvips' threads each kept their own, about 20 MB of
# resident memory under load for no measurable throughput.
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 MALLOC_ARENA_MAX=2
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY bin ./bin
COPY scripts ./scripts
COPY fonts ./fonts
COPY icc ./icc
USER node
EXPOSE 8080 8081
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=2", "dist/cli.js", "serve"]
