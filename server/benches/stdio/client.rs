//! The client: one child process on pipes, one JSON-RPC line out and one line back per
//! round, timed from before the write to the end of the answer's line. Blocking std I/O
//! on one thread, so the client adds as little as it can to either side.

use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdin, ChildStdout, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::echo;

const TOOL: &str = "gitlab_interactive_issue_create";
const MRTR: &str = "2026-07-28";

/// The tool surface the server is started with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    /// What a server started without settings lists: `gitlab_find_action` and
    /// `gitlab_execute_action`.
    Default,
    /// A tool per action: the wizard and the read are called by their own names.
    Individual,
}

impl Surface {
    pub const ALL: [Surface; 2] = [Surface::Default, Surface::Individual];

    pub fn name(self) -> &'static str {
        match self {
            Surface::Default => "default surface",
            Surface::Individual => "individual surface",
        }
    }

    fn flag(self) -> &'static str {
        match self {
            Surface::Default => "dynamic",
            Surface::Individual => "individual",
        }
    }

    /// The read action, `project.get` of the sandbox's project, as a call on this surface.
    fn read(self) -> (&'static str, Value) {
        match self {
            Surface::Default => (
                "gitlab_execute_action",
                json!({"action": "project.get", "params": {"project_id": 1}}),
            ),
            Surface::Individual => ("gitlab_project_get", json!({"project_id": 1})),
        }
    }
}

/// The issue wizard's questions, in order, and the answer given to each.
const ANSWERS: [(&str, &str); 5] = [
    ("title", r#"{"title":"Login fails behind the balancer"}"#),
    (
        "description",
        r#"{"description":"Rounds alternate between replicas."}"#,
    ),
    ("labels", r#"{"labels":"bug, scale"}"#),
    ("confidential", r#"{"confirmed":true}"#),
    ("confirm", r#"{"confirmed":true}"#),
];

/// Rounds per wizard and read: the first call, four question rounds, the final round,
/// the read.
pub const ROUNDS_PER_WIZARD: usize = ANSWERS.len() + 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Answer one question, get the next.
    Question,
    /// The last answer; the server creates the issue in GitLab.
    Final,
    /// A read tool: one GET.
    Read,
    /// A round with the zero-work echo.
    Echo,
}

pub const KINDS: [Kind; 4] = [Kind::Question, Kind::Final, Kind::Read, Kind::Echo];

/// Microseconds per round, by kind (the wizard's first call is not counted: it is neither
/// an answer nor a read).
#[derive(Default)]
pub struct Samples {
    rounds: Vec<(Kind, u32)>,
}

impl Samples {
    fn push(&mut self, kind: Kind, took: Duration) {
        let micros = u32::try_from(took.as_micros()).unwrap_or(u32::MAX);
        self.rounds.push((kind, micros));
    }

    /// The sorted samples of `kind`.
    pub fn of(&self, kind: Kind) -> Vec<u32> {
        let mut of: Vec<u32> = self
            .rounds
            .iter()
            .filter(|(k, _)| *k == kind)
            .map(|(_, micros)| *micros)
            .collect();
        of.sort_unstable();
        of
    }
}

pub struct Child {
    process: std::process::Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    line: String,
    next_id: u64,
    surface: Surface,
}

impl Child {
    /// The release server on the GitLab at `gitlab_url` (the sandbox, served by this
    /// process as a real GitLab is by another machine), logging at its default level to a
    /// pipe this process drains (as an MCP host keeps a server's stderr).
    pub fn server(gitlab_url: &str, surface: Surface) -> Result<Child, String> {
        // `STDIO_BENCH_SERVER` names another build to measure (a before and an after).
        let binary = std::env::var_os("STDIO_BENCH_SERVER")
            .unwrap_or_else(|| env!("CARGO_BIN_EXE_gitlab-mcp-server").into());
        let mut command = Command::new(binary);
        command
            .env_clear()
            .env("GITLAB_URL", gitlab_url)
            .env("GITLAB_TOKEN", "glpat-stdio-bench")
            .args(["--tool-surface", surface.flag()]);
        Child::spawn(command, surface)
    }

    /// This bench's binary as the zero-work echo.
    pub fn echo() -> Result<Child, String> {
        let me = std::env::current_exe().map_err(|e| format!("no path to the bench: {e}"))?;
        let mut command = Command::new(me);
        command.env_clear().env(echo::VARIABLE, "1");
        // The echo answers any line the same way: the surface only names the calls.
        Child::spawn(command, Surface::Individual)
    }

    fn spawn(mut command: Command, surface: Surface) -> Result<Child, String> {
        let mut process = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("could not start {command:?}: {e}"))?;
        let stderr = process.stderr.take().ok_or("stderr is not piped")?;
        thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                // Echo warnings and errors: a failing run says why.
                if line.contains(" WARN ") || line.contains(" ERROR ") {
                    eprintln!("server: {line}");
                }
            }
        });
        Ok(Child {
            input: process.stdin.take().ok_or("stdin is not piped")?,
            output: BufReader::new(process.stdout.take().ok_or("stdout is not piped")?),
            process,
            line: String::new(),
            next_id: 0,
            surface,
        })
    }

    pub fn id(&self) -> u32 {
        self.process.id()
    }

    /// Runs the issue wizard to its end (on the individual surface).
    pub fn wizard(&mut self, samples: &mut Samples) -> Result<(), String> {
        let project = json!({"project_id": 1});
        let (first, _) = self.call(TOOL, &project, None, None)?;
        let mut asked = question(&first)?;
        for (n, (key, answer)) in ANSWERS.iter().enumerate() {
            let (state, asked_key) =
                asked.ok_or_else(|| format!("no question `{key}`: {first}"))?;
            if asked_key != *key {
                return Err(format!("asked `{asked_key}` where `{key}` was expected"));
            }
            let responses = format!(r#"{{"{key}":{{"action":"accept","content":{answer}}}}}"#);
            let (reply, took) = self.call(TOOL, &project, Some(&responses), Some(&state))?;
            let last = n + 1 == ANSWERS.len();
            samples.push(if last { Kind::Final } else { Kind::Question }, took);
            asked = question(&reply)?;
            if last && (asked.is_some() || reply["result"]["isError"] == json!(true)) {
                return Err(format!("the wizard did not create the issue: {reply}"));
            }
        }
        Ok(())
    }

    /// One read action.
    pub fn read(&mut self, samples: &mut Samples) -> Result<(), String> {
        let (tool, arguments) = self.surface.read();
        let (reply, took) = self.call(tool, &arguments, None, None)?;
        if reply.get("error").is_some() || reply["result"]["isError"] == json!(true) {
            return Err(format!("the read failed: {reply}"));
        }
        samples.push(Kind::Read, took);
        Ok(())
    }

    /// `tools/list`, what a host asks first: how long the answer took.
    pub fn list_tools(&mut self) -> Result<Duration, String> {
        let id = self.next_id;
        self.next_id += 1;
        let meta = json!({
            "io.modelcontextprotocol/protocolVersion": MRTR,
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {"name": "stdio-bench", "version": "0"},
        });
        let line =
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/list", "params": {"_meta": meta}});
        let took = self.round(&format!("{line}\n"))?;
        if !self.line.contains("\"tools\"") {
            return Err(format!("no tools listed: {}", self.line));
        }
        Ok(took)
    }

    /// One round with the echo: a line of a question round's size out, its line back.
    pub fn echo_round(&mut self, samples: &mut Samples) -> Result<(), String> {
        let state = "s".repeat(400);
        let line = request(
            self.next_id,
            TOOL,
            &json!({"project_id": 1}),
            Some(r#"{"title":{"action":"accept","content":{"title":"x"}}}"#),
            Some(&state),
        );
        self.next_id += 1;
        let took = self.round(&line)?;
        samples.push(Kind::Echo, took);
        Ok(())
    }

    /// One `tools/call`: its answer and how long it took.
    fn call(
        &mut self,
        tool: &str,
        arguments: &Value,
        responses: Option<&str>,
        state: Option<&str>,
    ) -> Result<(Value, Duration), String> {
        let id = self.next_id;
        self.next_id += 1;
        let took = self.round(&request(id, tool, arguments, responses, state))?;
        let reply: Value = serde_json::from_str(&self.line)
            .map_err(|e| format!("the answer is not JSON ({e}): {}", self.line))?;
        if reply["id"] != json!(id) {
            return Err(format!("expected the answer to {id}: {reply}"));
        }
        Ok((reply, took))
    }

    /// Writes `line` and reads one line back into `self.line`.
    fn round(&mut self, line: &str) -> Result<Duration, String> {
        self.line.clear();
        let began = Instant::now();
        self.input
            .write_all(line.as_bytes())
            .map_err(|e| format!("writing to the child: {e}"))?;
        let read = self
            .output
            .read_line(&mut self.line)
            .map_err(|e| format!("reading from the child: {e}"))?;
        let took = began.elapsed();
        if read == 0 {
            return Err("the child closed its stdout".to_owned());
        }
        Ok(took)
    }

    /// Closes stdin and waits for a clean exit.
    pub fn stop(mut self) -> Result<(), String> {
        drop(self.input);
        let status = self.process.wait().map_err(|e| e.to_string())?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("the child exited with {status}"))
        }
    }
}

