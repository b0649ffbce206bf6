//! What the derives generate for the less common attributes, checked through the
//! `wizard` crate that re-exports them.

use serde_json::json;
use wizard::__private::SummaryPart;
use wizard::__private::render_summary;
use wizard::question::ChoiceOption;
use wizard::question::DefaultValue;
use wizard::question::Kind;
use wizard::question::Question;
use wizard::question::Requirement;
use wizard::summary::SummaryValue;
use wizard::{Choice, Wizard};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Choice)]
enum Tier {
    Free,
    MergeRequest,
    #[choice(value = "ent", title = "Enterprise edition")]
    Enterprise,
}

/// First line.
///
///   Second paragraph, indented.
#[derive(Debug, Wizard, serde::Serialize, serde::Deserialize)]
#[wizard(
    tool = "t_tool",
    id = "f.flow",
    alternative = "a.alt",
    noun = "Thing",
    summary = "Make {{thing}} {type} in {project}?\n- Tier: {tier}"
)]
pub struct MakeThing {
    #[tool_arg]
    #[serde(rename = "projectId")]
    project: u64,
    #[ask("Which type?", truncate = 5)]
    r#type: String,
    #[ask("Which tier?", default = "free")]
    tier: Tier,
    #[ask("Label it?", key = "labelled", summary = "Labelled", default = false)]
    label: Option<bool>,
    #[ask("Which label?", when = label, summary = "Label")]
    label_text: Option<String>,
    #[ask("How warm?", min = -5, max = 2.5, default = 1.5, summary = "Warmth")]
    warmth: Option<f64>,
    #[ask("How many?", default = -3, summary = "Count")]
    count: Option<i32>,
    #[ask("Must answer, may be empty", allow_empty, summary = "Note")]
    note: String,
}

fn question(key: &str) -> &'static Question {
    MakeThing::QUESTIONS.iter().find(|q| q.key == key).unwrap()
}

#[test]
fn info_comes_from_the_container_and_the_doc_comment() {
    let info = MakeThing::INFO;
    assert_eq!(
        (info.tool, info.id, info.alternative, info.noun),
        ("t_tool", Some("f.flow"), Some("a.alt"), "Thing")
    );
    assert_eq!(info.doc, "First line. Second paragraph, indented.");
}

#[test]
fn the_question_table_follows_the_attributes() {
    let keys: Vec<_> = MakeThing::QUESTIONS.iter().map(|q| q.key).collect();
    assert_eq!(
        keys,
        [
            "type",
            "tier",
            "labelled",
            "label_text",
            "warmth",
            "count",
            "note"
        ]
    );
    assert_eq!(question("type").requirement, Requirement::Required);
    assert_eq!(question("tier").default, Some(DefaultValue::Text("free")));
    assert_eq!(question("tier").kind, Kind::Choice(Tier::OPTIONS));
    assert_eq!(question("labelled").kind, Kind::YesNo);
    assert_eq!(question("labelled").requirement, Requirement::Optional);
    assert_eq!(
        question("labelled").default,
        None,
        "`default = false` adds nothing"
    );
    assert_eq!(
        question("label_text").when,
        Some("labelled"),
        "`when` carries the key, not the field name"
    );
    assert_eq!(
        question("warmth").kind,
        Kind::Number {
            min: Some(-5.0),
            max: Some(2.5),
            integer: false
        }
    );
    assert_eq!(question("warmth").default, Some(DefaultValue::Number(1.5)));
    assert_eq!(question("count").default, Some(DefaultValue::Integer(-3)));
    assert_eq!(
        question("count").kind,
        Kind::Number {
            min: None,
            max: None,
            integer: true
        }
    );
    assert_eq!(
        question("note").requirement,
        Requirement::RequiredMayBeEmpty
    );
}

#[test]
fn steps_are_named_after_the_fields() {
    assert_eq!(MakeThing::STEPS[0], MakeThingStep::Type);
    assert_eq!(MakeThing::STEPS[3], MakeThingStep::LabelText);
    assert_eq!(MakeThing::index(MakeThingStep::Note), 6);
    assert_eq!(MakeThing::question(MakeThingStep::Warmth).key, "warmth");
}

