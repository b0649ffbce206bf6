//! The `requestedSchema` of every question of the nine wizards (a live choice as the text
//! it is asked as when its options cannot be offered, a list step's questions under
//! `<step>.<question>`, without the text each item pre-fills), pinned as checked-in
//! snapshot files (`tests/snapshots/<tool>.json`), and checked field by field against
//! the form rules written out below. Rewrite the snapshots with `UPDATE_SNAPSHOTS=1` after a deliberate change.

use std::path::PathBuf;

use crate::wizards::{
    BranchWizard, IssueWizard, MergeRequestWizard, MergeWizard, MilestoneWizard, PipelineWizard,
    ProjectWizard, ReleaseWizard, ReviewWizard,
};
use serde_json::{Map, Value, json};
use wizard::Wizard;
use wizard::form::{label, requested_schema, yes_no_schema};
use wizard::question::{Kind, Question, Requirement};

/// The questions of `W` as asked, by the key they are listed under: a list step's own
/// questions in its place.
fn asked<W: Wizard>() -> Vec<(String, &'static Question)> {
    W::QUESTIONS
        .iter()
        .flat_map(|question| match question.each {
            Some(each) => each
                .iter()
                .map(|item| (format!("{}.{}", question.key, item.key), item))
                .collect(),
            None => vec![(question.key.to_owned(), question)],
        })
        .collect()
}

/// `{ "<key>": {"message": …, "requestedSchema": …}, …, "confirm": … }` in question order.
fn schemas<W: Wizard>() -> Value {
    let mut all = Map::new();
    for (key, question) in asked::<W>() {
        let schema = Value::Object(requested_schema(question));
        all.insert(
            key,
            json!({ "message": question.message, "requestedSchema": schema }),
        );
    }
    all.insert(
        "confirm".to_owned(),
        json!({ "requestedSchema": yes_no_schema("<the summary>") }),
    );
    Value::Object(all)
}

/// The schema of `question`, written out independently of the runtime: one property per
/// question (`confirmed` for a yes/no, `selection` for a choice, the key otherwise)
/// labelled for a person, listed in `required` only when it must be answered; a yes/no
/// opening on no, a required text of at least one character, a choice's options shown
/// with their titles where these say more than the values.
fn spec_schema(question: &Question) -> Value {
    let title = question
        .title
        .map_or_else(|| label(question.key), str::to_owned);
    let (property, body) = match question.kind {
        Kind::Text => {
            let mut body =
                json!({"type": "string", "title": title, "description": question.message});
            if question.requirement == Requirement::Required {
                body["minLength"] = json!(1);
            }
            (question.key, body)
        }
        Kind::YesNo => (
            "confirmed",
            json!({"type": "boolean", "title": title, "description": question.message, "default": false}),
        ),
        Kind::Choice(options) => {
            let titled = options
                .iter()
                .any(|o| !o.title.eq_ignore_ascii_case(o.value));
            let mut body =
                json!({"type": "string", "title": title, "description": question.message});
            if titled {
                body["oneOf"] = options
                    .iter()
                    .map(|o| json!({"const": o.value, "title": o.title}))
                    .collect();
            } else {
                body["enum"] = options.iter().map(|o| o.value).collect();
            }
            ("selection", body)
        }
        other => panic!("the wizards ask no {other:?} question"),
    };
    let mut schema = json!({"type": "object", "properties": {property: body}});
    if question.requirement == Requirement::Required {
        schema["required"] = json!([property]);
    }
    schema
}

fn check<W: Wizard>() {
    let actual = schemas::<W>();
    for (key, question) in asked::<W>() {
        assert_eq!(
            actual[&key]["requestedSchema"],
            spec_schema(question),
            "{}: `{key}` differs from the form rules",
            W::INFO.tool,
        );
    }

    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("src/tests/wizards/snapshots")
        .join(format!("{}.json", W::INFO.tool));
    let rendered = serde_json::to_string_pretty(&actual).unwrap() + "\n";
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, &rendered).unwrap();
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_else(|error| {
        panic!(
            "{}: {error}; run with UPDATE_SNAPSHOTS=1 to create it",
            path.display()
        )
    });
    assert_eq!(
        stored,
        rendered,
        "{} changed; review the diff and run with UPDATE_SNAPSHOTS=1 if it is intended",
        path.display()
    );
}

#[test]
fn issue_wizard_schemas() {
    check::<IssueWizard>();
}

#[test]
fn merge_request_wizard_schemas() {
    check::<MergeRequestWizard>();
}

#[test]
fn release_wizard_schemas() {
    check::<ReleaseWizard>();
}

#[test]
fn project_wizard_schemas() {
    check::<ProjectWizard>();
}

#[test]
fn pipeline_wizard_schemas() {
    check::<PipelineWizard>();
}

#[test]
fn branch_wizard_schemas() {
    check::<BranchWizard>();
}

#[test]
fn milestone_wizard_schemas() {
    check::<MilestoneWizard>();
}

#[test]
fn merge_wizard_schemas() {
    check::<MergeWizard>();
}

#[test]
fn review_wizard_schemas() {
    check::<ReviewWizard>();
}

#[test]
fn the_summary_question_is_a_yes_no_starting_on_no() {
    assert_eq!(
        Value::Object(yes_no_schema("Create?")),
        json!({
            "type": "object",
            "properties": {"confirmed": {"type": "boolean", "title": "Confirm", "description": "Create?", "default": false}},
            "required": ["confirmed"],
        })
    );
}
