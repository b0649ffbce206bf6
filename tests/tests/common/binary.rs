//! The server binary under test. It belongs to another package of the workspace, so cargo
//! does not hand its path to these tests (`CARGO_BIN_EXE_*` covers only the package's own
//! binaries); it is built once per test binary with the same cargo and profile, and cargo
//! reports where it put it (that follows `CARGO_TARGET_DIR` like any other build).
//! `GITLAB_MCP_SERVER_BIN` names a prebuilt binary instead (e.g. a release build).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde_json::Value;

const PACKAGE: &str = "gitlab-mcp-server";

/// The built `gitlab-mcp-server`; the first caller builds it (a no-op when fresh).
pub fn server_binary() -> &'static Path {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| match std::env::var_os("GITLAB_MCP_SERVER_BIN") {
        Some(prebuilt) => PathBuf::from(prebuilt),
        None => build(),
    })
}

fn build() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.toml");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .arg("build")
        .arg("--manifest-path")
        .arg(&manifest)
        .args(["-p", PACKAGE, "--bin", PACKAGE])
        // Diagnostics stay in the JSON stream: shown only when the build fails.
        .arg("--message-format=json")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if !cfg!(debug_assertions) {
        command.arg("--release");
    }
    let output = command
        .output()
        .unwrap_or_else(|error| panic!("could not run cargo to build {PACKAGE}: {error}"));
    let messages: Vec<Value> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect();
    if !output.status.success() {
        let errors: Vec<&str> = messages
            .iter()
            .filter(|message| message["message"]["level"] == "error")
            .filter_map(|message| message["message"]["rendered"].as_str())
            .collect();
        panic!(
            "cargo build -p {PACKAGE} failed ({}):\n{}\n{}",
            output.status,
            errors.join("\n"),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    messages
        .iter()
        .filter(|message| message["reason"] == "compiler-artifact")
        .filter(|message| message["target"]["name"] == PACKAGE)
        .find_map(|message| message["executable"].as_str().map(PathBuf::from))
        .unwrap_or_else(|| panic!("cargo built {PACKAGE} but reported no executable for it"))
}
