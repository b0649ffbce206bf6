//! The terminal path: one prompt per question on the user's own TTY, over the same
//! machine as the wire paths, so the questions, their order, their validation, the live
//! checks and the summary are the ones an MCP client sees.

use crate::flow::Reply;
use crate::flow::machine::{Machine, Next};
use crate::flow::outcome::{Ended, Stage};
use crate::terminal::ask::{Answered, Ask};
use crate::terminal::style;
use crate::texts::Texts;
use crate::wizard::Wizard;

/// How the terminal path ends: as a wire path would, or left by the user with Esc or
/// Ctrl-C (`Err`), which a terminal tells apart from a no at the summary.
pub(crate) async fn run<W: Wizard>(
    live: &W::Context,
    args: W::Args,
    texts: &dyn Texts,
) -> Result<Ended<W>, Left> {
    let machine = Machine::<W> {
        context: live,
        args: &args,
        texts,
    };
    let mut place = match machine.start().await {
        Ok(place) => place,
        Err(reason) => return Ok(Ended::Refused(Stage::Intro, reason)),
    };
    loop {
        let turn = match machine.ask(&mut place).await {
            Ok(turn) => turn,
            Err(next) => return Ok(next.ended().unwrap_or(Ended::Cancelled)),
        };
        let stage = Machine::<W>::stage(&place);
        // A form no client could answer is refused here too, as on the wire.
        if let Err(why) = turn.schema {
            return Ok(Ended::Failed(stage, why));
        }
        // One style for every refusal, a live check's as a local one's: the reason on
        // its own line, then the question again.
        let refusal = Machine::<W>::refusal(&place);
        if let Some(reason) = &refusal {
            eprintln!(
                "{}",
                style::refused(&crate::terminal::markdown::shown(reason))
            );
        }
        let intro = Machine::<W>::intro(&place).filter(|_| refusal.is_none());
        let ask = match (Machine::<W>::prompt(&place), Machine::<W>::item(&place)) {
            (Some(prompt), _) => Ask::question(intro, turn.key, prompt),
            // A list item's question: what the item is comes first, each time.
            (None, Some(item)) => {
                let preamble: Vec<&str> = intro.into_iter().chain([item.about.as_str()]).collect();
                Ask::question(Some(&preamble.join("\n\n")), turn.key, item.prompt())
            }
            // The summary, with a value of several lines shown on them.
            (None, None) => {
                Ask::summary(&machine.summary_on_terminal(&place), turn.key, &turn.label)
            }
        };
        // The prompt blocks on the keyboard: off the async workers, so that the server's
        // own tasks (a sandbox in the same process, a connection pool) keep running.
        let Answered { reply, line } = match tokio::task::spawn_blocking(move || ask.reply()).await
        {
            Ok(Ok(answered)) => answered,
            Ok(Err(why)) => return Ok(Ended::Failed(stage, why)),
            Err(panicked) => return Ok(Ended::Failed(stage, panicked.to_string())),
        };
        if matches!(reply, Reply::Cancel) {
            return Err(Left);
        }
        let next = machine.answer(&mut place, reply).await;
        let taken = match next {
            Next::Ask => Machine::<W>::refusal(&place).is_none(),
            Next::Refused(..) => false,
            _ => true,
        };
        if let Some(line) = line.filter(|_| taken) {
            eprintln!("{line}");
        }
        if let Some(ended) = next.ended() {
            return Ok(ended);
        }
    }
}

/// The user left the wizard with Esc or Ctrl-C.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Left;
