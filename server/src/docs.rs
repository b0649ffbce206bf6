//! Text generated from the wizards' question tables: the wizard tools' descriptions and the
//! README's question tables. Both read `W::QUESTIONS`, so neither can drift from the code.

use std::fmt::Write as _;

use wizard::{Kind, Question, Requirement, Wizard, WizardInfo};

use crate::access::Access;
use crate::catalog::{Toolset, catalog};
use crate::surfaces::{Surface, SurfaceKind};
use crate::wizards::{IssueWizard, MergeRequestWizard, ProjectWizard, ReleaseWizard};

/// How an answer is given, in a few words: `text`, `yes/no`, `choice: a, b, c`.
pub fn answer_kind(question: &Question) -> String {
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
pub fn requirement(question: &Question) -> &'static str {
    match question.requirement {
        Requirement::Required => "required",
        Requirement::RequiredMayBeEmpty => "required, may be empty",
        Requirement::Optional => "optional",
    }
}

fn condition(questions: &[Question], question: &Question) -> Option<String> {
    let key = question.when?;
    let step = questions.iter().position(|q| q.key == key)? + 1;
    Some(format!("asked only after a yes at step {step}"))
}

/// A wizard tool's description: what it does, its questions in order, the final
/// confirmation, and the one alternative for clients without elicitation.
pub fn wizard_description(info: &WizardInfo, questions: &[Question]) -> String {
    let mut text = String::new();
    if !info.doc.is_empty() {
        text.push_str(info.doc);
        text.push_str("\n\n");
    }
    text.push_str(
        "Asks the user one question at a time through elicitation and sends nothing to GitLab before the user confirms the summary:\n",
    );
    for (index, question) in questions.iter().enumerate() {
        let mut notes = vec![answer_kind(question), requirement(question).to_owned()];
        notes.extend(condition(questions, question));
        let _ = writeln!(
            text,
            "{}. `{}`: {} ({})",
            index + 1,
            question.key,
            question.message,
            notes.join("; ")
        );
    }
    let _ = write!(
        text,
        "{}. `confirm`: the summary of every answer (yes/no, required)\n\nClients without elicitation support: use the action `{}` instead; it takes every answer as a parameter in one call.",
        questions.len() + 1,
        info.alternative
    );
    text
}

/// The README table of one wizard, in Markdown.
pub fn question_table(info: &WizardInfo, questions: &[Question]) -> String {
    let mut table =
        String::from("| Step | Key | Question | Answer | Required |\n|---|---|---|---|---|\n");
    for (index, question) in questions.iter().enumerate() {
        let mut required = requirement(question).to_owned();
        if let Some(condition) = condition(questions, question) {
            required = format!("{required}; {condition}");
        }
        let _ = writeln!(
            table,
            "| {} | `{}` | {} | {} | {} |",
            index + 1,
            question.key,
            question.message.replace('|', "\\|"),
            answer_kind(question),
            required
        );
    }
    let _ = writeln!(
        table,
        "| {} | `confirm` | the summary of every answer | yes/no | required |",
        questions.len() + 1
    );
    let _ = write!(
        table,
        "\nTool `{}` · catalog id `{}` · alternative `{}`\n",
        info.tool, info.flow, info.alternative
    );
    table
}

fn section<W: Wizard>(title: &str) -> String {
    format!("#### {title}\n\n{}", question_table(&W::INFO, W::QUESTIONS))
}

/// The four tables, as they stand in the README between the marker comments.
pub fn readme_tables() -> String {
    [
        section::<IssueWizard>("Issue"),
        section::<MergeRequestWizard>("Merge request"),
        section::<ReleaseWizard>("Release"),
        section::<ProjectWizard>("Project"),
    ]
    .join("\n")
}