/// A 2026-07-28 `tools/call` line: version and capabilities in `_meta`.
fn request(
    id: u64,
    tool: &str,
    arguments: &Value,
    responses: Option<&str>,
    state: Option<&str>,
) -> String {
    let mut params = json!({
        "name": tool,
        "arguments": arguments,
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": MRTR,
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
            "io.modelcontextprotocol/clientInfo": {"name": "stdio-bench", "version": "0"},
        },
    });
    if let Some(responses) = responses {
        params["inputResponses"] = serde_json::from_str(responses).expect("answers are JSON");
    }
    if let Some(state) = state {
        params["requestState"] = json!(state);
    }
    let mut line =
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params}).to_string();
    line.push('\n');
    line
}

/// The question of an `input_required` result (its state and key); `None` for a result
/// that asks nothing.
fn question(reply: &Value) -> Result<Option<(String, String)>, String> {
    let result = reply
        .get("result")
        .ok_or_else(|| format!("no result: {reply}"))?;
    if result["resultType"] != json!("input_required") {
        return Ok(None);
    }
    let key = result["inputRequests"]
        .as_object()
        .and_then(|requests| requests.keys().next())
        .ok_or_else(|| format!("input_required without a question: {reply}"))?;
    let state = result["requestState"]
        .as_str()
        .ok_or_else(|| format!("input_required without requestState: {reply}"))?;
    Ok(Some((state.to_owned(), key.clone())))
}
