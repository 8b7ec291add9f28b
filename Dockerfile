# The mrsched command in an image, for deploy/kubernetes/sweep-job.yaml:
#   docker build -t mrsched:latest .
#   docker run --rm mrsched:latest compare
#   docker run --rm -v "$PWD/out:/app/out" mrsched:latest compare examples/tiny.yaml --out out/tiny   # out/ kept on the host
# The image runs the command, not the tests: it holds no SimGrid (python3-simgrid), which only the
# test suite's cross-checks use; .ci/run installs it for them.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The default scenario, the examples and the traces they name are read at run time.
COPY examples ./examples
COPY data ./data
# /app itself (not what is in it) belongs to node, the user the command runs as, so that --out out/NAME
# can make out/ beside the examples without a volume; the program's files stay root's.
RUN chmod +x dist/cli/main.js && ln -s /app/dist/cli/main.js /usr/local/bin/mrsched && chown node:node /app
USER node
ENTRYPOINT ["mrsched"]
