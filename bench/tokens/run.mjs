#!/usr/bin/env node
// Token bench: how many bytes a model must read for the same GitLab read tasks through
// gitlab-mcp-server and through the most installed peer, @zereight/mcp-gitlab, both
// talking to the same sandbox GitLab (the one `gitlab-mcp-server --sandbox` starts).
//
// For each of 12 fixed read tasks it prints the bytes of the answer's text content (the
// UTF-8 bytes of every `content[].text`: what a model reads) and of the whole tool result
// as JSON (content + structuredContent), for both servers, and the ratio ours/peer of the
// text bytes; then the median ratio, the bytes of `tools/list` on each of our three tool
// surfaces (dynamic, meta, individual) and on the peer's, and the bytes of three typical
// `gitlab_find_action` searches, and the calls and bytes of one question answered end to end.
//
// Each task also declares facts its answer must hold (a title, a branch, an author, a log's
// last line...), read from the sandbox's REST API at the start of the run, so nothing here is
// hard-coded. A fact missing from OUR answer, or a tool error from OUR server, exits 1; the
// peer's misses are only reported.
//
// Run (from the repository root, after a build of the server):
//   npm ci --prefix bench/tokens
//   node bench/tokens/run.mjs [--json <path>] [--dump <dir>]
// GITLAB_MCP_SERVER_BIN names the server binary (default target/release/gitlab-mcp-server,
// else target/debug/gitlab-mcp-server). --json writes the figures as JSON; --dump writes
// every answer's text to <dir>/<task>.<server>.txt.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const HERE = dirname(fileURLToPath(import.meta.url));
const PROJECT = "demo/sandbox";
const FIND_QUERIES = ["list merge requests", "job log", "create issue"];

// ---- command line and binaries ------------------------------------------------------

function parseArgs(argv) {
  const opts = { json: null, dump: null };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if ((flag === "--json" || flag === "--dump") && argv[i + 1]) opts[flag.slice(2)] = argv[++i];
    else throw new Error(`unknown argument ${flag}; usage: run.mjs [--json <path>] [--dump <dir>]`);
  }
  return opts;
}

function ourBinary() {
  if (process.env.GITLAB_MCP_SERVER_BIN) return process.env.GITLAB_MCP_SERVER_BIN;
  for (const profile of ["release", "debug"]) {
    const candidate = resolve(HERE, "..", "..", "target", profile, "gitlab-mcp-server");
    if (existsSync(candidate)) return candidate;
  }
  throw new Error("no server binary: build it (cargo build -p gitlab-mcp-server) or set GITLAB_MCP_SERVER_BIN");
}

function peerEntryPoint() {
  const require = createRequire(join(HERE, "package.json"));
  const manifest = require.resolve("@zereight/mcp-gitlab/package.json");
  const { bin } = require(manifest);
  return join(dirname(manifest), typeof bin === "string" ? bin : bin["mcp-gitlab"]);
}

// ---- MCP connections -----------------------------------------------------------------

// Starts a stdio server and connects a client. `last` holds the last JSON-RPC response as
// it came off the wire (before the SDK's schema parsing), which is what gets measured.
async function connect(name, command, args, env) {
  const transport = new StdioClientTransport({ command, args, env: { ...process.env, ...env }, stderr: "pipe" });
  const conn = { name, stderr: "", last: null, client: new Client({ name: "token-bench", version: "1.0.0" }) };
  transport.stderr.on("data", (chunk) => { conn.stderr += chunk; });
  await conn.client.connect(transport);
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if ("result" in message || "error" in message) conn.last = message;
    deliver?.(message, extra);
  };
  return conn;
}

