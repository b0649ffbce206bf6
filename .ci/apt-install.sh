#!/usr/bin/env bash
# `apt-install.sh PACKAGE PROGRAM`: installs the Debian package PACKAGE when PROGRAM (a
# command, or an absolute path) is missing, and fails, saying so, when it is still
# missing afterwards — so a step whose tests need it never runs without it.
set -euo pipefail
package="$1"
program="$2"
present() { [[ -x "$program" ]] || command -v "$program" >/dev/null; }
if ! present; then
    echo "== installing $package (Debian)"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    apt() { $sudo env DEBIAN_FRONTEND=noninteractive apt-get -y -qq "$@" >/dev/null; }
    apt install "$package" || { apt update && apt install "$package"; }
fi
present || { echo "== $package is installed but \`$program\` is missing" >&2; exit 1; }
