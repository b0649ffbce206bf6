#!/usr/bin/env node
// Writes the npm packages of a release from built binaries: the launcher
// `gitlab-mcp-server` (gitlab-mcp-server/) and one `@gitlab-mcp-server/<platform>` package
// per binary found (platforms/<platform>/package.json is its template), every one at the
// same version, which is the workspace's (Cargo.toml `[workspace.package] version`)
// unless --version says otherwise. Publishing or packing them is the caller's:
// `npm pack` / `npm publish` in each written folder, the platform packages first.
//
//   node packaging/npm/build.mjs --binaries DIR [--out DIR] [--version X.Y.Z]
//                                [--require-all] [--repository URL]
//
// DIR holds one folder per platform with the binary in it, as Node names the platform:
// DIR/linux-x64/gitlab-mcp-server, DIR/win32-x64/gitlab-mcp-server.exe, ...
// --require-all fails unless every platform has its binary (a release); without it, the
// platforms without one are skipped (CI packs linux-x64 only). --repository (default:
// the GitHub repository the workflow runs in) goes into each package.json: npm checks it
// against the provenance statement of `npm publish --provenance`.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const PLATFORMS = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64"];

function fail(message) {
  console.error(`build.mjs: ${message}`);
  process.exit(1);
}

// `[workspace.package] version` of the root Cargo.toml: the one version of the server,
// its wheel and these packages.
function workspaceVersion() {
  const toml = fs.readFileSync(path.join(root, "Cargo.toml"), "utf8");
  const section = toml.split(/^\[/m).find((part) => part.startsWith("workspace.package]"));
  const version = section?.match(/^version\s*=\s*"([^"]+)"/m)?.[1];
  if (!version) {
    fail("no `version` in the `[workspace.package]` section of Cargo.toml");
  }
  return version;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

function writeJson(file, value) {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

const { values: options } = parseArgs({
  options: {
    binaries: { type: "string" },
    out: { type: "string", default: path.join(root, "target", "npm") },
    version: { type: "string" },
    "require-all": { type: "boolean", default: false },
    repository: { type: "string" },
  },
});
if (!options.binaries) {
  fail("give --binaries DIR (DIR/<platform>/gitlab-mcp-server[.exe], platforms: " + PLATFORMS.join(", ") + ")");
}
const version = options.version ?? workspaceVersion();
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) {
  fail(`\`${version}\` is not a version npm accepts (X.Y.Z or X.Y.Z-pre)`);
}
const githubRepository =
  process.env.GITHUB_REPOSITORY && `${process.env.GITHUB_SERVER_URL ?? "https://github.com"}/${process.env.GITHUB_REPOSITORY}`;
const repositoryUrl = options.repository ?? githubRepository;
const repository = repositoryUrl ? { type: "git", url: `git+${repositoryUrl.replace(/\.git$/, "")}.git` } : undefined;

// The platform list is written out three times — here, in the launcher's
// optionalDependencies and in its SUPPORTED list — and a platform missing from one of
// them would install no binary: they must agree.
const launcherJson = readJson(path.join(here, "gitlab-mcp-server", "package.json"));
const launcherScript = fs.readFileSync(path.join(here, "gitlab-mcp-server", "bin", "gitlab-mcp-server.js"), "utf8");
const supported = JSON.parse(launcherScript.match(/^const SUPPORTED = (\[.*\]);$/m)?.[1] ?? "null");
const expected = JSON.stringify(PLATFORMS);
if (JSON.stringify(Object.keys(launcherJson.optionalDependencies)) !== JSON.stringify(PLATFORMS.map((p) => `@gitlab-mcp-server/${p}`))) {
  fail(`the launcher's optionalDependencies are not the platforms ${expected}`);
}
if (JSON.stringify(supported) !== expected) {
  fail(`the launcher's SUPPORTED is ${JSON.stringify(supported)}, not ${expected}`);
}

const out = path.resolve(options.out);
fs.mkdirSync(out, { recursive: true });
const written = [];

for (const platform of PLATFORMS) {
  const exe = platform.startsWith("win32") ? "gitlab-mcp-server.exe" : "gitlab-mcp-server";
  const binary = path.join(path.resolve(options.binaries), platform, exe);
  if (!fs.existsSync(binary)) {
    if (options["require-all"]) {
      fail(`no binary for ${platform}: expected ${binary}`);
    }
    continue;
  }
  const dir = path.join(out, platform);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "bin"), { recursive: true });
  const pkg = readJson(path.join(here, "platforms", platform, "package.json"));
  pkg.version = version;
  if (repository) {
    pkg.repository = repository;
  }
  writeJson(path.join(dir, "package.json"), pkg);
  fs.writeFileSync(
    path.join(dir, "README.md"),
    `# ${pkg.name}\n\n${pkg.description}.\n\nInstall \`gitlab-mcp-server\` instead: it depends on this package and starts its binary.\n`,
  );
  // npm keeps the executable bit it finds when packing.
  fs.copyFileSync(binary, path.join(dir, "bin", exe));
  fs.chmodSync(path.join(dir, "bin", exe), 0o755);
  written.push(dir);
}

// The launcher depends on every platform's package at exactly this version, also on those
// not built here: each user's npm installs only the one matching their platform.
const launcher = path.join(out, "gitlab-mcp-server");
fs.rmSync(launcher, { recursive: true, force: true });
fs.cpSync(path.join(here, "gitlab-mcp-server"), launcher, { recursive: true });
const pkg = readJson(path.join(launcher, "package.json"));
pkg.version = version;
if (repository) {
  pkg.repository = repository;
}
for (const name of Object.keys(pkg.optionalDependencies)) {
  pkg.optionalDependencies[name] = version;
}
writeJson(path.join(launcher, "package.json"), pkg);
fs.chmodSync(path.join(launcher, "bin", "gitlab-mcp-server.js"), 0o755);
written.push(launcher);

console.log(`build.mjs: npm packages at ${version}:`);
for (const dir of written) {
  console.log(`  ${path.relative(process.cwd(), dir) || "."}`);
}
