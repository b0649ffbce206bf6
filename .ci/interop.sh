#!/usr/bin/env bash
# Interop tests: the official MCP Python SDK (tests/interop/requirements.txt, pinned)
# drives the real server binary over stdio and HTTP, on 2025-11-25 and 2026-07-28.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
CACHE="${INTEROP_CACHE:-$PWD/.ci/cache}"
venv="$CACHE/interop-venv"
requirements="tests/interop/requirements.txt"
wanted="$(sha256sum "$requirements" | cut -d' ' -f1)"
if [[ ! -x "$venv/bin/python" || "$(cat "$venv/.requirements" 2>/dev/null)" != "$wanted" ]]; then
    echo "== installing $requirements into $venv"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check --cache-dir "$CACHE/pip" -r "$requirements"
    echo "$wanted" > "$venv/.requirements"
fi
echo "== $("$venv/bin/python" -c 'import importlib.metadata as m; print("mcp", m.version("mcp"), "· pytest", m.version("pytest"))')"
# `.ci/run` installs while the Rust build runs, then runs the tests.
[[ "${1:-}" == "--install-only" ]] && exit 0

# .ci/run passes the binary `cargo test --workspace` built; alone, build it here.
if [[ -z "${GITLAB_MCP_SERVER_BIN:-}" ]]; then
    cargo build -p gitlab-mcp-server
    export GITLAB_MCP_SERVER_BIN="$PWD/target/debug/gitlab-mcp-server"
fi

status=0
(cd tests/interop && "$venv/bin/python" -m pytest) || status=$?
echo "== interop tests took $((SECONDS - started))s"
exit $status
