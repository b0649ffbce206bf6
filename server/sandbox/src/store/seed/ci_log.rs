//! Job logs as a GitLab runner writes them: the runner's preamble, collapsible sections
//! (`section_start:<unix time>:<name>\r\e[0K` … `section_end:…`), ANSI colours, and the
//! script's own output (cargo's, here).

/// Cargo's dependency tree for the demo crate (its one dev-dependency is `proptest`).
const CRATES: &[(&str, &str)] = &[
    ("autocfg", "1.4.0"),
    ("libc", "0.2.172"),
    ("cfg-if", "1.0.0"),
    ("bitflags", "2.9.1"),
    ("num-traits", "0.2.19"),
    ("byteorder", "1.5.0"),
    ("zerocopy", "0.8.25"),
    ("ppv-lite86", "0.2.21"),
    ("getrandom", "0.3.3"),
    ("rand_core", "0.9.3"),
    ("rand_chacha", "0.9.0"),
    ("rand", "0.9.1"),
    ("rand_xorshift", "0.4.0"),
    ("regex-syntax", "0.8.5"),
    ("lazy_static", "1.5.0"),
    ("fnv", "1.0.7"),
    ("quick-error", "1.2.3"),
    ("fastrand", "2.3.0"),
    ("linux-raw-sys", "0.9.4"),
    ("rustix", "1.0.7"),
    ("once_cell", "1.21.3"),
    ("tempfile", "3.20.0"),
    ("wait-timeout", "0.2.1"),
    ("bit-vec", "0.8.0"),
    ("bit-set", "0.8.0"),
    ("unarray", "0.1.4"),
    ("rusty-fork", "0.3.0"),
    ("proptest", "1.7.0"),
    ("unicode-ident", "1.0.18"),
    ("proc-macro2", "1.0.95"),
    ("quote", "1.0.40"),
    ("syn", "2.0.101"),
    ("memchr", "2.7.4"),
    ("aho-corasick", "1.1.3"),
    ("regex-automata", "0.4.9"),
    ("regex", "1.11.1"),
    ("serde", "1.0.219"),
    ("serde_derive", "1.0.219"),
    ("log", "0.4.27"),
    ("same-file", "1.0.6"),
    ("walkdir", "2.5.0"),
    ("bstr", "1.12.0"),
    ("globset", "0.4.16"),
    ("unicode-width", "0.2.0"),
    ("encode_unicode", "1.0.0"),
    ("console", "0.15.11"),
    ("similar", "2.7.0"),
    ("pin-project-lite", "0.2.16"),
    ("thiserror-impl", "2.0.12"),
    ("thiserror", "2.0.12"),
    ("ucd-trie", "0.1.7"),
    ("pest", "2.8.0"),
    ("pest_meta", "2.8.0"),
    ("pest_generator", "2.8.0"),
    ("pest_derive", "2.8.0"),
    ("insta", "1.43.1"),
];

/// Unit tests of `src/` and the integration tests of `tests/tokenizer.rs`.
pub(super) const UNIT_TESTS: &[&str] = &["tokenizer::tests::empty_text_has_no_tokens"];
pub(super) const INTEGRATION_TESTS: &[&str] = &[
    "splits_a_sentence",
    "splits_words_and_punctuation",
    "whitespace_only_has_no_tokens",
];

const RESET: &str = "\x1b[0;m";

struct Log {
    text: String,
    clock: u64,
    project_path: String,
}

impl Log {
    /// The runner's preamble and the source checkout, up to the job script.
    fn start(start: u64, project_path: &str, ref_name: &str, short_sha: &str) -> Log {
        let mut log = Log {
            text: String::new(),
            clock: start,
            project_path: project_path.to_owned(),
        };
        log.line(&format!(
            "\x1b[0KRunning with gitlab-runner 17.11.1 (96856197){RESET}"
        ));
        log.line(&format!(
            "\x1b[0K  on sandbox-runner t1_Xk9Qz2, system ID: s_4f0e21b7a3c9{RESET}"
        ));
        log.section("prepare_executor", "Preparing the \"docker\" executor", 4, &[
            format!("\x1b[0KUsing Docker executor with image rust:1.88 ...{RESET}"),
            format!("\x1b[0KPulling docker image rust:1.88 ...{RESET}"),
            format!("\x1b[0KUsing docker image sha256:6e0b3c1f9f0e for rust:1.88 with digest rust@sha256:2f0b9a44c1e3 ...{RESET}"),
        ]);
        log.section(
            "prepare_script",
            "Preparing environment",
            1,
            &[
                "Running on runner-t1xk9qz2-project-1-concurrent-0 via sandbox-runner..."
                    .to_owned(),
            ],
        );
        let project = log.project_path.clone();
        log.section("get_sources", "Getting source from Git repository", 2, &[
            format!("\x1b[32;1mFetching changes with git depth set to 20...{RESET}"),
            format!("Initialized empty Git repository in /builds/{project}/.git/"),
            format!("\x1b[32;1mCreated fresh repository.{RESET}"),
            format!("\x1b[32;1mChecking out {short_sha} as detached HEAD (ref is {ref_name})...{RESET}"),
            String::new(),
            format!("\x1b[32;1mSkipping Git submodules setup{RESET}"),
        ]);
        log.open(
            "step_script",
            "Executing \"step_script\" stage of the job script",
        );
        log.line(&format!("\x1b[0KUsing docker image sha256:6e0b3c1f9f0e for rust:1.88 with digest rust@sha256:2f0b9a44c1e3 ...{RESET}"));
        log
    }

