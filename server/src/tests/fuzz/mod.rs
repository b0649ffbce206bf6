//! Fuzz targets for what parses untrusted input, as property tests that run on stable
//! Rust: each target (a test in `tests/fuzz/`) generates inputs — arbitrary bytes and
//! values, and mutations of genuine ones — feeds them to the real parser, and checks that
//! it neither panics nor answers outside its contract: every input is either accepted or
//! refused with an error that says why. This library is the harness and the generators.
//!
//! | target | what it feeds |
//! |---|---|
//! | `request_state` | the four wizards' MRTR rounds: forged, mutated and genuine `requestState`s with arbitrary `inputResponses` |
//! | `answers` | answer validation of every question kind, with arbitrary bounds and content |
//! | `wizard_question_answers` | answer validation of every question of the catalog's wizards |
//! | `flat_forms` | flat form schemas and the content checked against them |
//! | `summary_escaping` | summary value escaping and truncation |
//! | `action_arguments` | every catalog action's argument parsing, through each of the three tool surfaces |
//! | `allowed_projects` | any value in any project parameter of any action, against the project allow list: refused, or canonical and checked as sent |
//! | `jsonrpc_messages` | one JSON-RPC message as a stdio line or HTTP body: bytes, mutated messages, messages of arbitrary fields |
//! | `stdio_lines` | the stdio transport: streams of such lines cut into arbitrary chunks |
//!
//! `FUZZ_CASES` sets the inputs per target (10,000 unless set: what `cargo test
//! --workspace`, and so CI, runs); `FUZZ_SEED` fixes the random seed. A million per
//! target, not in CI (see the README's "Fuzzing"):
//!
//! ```sh
//! FUZZ_CASES=1000000 cargo test --release -p gitlab-mcp-server --lib tests::fuzz -- --nocapture
//! ```
//!
//! A failure prints the smallest failing input proptest could shrink it to.

mod action_arguments;
mod allowed_projects;
mod answers;
pub mod inputs;
mod jsonrpc;
mod request_state;
mod summary_escaping;

use std::sync::atomic::{AtomicU64, Ordering};

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};

/// What a parser did with one input.
pub enum Verdict {
    Accepted,
    /// Refused, with the error's text (never empty).
    Refused(String),
}

/// Runs `check` on `FUZZ_CASES` inputs from `inputs`; fails on a panic, on an error
/// `check` reports, or on a refusal without a text, with the smallest failing input.
/// Prints how many inputs ran.
pub fn fuzz<S: Strategy>(
    target: &str,
    inputs: S,
    check: impl Fn(S::Value) -> Result<Verdict, TestCaseError>,
) {
    let mut config = Config::with_cases(setting("FUZZ_CASES").unwrap_or(10_000));
    config.failure_persistence = None;
    config.max_shrink_iters = 20_000;
    if let Some(seed) = setting("FUZZ_SEED") {
        config.rng_seed = RngSeed::Fixed(seed);
    }
    let (accepted, refused) = (AtomicU64::new(0), AtomicU64::new(0));
    let mut runner = TestRunner::new(config);
    let started = std::time::Instant::now();
    let result = runner.run(&inputs, |input| {
        match check(input)? {
            Verdict::Accepted => accepted.fetch_add(1, Ordering::Relaxed),
            Verdict::Refused(why) if why.trim().is_empty() => {
                return Err(TestCaseError::fail("refused without saying why"));
            }
            Verdict::Refused(_) => refused.fetch_add(1, Ordering::Relaxed),
        };
        Ok(())
    });
    if let Err(failure) = result {
        panic!("fuzz {target}: {failure}");
    }
    let (accepted, refused) = (accepted.into_inner(), refused.into_inner());
    eprintln!(
        "fuzz {target}: {} inputs in {:.1} s, {accepted} accepted, {refused} refused with an \
         error, 0 panics",
        accepted + refused,
        started.elapsed().as_secs_f64()
    );
}

/// A number from the environment; a value that is not one stops the run rather than
/// silently running the default.
fn setting<N: std::str::FromStr>(variable: &str) -> Option<N> {
    let raw = std::env::var(variable).ok()?;
    match raw.trim().parse() {
        Ok(value) => Some(value),
        Err(_) => panic!("{variable}={raw:?} is not a number"),
    }
}

/// Fails the case with `message` unless `condition` holds.
macro_rules! ensure {
    ($condition:expr, $($message:tt)+) => {
        {
            let holds: bool = $condition;
            if !holds {
                return Err(proptest::test_runner::TestCaseError::fail(format!($($message)+)));
            }
        }
    };
}
pub(crate) use ensure;