#[test]
fn a_condition_holds_only_after_a_yes() {
    let mut draft = MakeThingDraft::default();
    assert!(!MakeThing::is_asked(&draft, MakeThingStep::LabelText));
    MakeThing::apply(&mut draft, MakeThingStep::Label, &json!(false)).unwrap();
    assert!(!MakeThing::is_asked(&draft, MakeThingStep::LabelText));
    assert_eq!(MakeThing::next_step(&draft, 3), Some(MakeThingStep::Warmth));
    MakeThing::apply(&mut draft, MakeThingStep::Label, &json!(true)).unwrap();
    assert!(MakeThing::is_asked(&draft, MakeThingStep::LabelText));
    assert_eq!(
        MakeThing::next_step(&draft, 3),
        Some(MakeThingStep::LabelText)
    );
    assert!(MakeThing::is_asked(&draft, MakeThingStep::Type));
}

fn answered() -> MakeThingDraft {
    let mut draft = MakeThingDraft::default();
    for (step, value) in [
        (MakeThingStep::Type, json!("widget-xl")),
        (MakeThingStep::Tier, json!("ent")),
        (MakeThingStep::Label, json!(true)),
        (MakeThingStep::LabelText, json!("blue")),
        (MakeThingStep::Warmth, json!(-1.25)),
        (MakeThingStep::Count, json!(7)),
        (MakeThingStep::Note, json!("")),
    ] {
        MakeThing::apply(&mut draft, step, &value).unwrap();
    }
    draft
}

#[test]
fn the_summary_keeps_literals_apart_from_values() {
    let args: MakeThingArgs = serde_json::from_value(json!({ "projectId": 9 })).unwrap();
    let parts = MakeThing::summary(&answered(), &args);
    assert_eq!(parts[0], SummaryPart::Literal("Make {thing} "));
    assert_eq!(
        parts[1],
        SummaryPart::Value {
            text: "widget-xl".into(),
            truncate: Some(5)
        }
    );
    assert_eq!(
        parts[3],
        SummaryPart::Value {
            text: "9".into(),
            truncate: None
        }
    );
    assert_eq!(
        render_summary(&parts),
        "Make {thing} `widge...` in `9`?\n- Tier: `ent`\n- Labelled: Yes\n- Label: `blue`\
         \n- Warmth: `-1.25`\n- Count: `7`\n- Note: ` `"
    );
}