    fn line(&mut self, line: &str) {
        self.text.push_str(line);
        self.text.push('\n');
    }

    fn open(&mut self, name: &str, title: &str) {
        let at = self.clock;
        self.line(&format!(
            "section_start:{at}:{name}\r\x1b[0K\x1b[0K\x1b[36;1m{title}{RESET}{RESET}"
        ));
    }

    fn close(&mut self, name: &str, seconds: u64) {
        self.clock += seconds;
        let at = self.clock;
        self.text
            .push_str(&format!("section_end:{at}:{name}\r\x1b[0K\n"));
    }

    fn section(&mut self, name: &str, title: &str, seconds: u64, lines: &[String]) {
        self.open(name, title);
        for line in lines {
            self.line(line);
        }
        self.close(name, seconds);
    }

    fn command(&mut self, command: &str) {
        self.line(&format!("\x1b[32;1m$ {command}{RESET}"));
    }

    /// Cargo fetching and compiling the dependencies, then the crate itself.
    fn compile(&mut self, profile: &str, seconds: &str) {
        self.line("\x1b[1m\x1b[92m    Updating\x1b[0m crates.io index");
        self.line("\x1b[1m\x1b[92m Downloading\x1b[0m crates ...");
        for (name, version) in CRATES {
            self.line(&format!(
                "\x1b[1m\x1b[92m  Downloaded\x1b[0m {name} v{version}"
            ));
        }
        let deps = if profile == "test" { CRATES } else { &[] };
        for (name, version) in deps {
            self.line(&format!(
                "\x1b[1m\x1b[92m   Compiling\x1b[0m {name} v{version}"
            ));
        }
        let project = self.project_path.clone();
        self.line(&format!(
            "\x1b[1m\x1b[92m   Compiling\x1b[0m sandbox v1.0.0 (/builds/{project})"
        ));
        self.line(&format!("\x1b[1m\x1b[92m    Finished\x1b[0m `{profile}` profile [unoptimized + debuginfo] target(s) in {seconds}s"));
    }

    /// The end of every job: cleanup, then the verdict.
    fn finish(mut self, outcome: Result<(), u8>) -> String {
        self.close("step_script", 47);
        self.section(
            "cleanup_file_variables",
            "Cleaning up project directory and file based variables",
            1,
            &[],
        );
        match outcome {
            Ok(()) => self.line(&format!("\x1b[32;1mJob succeeded{RESET}")),
            Err(code) => self.line(&format!(
                "\x1b[31;1mERROR: Job failed: exit code {code}\n{RESET}"
            )),
        }
        self.text
    }
}

fn ok(name: &str) -> String {
    format!("test {name} ... \x1b[32mok\x1b[0m")
}

pub(crate) fn build(start: u64, project_path: &str, ref_name: &str, short_sha: &str) -> String {
    let mut log = Log::start(start, project_path, ref_name, short_sha);
    log.command("cargo build --locked");
    log.compile("dev", "3.84");
    log.finish(Ok(()))
}

pub(crate) fn lint(start: u64, project_path: &str, ref_name: &str, short_sha: &str) -> String {
    let mut log = Log::start(start, project_path, ref_name, short_sha);
    log.command("rustup component add clippy");
    log.line("info: component 'clippy' for target 'x86_64-unknown-linux-gnu' is up to date");
    log.command("cargo clippy --locked -- -D warnings");
    log.line("\x1b[1m\x1b[92m    Checking\x1b[0m sandbox v1.0.0 (/builds/demo/sandbox)");
    log.line("\x1b[1m\x1b[92m    Finished\x1b[0m `dev` profile [unoptimized + debuginfo] target(s) in 1.12s");
    log.finish(Ok(()))
}