async function waitFor(conn, pattern, ms = 15000) {
  const start = Date.now();
  while (Date.now() - start < ms) {
    const match = conn.stderr.match(pattern);
    if (match) return match;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${conn.name}: no line matching ${pattern} on stderr; it said:\n${conn.stderr}`);
}

const bytes = (value) => Buffer.byteLength(typeof value === "string" ? value : JSON.stringify(value), "utf8");

async function toolsListBytes(conn) {
  conn.last = null;
  const { tools } = await conn.client.listTools();
  // What a client passes on to the model: each tool's name, description and input schema
  // (output schemas and hints are for the client).
  const forModel = conn.last.result.tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
  return { tools: tools.length, bytes: bytes(conn.last.result), model_bytes: bytes(forModel) };
}

// Calls a tool and measures its answer; a JSON-RPC error counts as a tool error too.
async function call(conn, tool, args) {
  conn.last = null;
  try {
    await conn.client.callTool({ name: tool, arguments: args });
  } catch (error) {
    if (!conn.last?.error) throw error;
  }
  const result = conn.last.result ?? { content: [{ type: "text", text: JSON.stringify(conn.last.error) }], isError: true };
  const text = (result.content ?? []).map((c) => c.text ?? "").join("\n");
  const textBytes = (result.content ?? []).reduce((n, c) => n + bytes(c.text ?? ""), 0);
  const fullBytes = bytes({ content: result.content, structuredContent: result.structuredContent });
  return { text, textBytes, fullBytes, isError: result.isError === true };
}

// ---- facts, read straight from the sandbox's REST API -------------------------------

function restClient(base) {
  return async (path, raw = false) => {
    const response = await fetch(new URL(`api/v4/${path}`, base), { headers: { "PRIVATE-TOKEN": "x" } });
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return raw ? response.text() : response.json();
  };
}

// A CI log as a person sees it: no section markers, no ANSI colours.
const plainLog = (log) => log.replace(/section_(start|end):\d+:[^\r\n]*\r/g, "").replace(/\x1b\[[0-9;]*[A-Za-z]/g, "");
const lines = (text) => text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
const firstLine = (text, max = 80) => lines(text)[0]?.slice(0, max) ?? "";

async function readFacts(get) {
  const project = await get("projects/1");
  const openMrs = await get("projects/1/merge_requests?state=opened");
  const mr = await get("projects/1/merge_requests/1");
  const diffs = await get("projects/1/merge_requests/1/diffs");
  const discussions = await get("projects/1/merge_requests/1/discussions");
  const pipelines = await get("projects/1/pipelines");
  // The job: the failed job of the newest failed pipeline (else any job of the newest pipeline).
  const pipeline = pipelines.find((p) => p.status === "failed") ?? pipelines[0];
  const pipelineJobs = await get(`projects/1/pipelines/${pipeline.id}/jobs`);
  const job = pipelineJobs.find((j) => j.status === "failed") ?? pipelineJobs[0];
  const log = lines(plainLog(await get(`projects/1/jobs/${job.id}/trace`, true)));
  const readme = await get(`projects/1/repository/files/README.md/raw?ref=${project.default_branch}`, true);
  const issues = await get("projects/1/issues?state=opened");
  const branches = await get("projects/1/repository/branches");
  const commits = await get("projects/1/repository/commits");
  const added = (diff) => diff.split("\n").find((l) => l.startsWith("+") && !l.startsWith("+++"))?.slice(1).trim();
  return {
    job,
    pipeline,
    facts: {
      mr_list_open: openMrs.flatMap((m) => [m.title, m.source_branch, m.author.username]),
      mr_get: [mr.title, mr.source_branch, mr.target_branch, mr.author.username, mr.detailed_merge_status,
        ...(mr.head_pipeline ? [mr.head_pipeline.status] : [])],
      mr_diffs: diffs.flatMap((d) => [d.new_path, added(d.diff)]).filter(Boolean),
      mr_discussions: discussions.flatMap((d) => d.notes.flatMap((n) => [n.author.username, firstLine(n.body)])),
      job_log: [log.at(-1), ...log.filter((l) => /panicked at/.test(l)).slice(0, 1)],
      pipeline_jobs: pipelineJobs.flatMap((j) => [j.name, j.status]),
      pipeline_list: pipelines.flatMap((p) => [p.sha, p.ref, p.status]),
      file_get: [lines(readme)[0], lines(readme).at(-1)],
      issue_list: issues.flatMap((i) => [i.title, i.author.username]),
      project_get: [project.path_with_namespace, project.default_branch, project.visibility],
      branch_list: branches.map((b) => b.name),
      commit_list: [commits[0].id, ...commits.map((c) => c.title)],
    },
  };
}

// Is the fact in the answer? Either as is or JSON-escaped (an answer may be JSON text), after
// dropping ANSI colour codes (a model reads through them).
function contains(text, fact) {
  const plain = text.replace(/(\x1b|\\u001[bB])\[[0-9;]*[A-Za-z]/g, "");
  return plain.includes(fact) || plain.includes(JSON.stringify(fact).slice(1, -1));
}

// ---- the tasks -------------------------------------------------------------------------

// Each task: [id, what it asks, our action and params, the peer's tool and arguments].
function tasks({ job, pipeline }) {
  const p = { project_id: PROJECT };
  const mr = { ...p, merge_request_iid: 1 };
  return [
    ["mr_list_open", "open merge requests", ["merge_request.list", { ...p, state: "opened" }], ["list_merge_requests", { ...p, state: "opened" }]],
    ["mr_get", "merge request !1", ["merge_request.get", mr], ["get_merge_request", mr]],
    ["mr_diffs", "!1's changes", ["merge_request.diff_list", mr], ["get_merge_request_diffs", mr]],
    ["mr_discussions", "!1's discussions", ["merge_request.discussion_list", mr], ["mr_discussions", mr]],
    ["job_log", `job ${job.id} (${job.name}) log`, ["job.log", { ...p, job_id: job.id }], ["get_pipeline_job_output", { ...p, job_id: String(job.id) }]],
    ["pipeline_jobs", `pipeline ${pipeline.id}'s jobs`, ["pipeline.job_list", { ...p, pipeline_id: pipeline.id }], ["list_pipeline_jobs", { ...p, pipeline_id: String(pipeline.id) }]],
    ["pipeline_list", "pipelines", ["pipeline.list", p], ["list_pipelines", p]],
    ["file_get", "README.md at main", ["file.get", { ...p, file_path: "README.md", ref: "main" }], ["get_file_contents", { ...p, file_path: "README.md", ref: "main" }]],
    // The peer lists only the issues the user created unless told scope "all".
    ["issue_list", "open issues", ["issue.list", { ...p, state: "opened" }], ["list_issues", { ...p, state: "opened", scope: "all" }]],
    ["project_get", "the project", ["project.get", p], ["get_project", p]],
    ["branch_list", "branches", ["branch.list", p], ["list_branches", p]],
    ["commit_list", "commits", ["commit.list", p], ["list_commits", p]],
  ];
}

