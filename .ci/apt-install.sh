#!/usr/bin/env bash
# `apt-install.sh PACKAGE=PROGRAM…`: installs from Debian's packages, in one apt-get run,
# each PACKAGE whose PROGRAM (a command, or an absolute path) is missing, then fails,
# naming it, when a PROGRAM is still missing — so a step whose tests need it never runs
# without it. CI's scripts install side by side (the Inspector's Chromium in the
# background while .ci/test installs Redis), so apt-get waits for the other's lock
# rather than failing on it; what apt-get said is shown when it fails.
set -euo pipefail
present() { [[ -x "$1" ]] || command -v "$1" >/dev/null; }
missing=()
for pair in "$@"; do
    present "${pair#*=}" || missing+=("${pair%%=*}")
done
if ((${#missing[@]})); then
    echo "== installing from Debian: ${missing[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    log="$(mktemp)"
    apt() {
        $sudo env DEBIAN_FRONTEND=noninteractive \
            apt-get -y -o DPkg::Lock::Timeout=600 "$@" >>"$log" 2>&1
    }
    # A fresh machine's package lists may be missing or stale: read them first.
    if ! { apt update && apt install "${missing[@]}"; }; then
        cat "$log" >&2
        echo "== apt-get could not install ${missing[*]}" >&2
        exit 1
    fi
fi
status=0
for pair in "$@"; do
    if ! present "${pair#*=}"; then
        echo "== ${pair%%=*} is installed but \`${pair#*=}\` is missing" >&2
        status=1
    fi
done
exit "$status"