/// `cargo test` up to the integration tests, which `failing` decides the end of:
/// `None` while they still run, `Some(false)` when all pass, `Some(true)` when
/// `splits_a_sentence` fails (the tokenizer drops the last word).
fn test_run(log: &mut Log, failing: Option<bool>) {
    log.command("cargo test --locked");
    log.compile("test", "41.27");
    log.line("\x1b[1m\x1b[92m     Running\x1b[0m unittests src/lib.rs (target/debug/deps/sandbox-3f2a1b4c5d6e7f80)");
    log.line("");
    log.line(&format!("running {} test", UNIT_TESTS.len()));
    for name in UNIT_TESTS {
        log.line(&ok(name));
    }
    log.line("");
    log.line("test result: \x1b[32mok\x1b[0m. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s");
    log.line("");
    log.line("\x1b[1m\x1b[92m     Running\x1b[0m tests/tokenizer.rs (target/debug/deps/tokenizer-9a8b7c6d5e4f3a21)");
    log.line("");
    let tests: Vec<&str> = match failing {
        Some(false) => INTEGRATION_TESTS[1..].to_vec(),
        _ => INTEGRATION_TESTS.to_vec(),
    };
    log.line(&format!("running {} tests", tests.len()));
    let Some(failing) = failing else {
        return;
    };
    if !failing {
        for name in &tests {
            log.line(&ok(name));
        }
        log.line("");
        log.line(&format!("test result: \x1b[32mok\x1b[0m. {} passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s", tests.len()));
        log.line("");
        log.line("\x1b[1m\x1b[92m   Doc-tests\x1b[0m sandbox");
        log.line("");
        log.line("running 0 tests");
        log.line("");
        log.line("test result: \x1b[32mok\x1b[0m. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s");
        log.line("");
        return;
    }
    log.line("test splits_a_sentence ... \x1b[31mFAILED\x1b[0m");
    for name in &tests[1..] {
        log.line(&ok(name));
    }
    for line in [
        "",
        "failures:",
        "",
        "---- splits_a_sentence stdout ----",
        "",
        "thread 'splits_a_sentence' panicked at tests/tokenizer.rs:22:5:",
        "assertion `left == right` failed",
        "  left: [Word(\"The\"), Word(\"quick\"), Word(\"brown\")]",
        " right: [Word(\"The\"), Word(\"quick\"), Word(\"brown\"), Word(\"fox\")]",
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
        "",
        "",
        "failures:",
        "    splits_a_sentence",
        "",
        "test result: \x1b[31mFAILED\x1b[0m. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s",
        "",
        "\x1b[1m\x1b[91merror\x1b[0m: test failed, to rerun pass `--test tokenizer`",
    ] {
        log.line(line);
    }
}

pub(crate) fn test_passed(
    start: u64,
    project_path: &str,
    ref_name: &str,
    short_sha: &str,
) -> String {
    let mut log = Log::start(start, project_path, ref_name, short_sha);
    test_run(&mut log, Some(false));
    log.finish(Ok(()))
}

pub(crate) fn test_failed(
    start: u64,
    project_path: &str,
    ref_name: &str,
    short_sha: &str,
) -> String {
    let mut log = Log::start(start, project_path, ref_name, short_sha);
    test_run(&mut log, Some(true));
    log.finish(Err(101))
}

/// A job still running: the log so far, with no end.
pub(crate) fn test_running(
    start: u64,
    project_path: &str,
    ref_name: &str,
    short_sha: &str,
) -> String {
    let mut log = Log::start(start, project_path, ref_name, short_sha);
    test_run(&mut log, None);
    log.text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_failing_log_reads_like_a_real_run() {
        let log = test_failed(1_767_950_700, "demo/sandbox", "main", "1a2b3c4d");
        assert!(log.starts_with("\x1b[0KRunning with gitlab-runner"));
        assert!(log.contains("section_start:1767950700:prepare_executor\r\x1b[0K"));
        assert!(log.contains("Checking out 1a2b3c4d as detached HEAD (ref is main)"));
        assert!(log.contains("assertion `left == right` failed"));
        assert!(log.contains("error\x1b[0m: test failed, to rerun pass `--test tokenizer`"));
        assert!(
            log.trim_end()
                .ends_with("ERROR: Job failed: exit code 101\n\x1b[0;m")
        );
        assert!(log.lines().count() > 150, "{} lines", log.lines().count());
        let running = test_running(1, "demo/sandbox", "fix/tokenizer", "1a2b3c4d");
        assert!(running.trim_end().ends_with("running 3 tests"));
    }
}
