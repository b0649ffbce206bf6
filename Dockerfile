# syntax=docker/dockerfile:1
# The gitlab-mcp-server container image, built from this repository:
#
#   docker build -t gitlab-mcp-server .
#
# stdio by default, as an MCP client starts a local server (`-i` keeps stdin open):
#
#   docker run -i --rm gitlab-mcp-server --sandbox
#   docker run -i --rm -e GITLAB_URL=https://gitlab.example.com -e GITLAB_TOKEN gitlab-mcp-server
#
# Over HTTP instead: listen on all of the container's interfaces, publish the port, and
# connect to http://localhost:8080/mcp (`localhost` is an allowed Host by default; add
# yours with --allowed-hosts when it is reached by another name):
#
#   docker run --rm -p 8080:8080 -e GITLAB_TOKEN gitlab-mcp-server --http 0.0.0.0:8080
#
# Multi-arch: `docker buildx build --platform linux/amd64,linux/arm64 .` compiles each
# architecture on the build machine's own (a cross compiler, no emulation: a release
# build under QEMU takes an hour), then copies the binary into that architecture's image.

# ---- build: a release binary for the image's architecture ----
FROM --platform=$BUILDPLATFORM rust:1-bookworm AS build
ARG TARGETARCH
# The Rust target and the C cross compiler of each image architecture (aws-lc and
# mimalloc compile C); none is needed when it is the build machine's own.
RUN case "$TARGETARCH" in \
      amd64) echo x86_64-unknown-linux-gnu > /rust-target; gcc=gcc-x86-64-linux-gnu; cc=x86_64-linux-gnu-gcc ;; \
      arm64) echo aarch64-unknown-linux-gnu > /rust-target; gcc=gcc-aarch64-linux-gnu; cc=aarch64-linux-gnu-gcc ;; \
      *) echo "unsupported architecture: $TARGETARCH" >&2; exit 1 ;; \
    esac \
    && if ! command -v "$cc" >/dev/null; then \
         apt-get update && apt-get install -y --no-install-recommends "$gcc" libc6-dev-"$TARGETARCH"-cross \
         && rm -rf /var/lib/apt/lists/*; \
       fi \
    && rustup target add "$(cat /rust-target)" \
    && echo "$cc" > /cc
WORKDIR /src
COPY . .
# The registry and the target folder are BuildKit caches: a rebuild after a source change
# recompiles the workspace, not every dependency. The binary is copied out of the cache.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target,id=gitlab-mcp-server-target-$TARGETARCH \
    target="$(cat /rust-target)" cc="$(cat /cc)" \
    && triple="$(echo "$target" | tr 'a-z-' 'A-Z_')" \
    && export "CARGO_TARGET_${triple}_LINKER=$cc" "CC_$(echo "$target" | tr '-' '_')=$cc" \
    && cargo build --release --locked -p gitlab-mcp-server --target "$target" \
    && cp "target/$target/release/gitlab-mcp-server" /gitlab-mcp-server

# ---- run: glibc, CA certificates and a non-root user, no shell ----
# distroless/cc is Debian 12 (the build stage's glibc) with libgcc, /etc/ssl/certs (GitLab
# over HTTPS is verified against them) and the user `nonroot` (uid 65532).
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /gitlab-mcp-server /usr/local/bin/gitlab-mcp-server
USER nonroot
# Only with --http 0.0.0.0:8080; stdio needs no port.
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/gitlab-mcp-server"]