// ---- output ------------------------------------------------------------------------------

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

// ---- main ----------------------------------------------------------------------------------

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const bin = ourBinary();
  const conns = [];
  const failures = [];
  try {
    const ours = await connect("ours", bin, ["--sandbox"], { GITLAB_MCP_TOOL_SURFACE: "dynamic" });
    conns.push(ours);
    const [, base] = await waitFor(ours, /sandbox GitLab at (http:\/\/\S+\/)/);
    const peer = await connect("peer", process.execPath, [peerEntryPoint()], {
      GITLAB_API_URL: new URL("api/v4", base).href,
      GITLAB_PERSONAL_ACCESS_TOKEN: "sandbox-accepts-any-token",
      GITLAB_TOOLSETS: "all",
      GITLAB_DISABLE_VERSION_CHECK: "true",
    });
    conns.push(peer);

    // tools/list per surface; meta and individual each start a server of their own.
    const surfaces = { dynamic: await toolsListBytes(ours) };
    for (const surface of ["meta", "individual"]) {
      const other = await connect(surface, bin, ["--sandbox"], { GITLAB_MCP_TOOL_SURFACE: surface });
      conns.push(other);
      surfaces[surface] = await toolsListBytes(other);
      await other.client.close();
    }
    surfaces.peer = await toolsListBytes(peer);

    const { facts, ...picked } = await readFacts(restClient(base));
    const results = [];
    for (const [id, what, [action, params], [peerTool, peerArgs]] of tasks(picked)) {
      const row = { id, what, action, peer_tool: peerTool };
      for (const [side, answer] of [
        ["ours", await call(ours, "gitlab_execute_action", { action, params })],
        ["peer", await call(peer, peerTool, peerArgs)],
      ]) {
        const missing = facts[id].filter((f) => !contains(answer.text, f));
        row[side] = { text_bytes: answer.textBytes, full_bytes: answer.fullBytes, error: answer.isError, missing };
        if (answer.isError) failures.push(`${side} ${id}: tool error: ${answer.text.slice(0, 300)}`);
        for (const fact of missing) failures.push(`${side} ${id}: FAIL missing fact ${JSON.stringify(fact)}`);
        if (opts.dump) {
          mkdirSync(opts.dump, { recursive: true });
          writeFileSync(join(opts.dump, `${id}.${side}.txt`), answer.text);
        }
      }
      row.ratio = row.ours.text_bytes / row.peer.text_bytes;
      results.push(row);
    }

    const finds = [];
    for (const query of FIND_QUERIES) {
      const answer = await call(ours, "gitlab_find_action", { query });
      if (answer.isError) failures.push(`ours find_action ${JSON.stringify(query)}: tool error: ${answer.text.slice(0, 300)}`);
      finds.push({ query, text_bytes: answer.textBytes, full_bytes: answer.fullBytes });
    }

    // One question end to end, as a model would ask it: "why did the last pipeline on main
    // fail?". Ours: find the action, run it without a project (under --sandbox the default
    // project is the demo). The peer: the latest pipeline of main, its failed jobs, a log.
    const question = { ours: { calls: 0, text_bytes: 0 }, peer: { calls: 0, text_bytes: 0 } };
    const ask = async (side, conn, tool, args) => {
      const answer = await call(conn, tool, args);
      question[side].calls += 1;
      question[side].text_bytes += answer.textBytes;
      if (answer.isError) failures.push(`${side} question: ${tool}: tool error: ${answer.text.slice(0, 300)}`);
      return answer;
    };
    const found = await ask("ours", ours, "gitlab_find_action", { query: "why did the last pipeline on main fail" });
    const top = JSON.parse(found.text).actions?.[0]?.id;
    const why = await ask("ours", ours, "gitlab_execute_action", { action: top, params: { ref: "main" } });
    const whyFacts = [picked.job.name, ...facts.job_log.slice(1)];
    for (const fact of whyFacts.filter((f) => !contains(why.text, f))) failures.push(`ours question: FAIL missing fact ${JSON.stringify(fact)}`);
    const latest = await ask("peer", peer, "list_pipelines", { project_id: PROJECT, ref: "main", per_page: 1 });
    const latestId = String(JSON.parse(latest.text)[0]?.id ?? picked.pipeline.id);
    await ask("peer", peer, "list_pipeline_jobs", { project_id: PROJECT, pipeline_id: latestId, scope: "failed" });
    await ask("peer", peer, "get_pipeline_job_output", { project_id: PROJECT, job_id: String(picked.job.id) });

    const status = (r) => (r.error ? "ERROR" : r.missing.length ? `FAIL ${r.missing.length}` : "ok");
    console.log(`Same sandbox GitLab at ${base} — ours: ${bin}; peer: @zereight/mcp-gitlab (GITLAB_TOOLSETS=all)\n`);
    console.log(table(
      ["task", "ours text", "ours full", "peer text", "peer full", "ours/peer", "ours facts", "peer facts"],
      results.map((r) => [r.id, r.ours.text_bytes, r.ours.full_bytes, r.peer.text_bytes, r.peer.full_bytes,
        r.ratio.toFixed(2), status(r.ours), status(r.peer)]),
    ));
    const med = median(results.map((r) => r.ratio));
    const sum = (side, key) => results.reduce((n, r) => n + r[side][key], 0);
    console.log(`\ntotal text bytes: ours ${sum("ours", "text_bytes")}, peer ${sum("peer", "text_bytes")}; median ratio ours/peer (text): ${med.toFixed(2)}\n`);
    console.log(table(["tools/list", "tools", "bytes", "bytes/tool", "model bytes/tool"],
      Object.entries(surfaces).map(([s, v]) => [s === "peer" ? "peer (all toolsets)" : `ours ${s}`, v.tools, v.bytes,
        Math.round(v.bytes / v.tools), Math.round(v.model_bytes / v.tools)])));
    console.log("");
    console.log(table(["\"why did the last pipeline on main fail?\"", "calls", "text bytes"],
      ["ours", "peer"].map((side) => [side, question[side].calls, question[side].text_bytes])));
    console.log("");
    console.log(table(["gitlab_find_action query", "text bytes", "full bytes"], finds.map((f) => [JSON.stringify(f.query), f.text_bytes, f.full_bytes])));
    if (failures.length) console.log(`\n${failures.join("\n")}`);

    if (opts.json) {
      const report = { sandbox: base, binary: bin, tasks: results, median_ratio: med, tools_list: surfaces, find_action: finds, question, facts };
      writeFileSync(opts.json, `${JSON.stringify(report, null, 2)}\n`);
    }
    const oursFailed = failures.some((f) => f.startsWith("ours "));
    if (oursFailed) console.log("\nour server failed a task: exit 1");
    return oursFailed ? 1 : 0;
  } finally {
    for (const conn of conns) await conn.client.close().catch(() => {});
  }
}

main().then((code) => { process.exitCode = code; }, (error) => {
  console.error(error?.stack ?? error);
  process.exitCode = 1;
});
