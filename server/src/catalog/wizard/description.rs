//! What the wizards' question tables say about them: the wizard tools' descriptions and
//! the README's question tables. Both read `W::QUESTIONS`, so neither can drift from the
//! code.

use std::fmt::Write as _;

use wizard::Wizard;
use wizard::question::Requirement;
#[cfg(test)]
use wizard::question::{Kind, Question};

use super::names::WizardNames;

/// How an answer is given, in a few words: `text`, `yes/no`, `choice: a, b, c`; and
/// whether GitLab (or a rule) checks it, asking again with the reason.
#[cfg(test)]
pub fn answer_kind(question: &Question) -> String {
    if let Some(each) = question.each {
        let asked: Vec<String> = each
            .iter()
            .map(|item| format!("`{}` ({})", item.key, static_kind(item)))
            .collect();
        return format!(
            "for each item of a list read from GitLab when asked, one form per question: {}",
            asked.join(", then ")
        );
    }
    let kind = if question.live_choices {
        format!(
            "choice read from GitLab when asked (text when there are over {} options or they cannot be read)",
            wizard::live::MAX_OPTIONS
        )
    } else {
        static_kind(question)
    };
    if question.checked && !question.live_choices {
        format!("{kind}, checked when answered")
    } else if question.checked {
        format!("{kind}, the text checked when answered")
    } else {
        kind
    }
}

#[cfg(test)]
fn static_kind(question: &Question) -> String {
    let join = |values: Vec<String>| values.join(", ");
    match question.kind {
        Kind::Text => "text".to_owned(),
        Kind::YesNo => "yes/no".to_owned(),
        Kind::Choice(options) => format!(
            "choice: {}",
            join(options.iter().map(|o| o.value.to_owned()).collect())
        ),
        Kind::IntegerChoice(options) => format!(
            "choice: {}",
            join(options.iter().map(i64::to_string).collect())
        ),
        Kind::Number { min, max, integer } => {
            let noun = if integer { "integer" } else { "number" };
            match (min, max) {
                (Some(min), Some(max)) => format!("{noun} from {min} to {max}"),
                (Some(min), None) => format!("{noun} from {min}"),
                (None, Some(max)) => format!("{noun} up to {max}"),
                (None, None) => noun.to_owned(),
            }
        }
        Kind::MultiSelect { options, .. } => format!(
            "several of: {}",
            join(options.iter().map(|o| o.value.to_owned()).collect())
        ),
    }
}

/// `required`, `required, may be empty` or `optional`.
#[cfg(test)]
pub fn requirement(question: &Question) -> &'static str {
    match question.requirement {
        Requirement::Required => "required",
        Requirement::RequiredMayBeEmpty => "required, may be empty",
        Requirement::Optional => "optional",
    }
}

#[cfg(test)]
fn condition(questions: &[Question], question: &Question) -> Option<String> {
    let key = question.when?;
    let step = questions.iter().position(|q| q.key == key)? + 1;
    Some(format!("asked only after a yes at step {step}"))
}

/// A wizard tool's description: what it does, its questions by key in order (the
/// question texts are the user's, not the model's, and the tool list is paid for by every
/// session), and the one alternative for clients without elicitation.
pub fn tool_description<W: Wizard>() -> String {
    let (info, questions) = (W::INFO, W::QUESTIONS);
    let mut text = String::new();
    if !info.doc.is_empty() {
        text.push_str(info.doc);
        text.push_str("\n\n");
    }
    let keys: Vec<String> = questions
        .iter()
        .map(|question| {
            let star = match question.requirement {
                Requirement::Optional => "",
                _ => "*",
            };
            match question.when {
                Some(after) => format!("`{}`{star} (after a yes to `{after}`)", question.key),
                None => format!("`{}`{star}", question.key),
            }
        })
        .collect();
    let _ = write!(
        text,
        "Asks the user one question at a time through elicitation ({}; `*`: required), then a yes to the summary; nothing is sent to GitLab before it.",
        keys.join(", ")
    );
    if questions.iter().any(|q| q.checked) {
        let _ = write!(
            text,
            " A refused answer is asked again, {} times at most.",
            wizard::live::TRIES
        );
    }
    let _ = write!(
        text,
        "\n\nClients without elicitation support: `{}` takes every answer in one call.",
        WizardNames::of::<W>().alternative
    );
    text
}

