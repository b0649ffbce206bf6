#!/usr/bin/env bash
# The crates `cargo install gitlab-mcp-server` would need, packaged as crates.io would
# take them: wizard-macros, wizard, gitlab-sandbox and gitlab-mcp-server. A file left out
# of a crate's `include`, a missing version on a path dependency or a crate that cannot
# be published fails here rather than at the first release.
#
# `cargo package` of one crate alone resolves its dependencies on crates.io, where the
# workspace's own crates are not published yet, so it would fail. Named together with
# `-p` (cargo 1.84 or later; written against 1.95), they are packaged in dependency
# order, each resolving the ones before it through a local registry overlay.
# `--allow-dirty`: CI packages the checkout as it is.
#
# `--no-verify`: building each crate from its .crate file took 412 s on 2 cores (the
# dependencies are rebuilt with the packaged crates' own features), which CI's 30 minutes
# cannot hold, and it writes a binary without the test features over the one the later
# stages run. Run `cargo package --locked --allow-dirty -p wizard-macros -p wizard -p
# gitlab-sandbox -p gitlab-mcp-server` by hand before a release to build them too.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo package --locked --allow-dirty --no-verify \
    -p wizard-macros -p wizard -p gitlab-sandbox -p gitlab-mcp-server
ls -l target/package/*.crate
