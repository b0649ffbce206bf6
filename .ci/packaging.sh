#!/usr/bin/env bash
# Packaging test, Linux x86_64: the PyPI wheel and the npm packages are made from the
# server binary the CI build already made (no second build), installed the ways users
# install them — a fresh venv, `uvx`, `pipx run`, `npx` over packages installed from their
# `npm pack` tarballs —, and each installed command is started with --sandbox by a real
# MCP client, the official Python SDK (packaging/smoke.py): handshake and version, tool
# list, one read from the sandbox. No registry is needed for what is tested; the tools
# (packaging/requirements-ci.txt) come from PyPI on the first run.
# The other platforms are built and smoke-tested by .github/workflows/release.yml.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
CACHE="${PACKAGING_CACHE:-$PWD/.ci/cache}"
work="$CACHE/packaging"
rm -rf "$work"
mkdir -p "$work"

step() { echo "== packaging: $1 ($((SECONDS - started))s)"; }
fail() { echo "== packaging FAILED: $1" >&2; exit 1; }

# .ci/run passes the binary `cargo test --workspace` built; alone, build it here.
if [[ -z "${GITLAB_MCP_SERVER_BIN:-}" ]]; then
    cargo build -p gitlab-mcp-server
    GITLAB_MCP_SERVER_BIN="$PWD/target/debug/gitlab-mcp-server"
fi
binary="$GITLAB_MCP_SERVER_BIN"
[[ -x "$binary" ]] || fail "no server binary at $binary"
version="$(python3 -c 'import tomllib; print(tomllib.load(open("Cargo.toml", "rb"))["workspace"]["package"]["version"])')"

step "tools"
# The MCP client: the interop tests' venv (a no-op when .ci/interop.sh already made it).
bash .ci/interop.sh --install-only > "$work/interop-install.log" 2>&1 \
    || { cat "$work/interop-install.log"; fail "installing the MCP Python SDK"; }
client="$CACHE/interop-venv/bin/python"
tools="$CACHE/packaging-venv"
requirements="packaging/requirements-ci.txt"
wanted="$(sha256sum "$requirements" | cut -d' ' -f1)"
if [[ ! -x "$tools/bin/python" || "$(cat "$tools/.requirements" 2>/dev/null)" != "$wanted" ]]; then
    rm -rf "$tools"
    python3 -m venv "$tools"
    "$tools/bin/pip" install --quiet --disable-pip-version-check --cache-dir "$CACHE/pip" -r "$requirements"
    echo "$wanted" > "$tools/.requirements"
fi

# Starts an installed command with --sandbox from the MCP client; its name says which.
smoke() {
    local what="$1"
    shift
    step "$what"
    "$client" packaging/smoke.py --expect-version "$version" -- "$@" || fail "$what: $*"
}

step "stripping $binary"
# Stripped, as the release's binaries are (`strip = true` in packaging/pypi/pyproject.toml):
# the debug build's line tables would double what every step below copies and packs.
stripped="$work/gitlab-mcp-server"
strip -o "$stripped" "$binary" 2>/dev/null || cp "$binary" "$stripped"

# The npm packages are written and packed meanwhile: `npm pack` gzips the binary on one
# core for seconds.
pack_npm() {
    mkdir -p "$work/npm-binaries/linux-x64"
    ln -s "$stripped" "$work/npm-binaries/linux-x64/gitlab-mcp-server"
    node packaging/npm/build.mjs --binaries "$work/npm-binaries" --out "$work/npm"
    local package
    for package in linux-x64 gitlab-mcp-server; do
        (cd "$work/npm/$package" && npm pack --silent --pack-destination "$work/npm")
    done
}
pack_npm > "$work/npm-pack.log" 2>&1 &
packing=$!

step "wheel"
# maturin's own metadata around the prebuilt binary, in maturin's layout
# (packaging/pypi/assemble_wheel.py says what differs from `maturin build`).
wheel="$("$tools/bin/python" packaging/pypi/assemble_wheel.py --maturin "$tools/bin/maturin" \
    --binary "$stripped" --out "$work/wheel")"
[[ "$(basename "$wheel")" == "gitlab_mcp_server-$version-py3-none-"*.whl ]] \
    || fail "the wheel's name $(basename "$wheel") is not gitlab_mcp_server-$version-py3-none-<platform>.whl"

# Installed with pip into a fresh venv, with no index: the wheel alone must do.
python3 -m venv --without-pip "$work/venv"
"$tools/bin/pip" --python "$work/venv/bin/python" install --quiet --disable-pip-version-check \
    --no-index --no-deps "$wheel"
smoke "wheel installed in a fresh venv" "$work/venv/bin/gitlab-mcp-server" --sandbox

# The commands of the install docs, offline, with caches of their own: nothing from
# a registry or an earlier run can stand in for the wheel.
export UV_CACHE_DIR="$work/uv-cache" UV_PYTHON_DOWNLOADS=never
export PIPX_HOME="$work/pipx" PIPX_BIN_DIR="$work/pipx/bin"
smoke "uvx" "$tools/bin/uvx" --offline --from "$wheel" gitlab-mcp-server --sandbox
smoke "pipx run" "$tools/bin/pipx" run --spec "$wheel" gitlab-mcp-server --sandbox

step "npm packages"
wait "$packing" || { cat "$work/npm-pack.log"; fail "building or packing the npm packages"; }
# An empty project installs both tarballs, offline: the launcher's other platforms'
# optional dependencies cannot be fetched and are skipped, as npm skips them on Linux.
app="$work/npm-app"
mkdir -p "$app"
echo '{"private": true}' > "$app/package.json"
(cd "$app" && npm install --offline --no-audit --no-fund --silent \
    "$work/npm/gitlab-mcp-server-$version.tgz" "$work/npm/gitlab-mcp-server-linux-x64-$version.tgz")
installed="$(node -p "require('$app/node_modules/gitlab-mcp-server/package.json').version")"
[[ "$installed" == "$version" ]] || fail "npm installed gitlab-mcp-server $installed, expected $version"
smoke "npx (launcher and @gitlab-mcp-server/linux-x64 from their tarballs)" \
    npx --offline --prefix "$app" gitlab-mcp-server --sandbox

# Without its platform's package, the launcher says which package is missing.
mv "$app/node_modules/@gitlab-mcp-server" "$work/npm-platforms-aside"
status=0
output="$(node "$app/node_modules/gitlab-mcp-server/bin/gitlab-mcp-server.js" --version 2>&1)" || status=$?
[[ $status -eq 1 && "$output" == *"@gitlab-mcp-server/linux-x64"*"is not installed"* ]] \
    || fail "the launcher without its platform package exited $status with: $output"

echo "== packaging tests passed in $((SECONDS - started))s"
