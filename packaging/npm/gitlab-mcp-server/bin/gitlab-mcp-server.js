#!/usr/bin/env node
// Starts the gitlab-mcp-server binary of this platform, which npm installed as one of this
// package's optional dependencies (`@gitlab-mcp-server/linux-x64`, ...): npm installs
// only the one whose `os` and `cpu` match, so nobody downloads five binaries.
//
// The binary gets this process's stdin, stdout and stderr as they are (MCP speaks on
// stdio, so nothing may be relayed or printed on stdout here), the arguments and the
// environment; its exit code, or the signal that ended it, is this process's.
"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

// The platforms a binary is built for (.github/workflows/release.yml); `platform-arch`
// as Node names them, which is also the package's name in the scope.
const SUPPORTED = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64"];
const SCOPE = "@gitlab-mcp-server";

function fail(message) {
  process.stderr.write(`gitlab-mcp-server: ${message}\n`);
  process.exit(1);
}

function binaryPath() {
  // An escape hatch for a binary built or installed some other way (`cargo install`).
  const override = process.env.GITLAB_MCP_SERVER_BINARY;
  if (override) {
    return override;
  }
  const platform = `${process.platform}-${process.arch}`;
  if (!SUPPORTED.includes(platform)) {
    fail(
      `there is no prebuilt binary for ${platform} (built for ${SUPPORTED.join(", ")}). ` +
        "Build it from source with Rust (`cargo install --locked --path server` in a checkout), " +
        "then run that binary, or point GITLAB_MCP_SERVER_BINARY at it.",
    );
  }
  const pkg = `${SCOPE}/${platform}`;
  let dir;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    fail(
      `the package ${pkg}, which holds the binary for this platform, is not installed. ` +
        "npm leaves it out when optional dependencies are omitted (--omit=optional, --no-optional) " +
        "or when node_modules or the lockfile came from another platform. " +
        `Reinstall without omitting optional dependencies (npm install gitlab-mcp-server), or add ${pkg} yourself.`,
    );
  }
  return path.join(dir, "bin", process.platform === "win32" ? "gitlab-mcp-server.exe" : "gitlab-mcp-server");
}

const binary = binaryPath();
if (!fs.existsSync(binary)) {
  fail(`the binary ${binary} is missing: reinstall gitlab-mcp-server`);
}

const child = spawn(binary, process.argv.slice(2), { stdio: "inherit", windowsHide: true });

// A signal sent to this process alone (a host stopping its server, `kill PID`) is passed
// on. Ctrl-C in a terminal reaches both processes already, so the binary gets SIGINT
// twice: the first one stops it (over HTTP, starts its graceful shutdown, which a second
// one does not cut short).
const forwarded = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGBREAK"];
const forward = (signal) => {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill(signal);
  }
};
for (const signal of forwarded) {
  try {
    process.on(signal, forward);
  } catch {
    // This platform has no such signal.
  }
}

child.on("error", (error) => fail(`could not start ${binary}: ${error.message}`));

child.on("exit", (code, signal) => {
  if (signal) {
    // Ended by a signal: end the same way, so the parent sees what the binary did.
    for (const name of forwarded) {
      process.removeAllListeners(name);
    }
    try {
      process.kill(process.pid, signal);
    } catch {
      // Fall through to the shell's convention for a process ended by a signal.
    }
    process.exit(128 + (os.constants.signals[signal] ?? 0));
  }
  process.exit(code ?? 1);
});