#[test]
fn finish_builds_the_struct_and_names_what_is_missing() {
    let args = MakeThingArgs { project: 9 };
    let thing = MakeThing::finish(answered(), args.clone()).unwrap();
    assert_eq!(
        (thing.project, thing.r#type.as_str(), thing.tier),
        (9, "widget-xl", Tier::Enterprise)
    );
    assert_eq!(
        (thing.label, thing.label_text.as_deref()),
        (Some(true), Some("blue"))
    );
    assert_eq!(
        (thing.warmth, thing.count, thing.note.as_str()),
        (Some(-1.25), Some(7), "")
    );

    let mut draft = answered();
    draft.note = None;
    let error = MakeThing::finish(draft, args).unwrap_err();
    assert_eq!(error, "missing the answer to `note`, a required question");
}

#[test]
fn apply_refuses_values_of_the_wrong_type() {
    let mut draft = MakeThingDraft::default();
    assert!(MakeThing::apply(&mut draft, MakeThingStep::Tier, &json!("gold")).is_err());
    assert!(MakeThing::apply(&mut draft, MakeThingStep::Count, &json!(1.5)).is_err());
    assert!(MakeThing::apply(&mut draft, MakeThingStep::Type, &json!(3)).is_err());
    assert!(draft.tier.is_none() && draft.count.is_none() && draft.r#type.is_none());
}

#[test]
fn args_copy_serde_attributes_and_carry_no_schema_description() {
    let args: MakeThingArgs = serde_json::from_value(json!({ "projectId": 4 })).unwrap();
    assert_eq!(args.project, 4);
    let schema = serde_json::to_value(schemars::schema_for!(MakeThingArgs)).unwrap();
    assert_eq!(schema["properties"]["projectId"]["type"], json!("integer"));
    assert_eq!(schema["required"], json!(["projectId"]));
    assert!(schema.get("description").is_none(), "{schema}");
}

#[test]
fn choice_options_default_to_snake_case_values_and_word_titles() {
    assert_eq!(
        Tier::OPTIONS,
        [
            ChoiceOption {
                value: "free",
                title: "Free"
            },
            ChoiceOption {
                value: "merge_request",
                title: "Merge request"
            },
            ChoiceOption {
                value: "ent",
                title: "Enterprise edition"
            },
        ]
    );
    assert_eq!(Tier::MergeRequest.wire_value(), "merge_request");
    assert_eq!(Tier::from_wire_value("ent"), Some(Tier::Enterprise));
    assert_eq!(Tier::from_wire_value("Enterprise"), None);
    assert_eq!(Tier::Free.summary_text().as_deref(), Some("free"));
}

#[test]
fn choice_serde_and_schema_use_the_wire_value() {
    assert_eq!(
        serde_json::to_value(Tier::Enterprise).unwrap(),
        json!("ent")
    );
    assert_eq!(
        serde_json::from_value::<Tier>(json!("merge_request")).unwrap(),
        Tier::MergeRequest
    );
    let error = serde_json::from_value::<Tier>(json!("gold"))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("unknown variant `gold`, expected one of `free`, `merge_request`, `ent`"),
        "{error}"
    );
    let schema = serde_json::to_value(schemars::schema_for!(Tier)).unwrap();
    assert_eq!(schema["type"], json!("string"));
    assert_eq!(schema["enum"], json!(["free", "merge_request", "ent"]));
}

#[test]
fn the_draft_refuses_unknown_fields_and_skips_unset_ones() {
    let draft = MakeThingDraft {
        count: Some(2),
        ..Default::default()
    };
    assert_eq!(serde_json::to_value(&draft).unwrap(), json!({ "count": 2 }));
    assert!(serde_json::from_value::<MakeThingDraft>(json!({ "cuont": 2 })).is_err());
    let back: MakeThingDraft =
        serde_json::from_value(json!({ "type": "x", "tier": "free" })).unwrap();
    assert_eq!(
        (back.r#type.as_deref(), back.tier),
        (Some("x"), Some(Tier::Free))
    );
}

/// A wizard whose condition names a raw identifier.
#[derive(Debug, Wizard)]
#[wizard(
    tool = "t_raw",
    id = "f.raw",
    alternative = "a.raw",
    noun = "Raw",
    summary = "Go?"
)]
pub struct RawWhen {
    #[ask("Run it async?", summary = "Async")]
    r#async: Option<bool>,
    #[ask("How?", when = r#async, summary = "How")]
    how: Option<String>,
}

#[test]
fn a_condition_on_a_raw_identifier_keeps_its_condition() {
    assert_eq!(RawWhen::QUESTIONS[1].when, Some("async"));
    let mut draft = RawWhenDraft::default();
    assert!(!RawWhen::is_asked(&draft, RawWhenStep::How));
    RawWhen::apply(&mut draft, RawWhenStep::How, &json!("quickly")).unwrap();
    let skipped = RawWhen::finish(draft.clone(), RawWhenArgs {}).unwrap();
    assert_eq!(
        skipped.how, None,
        "an answer to a question never asked is dropped"
    );
    RawWhen::apply(&mut draft, RawWhenStep::Async, &json!(true)).unwrap();
    assert!(RawWhen::is_asked(&draft, RawWhenStep::How));
    let asked = RawWhen::finish(draft, RawWhenArgs {}).unwrap();
    assert_eq!(
        (asked.r#async, asked.how.as_deref()),
        (Some(true), Some("quickly"))
    );
}