/// The table of one wizard, in Markdown (the docs test writes them). A step's key names
/// it in `inputRequests`; its answer arrives under the form property, which differs for
/// a yes/no (`confirmed`) and a choice (`selection`): a client written by hand needs both.
#[cfg(test)]
pub fn question_table<W: Wizard>() -> String {
    let questions = W::QUESTIONS;
    let mut table = String::from(
        "| Step | Key | Form property | Question | Answer | Required |\n|---|---|---|---|---|---|\n",
    );
    for (index, question) in questions.iter().enumerate() {
        let mut required = requirement(question).to_owned();
        if let Some(condition) = condition(questions, question) {
            required = format!("{required}; {condition}");
        }
        let property = if let Some(each) = question.each {
            let properties: Vec<String> = each
                .iter()
                .map(|item| format!("`{}`", item.property()))
                .collect();
            properties.join(", ")
        } else if question.live_choices {
            format!("`selection` (`{}` when typed)", question.key)
        } else {
            format!("`{}`", question.property())
        };
        let _ = writeln!(
            table,
            "| {} | `{}` | {property} | {} | {} | {} |",
            index + 1,
            question.key,
            question.message.replace('|', "\\|"),
            answer_kind(question),
            required
        );
    }
    let _ = writeln!(
        table,
        "| {} | `confirm` | `confirmed` | the summary of every answer | yes/no | required |",
        questions.len() + 1
    );
    let WizardNames {
        tool,
        id,
        alternative,
    } = WizardNames::of::<W>();
    let _ = write!(
        table,
        "\nTool `{tool}` · catalog id `{id}` · alternative `{alternative}`\n"
    );
    table
}

#[cfg(test)]
mod tests {
    use wizard::{Choice, Wizard};

    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq, Choice)]
    enum Which {
        A,
        B,
    }

    /// Makes a demo.
    #[derive(Debug, Wizard)]
    #[wizard(
        tool = "demo_tool",
        id = "interactive.demo",
        alternative = "demo.create",
        noun = "Demo",
        summary = "Make {name}?"
    )]
    #[allow(dead_code, reason = "only the question table is read")]
    struct Demo {
        #[ask("Enter a | name")]
        name: String,
        #[ask("Want more?", summary = "More")]
        extra: Option<bool>,
        #[ask("Pick one", when = extra, summary = "Which")]
        which: Option<Which>,
    }

    #[test]
    fn description_lists_questions_in_order_and_names_the_alternative() {
        assert_eq!(
            tool_description::<Demo>(),
            "Makes a demo.\n\nAsks the user one question at a time through elicitation (`name`*, `extra`, `which` (after a yes to `extra`); `*`: required), then a yes to the summary; nothing is sent to GitLab before it.\n\n\
             Clients without elicitation support: `demo.create` takes every answer in one call."
        );
    }

    #[test]
    fn table_escapes_pipes_and_ends_with_the_names() {
        let table = question_table::<Demo>();
        assert!(table.contains("| 1 | `name` | `name` | Enter a \\| name | text | required |"));
        assert!(table.contains(
            "| 3 | `which` | `selection` | Pick one | choice: a, b | optional; asked only after a \
             yes at step 2 |"
        ));
        assert!(table.contains("| 4 | `confirm` | `confirmed` |"));
        assert!(table.ends_with(
            "Tool `demo_tool` · catalog id `interactive.demo` · alternative `demo.create`\n"
        ));
    }
}