/// The README's table of every GitLab action, toolset by toolset: id, GitLab's call, kind
/// and description, from the catalog.
pub fn action_table() -> String {
    let catalog = catalog();
    let mut text = String::new();
    for toolset in Toolset::ALL {
        let actions: Vec<_> = catalog
            .actions()
            .iter()
            .filter(|a| a.toolset() == toolset && !a.is_wizard())
            .collect();
        if actions.is_empty() {
            continue;
        }
        let _ = write!(
            text,
            "#### `{toolset}` ({} actions)\n\n| action | GitLab call | kind | what it does |\n|---|---|---|---|\n",
            actions.len()
        );
        for action in actions {
            let call = action
                .endpoint
                .as_ref()
                .map_or_else(String::new, |endpoint| {
                    let path = endpoint.path.replace('{', ":").replace('}', "");
                    format!("`{} /{path}`", endpoint.method)
                });
            let kind = if action.destructive {
                "destructive"
            } else if action.read_only {
                "read"
            } else {
                "write"
            };
            let _ = writeln!(
                text,
                "| `{}` | {call} | {kind} | {} |",
                action.id,
                action.description.replace('|', "\\|")
            );
        }
        text.push('\n');
    }
    let destructive: Vec<String> = catalog
        .actions()
        .iter()
        .filter(|a| a.destructive)
        .map(|a| format!("`{}`", a.id))
        .collect();
    let _ = writeln!(
        text,
        "**Destructive** ({}, guarded as described below): {}.",
        destructive.len(),
        destructive.join(", ")
    );
    let counts: Vec<String> = [
        SurfaceKind::Dynamic,
        SurfaceKind::Meta,
        SurfaceKind::Individual,
    ]
    .into_iter()
    .map(|kind| {
        let tools = Surface::new(kind, catalog, Access::default()).tools().len();
        format!("`{}` {tools}", kind.as_str())
    })
    .collect();
    let gitlab = catalog.actions().iter().filter(|a| !a.is_wizard()).count();
    let _ = writeln!(
        text,
        "\n{gitlab} GitLab actions and {} wizards; tools listed with every toolset: {}.",
        catalog.wizards().count(),
        counts.join(", ")
    );
    text
}

/// A block of the README generated from the code, between two marker comments.
pub struct GeneratedBlock {
    pub begin: &'static str,
    pub end: &'static str,
    pub render: fn() -> String,
}

/// Every generated block of the README; `UPDATE_README=1 cargo test -p wizard-tests --test
/// readme_tables` rewrites them.
pub const README_BLOCKS: [GeneratedBlock; 2] = [
    GeneratedBlock {
        begin: "<!-- BEGIN GENERATED: actions, from the catalog by server/src/docs.rs; refresh with UPDATE_README=1 cargo test -p wizard-tests --test readme_tables -->",
        end: "<!-- END GENERATED: actions -->",
        render: action_table,
    },
    GeneratedBlock {
        begin: "<!-- BEGIN GENERATED: wizard questions, from the wizard structs by server/src/docs.rs; refresh with UPDATE_README=1 cargo test -p wizard-tests --test readme_tables -->",
        end: "<!-- END GENERATED: wizard questions -->",
        render: readme_tables,
    },
];

#[cfg(test)]
mod tests {
    use wizard::{ChoiceOption, Kind, Question, Requirement, WizardInfo};

    use super::*;

    const OPTIONS: &[ChoiceOption] = &[
        ChoiceOption {
            value: "a",
            title: "A",
        },
        ChoiceOption {
            value: "b",
            title: "B",
        },
    ];

    const QUESTIONS: &[Question] = &[
        Question {
            key: "name",
            message: "Enter a | name",
            kind: Kind::Text,
            requirement: Requirement::Required,
            when: None,
            default: None,
        },
        Question {
            key: "extra",
            message: "Want more?",
            kind: Kind::YesNo,
            requirement: Requirement::Optional,
            when: None,
            default: None,
        },
        Question {
            key: "which",
            message: "Pick one",
            kind: Kind::Choice(OPTIONS),
            requirement: Requirement::Optional,
            when: Some("extra"),
            default: None,
        },
    ];

    const INFO: WizardInfo = WizardInfo {
        tool: "demo_tool",
        flow: "interactive.demo",
        alternative: "demo.create",
        noun: "Demo",
        doc: "Makes a demo.",
    };

    #[test]
    fn description_lists_questions_in_order_and_names_the_alternative() {
        let text = wizard_description(&INFO, QUESTIONS);
        assert_eq!(
            text,
            "Makes a demo.\n\nAsks the user one question at a time through elicitation and sends nothing to GitLab before the user confirms the summary:\n\
             1. `name`: Enter a | name (text; required)\n\
             2. `extra`: Want more? (yes/no; optional)\n\
             3. `which`: Pick one (choice: a, b; optional; asked only after a yes at step 2)\n\
             4. `confirm`: the summary of every answer (yes/no, required)\n\n\
             Clients without elicitation support: use the action `demo.create` instead; it takes every answer as a parameter in one call."
        );
    }

    #[test]
    fn table_escapes_pipes_and_ends_with_the_names() {
        let table = question_table(&INFO, QUESTIONS);
        assert!(table.contains("| 1 | `name` | Enter a \\| name | text | required |"));
        assert!(table.contains(
            "| 3 | `which` | Pick one | choice: a, b | optional; asked only after a yes at step 2 |"
        ));
        assert!(table.contains("| 4 | `confirm` |"));
        assert!(table.ends_with(
            "Tool `demo_tool` · catalog id `interactive.demo` · alternative `demo.create`\n"
        ));
    }
}
