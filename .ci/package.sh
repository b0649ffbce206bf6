#!/usr/bin/env bash
# The crates `cargo install gitlab-mcp-server` would need, packaged as crates.io would
# take them: wizard-macros, wizard, gitlab-sandbox and gitlab-mcp-server. A file left out
# of a crate's `include`, a missing version on a path dependency or a crate that cannot
# be published fails here rather than at the first release.
#
# `cargo package` of one crate alone resolves its dependencies on crates.io, where the
# workspace's own crates are not published yet, so it would fail. Named together with
# `-p` (cargo 1.84 or later; written against 1.95), they are packaged in dependency
# order, each resolving the ones before it through a local registry overlay, and each is
# built from its own .crate file (the verify step, not `--no-verify`), so that what is
# packaged is known to build. `--allow-dirty`: CI packages the checkout as it is.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo package --locked --allow-dirty \
    -p wizard-macros -p wizard -p gitlab-sandbox -p gitlab-mcp-server
ls -l target/package/*.crate
