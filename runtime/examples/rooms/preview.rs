//! `cargo run -p wizard --example rooms -- try book North` (or `-- try expense`): one of
//! the example's wizards on this terminal instead of the server — how a wizard's author
//! sees its questions, validation and summary while writing it, with no MCP client.

use std::fmt::Debug;
use std::process::ExitCode;

use wizard::terminal::{self, Unanswered};
use wizard::{DefaultTexts, Outcome};

use crate::wizards::{BookRoom, BookRoomArgs, Office, ReportExpense, ReportExpenseArgs};

/// Runs the wizard `args` name (`book BUILDING` or `expense`) and prints what it built.
pub async fn preview(args: &[String]) -> ExitCode {
    let office = Office::demo();
    match args {
        [name, building] if name == "book" => {
            let args = BookRoomArgs {
                building: building.clone(),
            };
            shown(terminal::run_with::<BookRoom>(&office, args, &DefaultTexts).await)
        }
        [name] if name == "expense" => {
            shown(terminal::run::<ReportExpense>(ReportExpenseArgs {}, &DefaultTexts).await)
        }
        _ => {
            eprintln!("usage: rooms try book BUILDING | rooms try expense");
            ExitCode::from(2)
        }
    }
}

/// The finished wizard on stdout, or the ending's text on stderr and a failure: 130 when
/// the user left with Esc or Ctrl-C, 2 without a terminal.
fn shown<W: Debug>(outcome: Result<Outcome<W>, Unanswered>) -> ExitCode {
    match outcome {
        Ok(Outcome::Finished(wizard)) => {
            println!("{wizard:#?}");
            ExitCode::SUCCESS
        }
        Ok(ended) => {
            eprintln!("{}", ended.error_text().unwrap_or_default());
            ExitCode::FAILURE
        }
        Err(unanswered) => {
            eprintln!("{unanswered}");
            match unanswered {
                Unanswered::Left(_) => ExitCode::from(130),
                Unanswered::NotATerminal => ExitCode::from(2),
            }
        }
    }
}
