//! The terminal path: one prompt per question on the user's own TTY, over the same
//! machine as the wire paths, so the questions, their order, their validation, the live
//! checks and the summary are the ones an MCP client sees.

use crate::flow::machine::Machine;
use crate::flow::outcome::{Ended, Stage};
use crate::terminal::ask::Ask;
use crate::wizard::Wizard;

pub(crate) async fn run<W: Wizard>(live: &W::Context, args: W::Args) -> Ended<W> {
    let machine = Machine::<W> {
        context: live,
        args: &args,
    };
    let mut place = match machine.start().await {
        Ok(place) => place,
        Err(reason) => return Ended::Refused(Stage::Intro, reason),
    };
    loop {
        let stage = Machine::<W>::stage(&place);
        let turn = machine.ask(&mut place).await;
        // A form no client could answer is refused here too, as on the wire.
        if let Err(why) = turn.schema {
            return Ended::Failed(stage, why);
        }
        let prompt = Machine::<W>::prompt(&place);
        let ask = Ask::new(&turn.message, turn.key, &turn.label, prompt);
        // The prompt blocks on the keyboard: off the async workers, so that the server's
        // own tasks (a sandbox in the same process, a connection pool) keep running.
        let reply = match tokio::task::spawn_blocking(move || ask.reply()).await {
            Ok(Ok(reply)) => reply,
            Ok(Err(why)) => return Ended::Failed(stage, why),
            Err(panicked) => return Ended::Failed(stage, panicked.to_string()),
        };
        if let Some(ended) = machine.answer(&mut place, reply).await.ended() {
            return ended;
        }
    }
}
