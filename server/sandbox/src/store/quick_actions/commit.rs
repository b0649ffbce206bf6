//! The command of commits: `/tag`, written in a commit comment.

use super::On;
use super::context::{Context, Outcome, said, silent};

/// `/tag v1.2.3 [message]`: tags the commit, annotated with the message when there is one.
pub(super) fn tag(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    if !matches!(cx.on, On::Commit(..)) {
        return Outcome::NotApplicable;
    }
    let Some(arg) = arg else {
        return silent();
    };
    let (name, message) = match arg.split_once(' ') {
        Some((name, message)) => (name, Some(message)),
        None => (arg, None),
    };
    cx.updates.tag_name = Some(name.to_owned());
    cx.updates.tag_message = message.map(str::to_owned);
    match message.filter(|m| !m.trim().is_empty()) {
        Some(message) => said(format!("Tagged this commit to {name} with \"{message}\".")),
        None => said(format!("Tagged this commit to {name}.")),
    }
}
