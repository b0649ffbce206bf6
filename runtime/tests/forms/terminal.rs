//! The terminal driver through a pseudo-terminal, typing as a user does: the example's
//! wizards (`examples/rooms`, previewed as `cargo run -p wizard --example rooms -- try …`)
//! run by this test binary itself, started again on a pty with the preview to run.

use std::process::{Command, ExitCode};

use rexpect::session::{PtySession, spawn_command};

/// Set in the process started on the pty: the preview's arguments.
const PREVIEW: &str = "WIZARD_TERMINAL_PREVIEW";

/// Generous: the machine may be loaded by other builds.
const TIMEOUT_MS: u64 = 30_000;

const BACKSPACE: &str = "\x7f";

/// Not a test of its own: in the process the tests start on a pty, it runs the preview
/// and says how it ended.
#[test]
fn preview_on_the_pty() {
    let Ok(args) = std::env::var(PREVIEW) else {
        return;
    };
    let args: Vec<String> = args.split(' ').map(str::to_owned).collect();
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let code = runtime.block_on(crate::preview::preview(&args));
    println!(
        "preview ended: {}",
        if code == ExitCode::SUCCESS {
            "finished"
        } else {
            "not finished"
        }
    );
}

/// This test binary on a pty, running the preview of `args`.
fn preview(args: &str) -> PtySession {
    let mut command = Command::new(std::env::current_exe().expect("the test binary"));
    command
        .args([
            "terminal::preview_on_the_pty",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(PREVIEW, args)
        .env("NO_COLOR", "1");
    spawn_command(command, Some(TIMEOUT_MS)).expect("started on a pty")
}

/// Waits for `text`, then types `keys`.
fn at(session: &mut PtySession, text: &str, keys: &str) {
    session
        .exp_string(text)
        .unwrap_or_else(|error| panic!("waiting for {text:?}: {error}"));
    session.send(keys).expect("typed");
    session.flush().expect("flushed");
}

#[test]
fn a_bad_number_is_asked_again_in_place_with_the_wire_paths_reason() {
    let mut session = preview("book North");
    at(&mut session, "Which room?", "\r");
    at(&mut session, "Which day?", "2026-07-28\r");
    at(&mut session, "How many people attend?", "abc\r");
    at(
        &mut session,
        "`attendees` must be an integer, got `abc`",
        &format!("{}99\r", BACKSPACE.repeat(3)),
    );
    at(
        &mut session,
        "`attendees` must be at most 40, got 99",
        &format!("{}12\r", BACKSPACE.repeat(2)),
    );
    at(&mut session, "Order catering?", "\r");
    at(&mut session, "What is the meeting about?", "\r");
    session
        .exp_string("Book `aurora` in `North` on `2026-07-28`?")
        .expect("the summary");
    at(&mut session, "Attendees: `12`", "y\r");
    session.exp_string("attendees: 12").expect("the booking");
    session
        .exp_string("preview ended: finished")
        .expect("finished");
}

#[test]
fn an_answer_refused_three_times_ends_the_wizard_with_the_reason() {
    let mut session = preview("book North");
    at(&mut session, "Which room?", "\r");
    at(&mut session, "Which day?", "soon\r");
    at(
        &mut session,
        "`soon` is not a day written YYYY-MM-DD.",
        "later\r",
    );
    at(
        &mut session,
        "`later` is not a day written YYYY-MM-DD.",
        "never\r",
    );
    session
        .exp_string(
            "Booking stopped: `never` is not a day written YYYY-MM-DD. The answer to `day` was \
             refused 3 times; nothing was done.",
        )
        .expect("the refusal's text");
    session
        .exp_string("preview ended: not finished")
        .expect("ended");
}

#[test]
fn a_multi_select_holds_to_its_minimum() {
    let mut session = preview("expense");
    at(&mut session, "How much was it?", "12.5\r");
    // The default currency is offered first.
    at(&mut session, "In which currency?", "\r");
    at(&mut session, "What was it for?", "\r");
    at(
        &mut session,
        "`selections` must hold at least 1 items, got 0",
        " \r",
    );
    at(&mut session, "Anything the approver should know?", "\r");
    at(&mut session, "For: `travel`", "y\r");
    session.exp_string("categories: [").expect("the report");
    session
        .exp_string("preview ended: finished")
        .expect("finished");
}
