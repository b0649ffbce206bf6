//! What `try` alone prints: each wizard by the name `try` takes, the flags it needs, and
//! its questions in order, as a user would meet them.

use std::fmt::Write as _;

use wizard::question::{Kind, Question, Requirement};

use super::{FLAGS, name};
use crate::catalog::{Action, Run};

/// The listing of `wizards`, ending with how to try one.
pub(super) fn listing<'a>(wizards: impl Iterator<Item = &'a Action>) -> String {
    let mut out =
        String::from("The wizards `gitlab-mcp-server try WIZARD` runs on this terminal:\n");
    for action in wizards {
        let Run::Wizard(wizard) = &action.run else {
            continue;
        };
        let flags: Vec<String> = FLAGS
            .iter()
            .filter(|(_, parameter)| action.parameters().iter().any(|known| known == parameter))
            .map(|(flag, _)| format!(" {flag} …"))
            .collect();
        let _ = writeln!(
            out,
            "\n{}{}: {}",
            name(action.id),
            flags.concat(),
            action.title
        );
        for (number, question) in wizard.questions.iter().enumerate() {
            let _ = writeln!(
                out,
                "  {}. {}{}",
                number + 1,
                question.message,
                notes(question)
            );
        }
        let _ = writeln!(out, "  then the summary, and a yes/no that starts on no");
    }
    out.push_str("\nTry one on the sandbox GitLab: gitlab-mcp-server try issue --sandbox\n");
    out
}

/// What kind of answer a question takes, whether it may be skipped and when it is asked.
fn notes(question: &Question) -> String {
    let mut notes: Vec<String> = Vec::new();
    match question.kind {
        Kind::Text if question.live_choices => notes.push("a choice read from GitLab".into()),
        Kind::Text => {}
        Kind::YesNo => notes.push("yes/no".into()),
        Kind::Choice(options) | Kind::MultiSelect { options, .. } => {
            let titles: Vec<&str> = options.iter().map(|option| option.title).collect();
            let how = if matches!(question.kind, Kind::Choice(_)) {
                "one of"
            } else {
                "any of"
            };
            notes.push(format!("{how} {}", titles.join(", ")));
        }
        Kind::IntegerChoice(values) => {
            let values: Vec<String> = values.iter().map(i64::to_string).collect();
            notes.push(format!("one of {}", values.join(", ")));
        }
        Kind::Number { integer, .. } => notes.push(
            if integer {
                "a whole number"
            } else {
                "a number"
            }
            .into(),
        ),
    }
    if question.requirement == Requirement::Optional {
        notes.push("may be skipped".into());
    }
    if let Some(when) = question.when {
        notes.push(format!("asked after a yes to `{when}`"));
    }
    if question.checked {
        notes.push("checked against GitLab".into());
    }
    if notes.is_empty() {
        String::new()
    } else {
        format!(" ({})", notes.join("; "))
    }
}
