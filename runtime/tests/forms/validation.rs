//! Answer validation for every kind: a malformed answer is an error that
//! says what was wrong, and a good one comes back normalised.

use serde_json::{Map, Value, json};
use wizard::form::Malformed;
use wizard::form::Prompt;
use wizard::form::is_unset;
use wizard::form::validate_answer;
use wizard::form::validate_prompt;
use wizard::question::ChoiceOption;
use wizard::question::Kind;
use wizard::question::Question;
use wizard::question::Requirement;

const fn option(value: &'static str, title: &'static str) -> ChoiceOption {
    ChoiceOption { value, title }
}

const VISIBILITY: &[ChoiceOption] = &[
    option("private", "Private"),
    option("internal", "Internal"),
    option("public", "Public"),
];

const fn question(key: &'static str, kind: Kind, requirement: Requirement) -> Question {
    let message = "the question";
    Question {
        key,
        message,
        title: None,
        kind,
        requirement,
        when: None,
        default: None,
        checked: false,
        live_choices: false,
        each: None,
    }
}

const fn required(key: &'static str, kind: Kind) -> Question {
    question(key, kind, Requirement::Required)
}

const fn number(min: Option<f64>, max: Option<f64>, integer: bool) -> Kind {
    Kind::Number { min, max, integer }
}

const TITLE: Question = required("title", Kind::Text);
const RELEASE_NAME: Question = question("name", Kind::Text, Requirement::RequiredMayBeEmpty);
const DESCRIPTION: Question = question("description", Kind::Text, Requirement::Optional);
const README: Question = question("initialize_with_readme", Kind::YesNo, Requirement::Optional);
const VISIBILITY_Q: Question = required("visibility", Kind::Choice(VISIBILITY));
const LEVEL: Question = required("level", Kind::IntegerChoice(&[10, 20, 30, -1]));
const COUNT: Question = required("count", number(Some(1.0), Some(10.0), true));
const RATIO: Question = required("ratio", number(Some(-0.5), Some(0.5), false));
const PICKS: Question = required(
    "picks",
    Kind::MultiSelect {
        options: VISIBILITY,
        min_items: Some(1),
        max_items: Some(2),
    },
);

fn content(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("test content must be an object, got {other}"),
    }
}

fn accept(q: &Question, value: Value) -> Result<Value, Malformed> {
    validate_answer(q, Some(&content(value)))
}

#[track_caller]
fn refused(q: &Question, value: Value, says: &str) {
    let error = accept(q, value.clone()).expect_err(&format!("{value} must be refused"));
    let text = error.to_string();
    assert!(text.contains(says), "{value}: {text:?} should say {says:?}");
    assert!(
        !text.starts_with(char::is_uppercase),
        "errors start lowercase: {text}"
    );
}

#[test]
fn no_content_is_malformed_for_every_kind() {
    for q in [
        TITLE,
        RELEASE_NAME,
        DESCRIPTION,
        README,
        VISIBILITY_Q,
        LEVEL,
        COUNT,
        RATIO,
        PICKS,
    ] {
        let error = validate_answer(&q, None).expect_err("null content");
        assert!(error.to_string().contains(q.property()), "{error}");
    }
}

/// A form sent back without its field (`{}`) is the empty answer where the field may be
/// left empty, and refused where it must be filled in.
#[test]
fn a_field_left_out_is_the_empty_answer_only_where_it_may_be_empty() {
    for q in [TITLE, VISIBILITY_Q, LEVEL, COUNT, RATIO, PICKS] {
        let error = validate_answer(&q, Some(&Map::new())).expect_err("empty content");
        assert!(error.to_string().contains("is missing"), "{error}");
    }
    assert_eq!(
        validate_answer(&RELEASE_NAME, Some(&Map::new())),
        Ok(json!(""))
    );
    for q in [DESCRIPTION, README] {
        assert_eq!(
            validate_answer(&q, Some(&Map::new())),
            Ok(Value::Null),
            "{q:?}"
        );
    }
}

#[test]
fn the_answer_must_sit_under_the_kinds_property() {
    refused(
        &README,
        json!({"initialize_with_readme": true}),
        "`confirmed` is missing",
    );
    refused(
        &VISIBILITY_Q,
        json!({"visibility": "public"}),
        "`selection` is missing",
    );
    refused(
        &PICKS,
        json!({"selection": ["public"]}),
        "`selections` is missing",
    );
    refused(
        &TITLE,
        json!({"Title": "x"}),
        "`title` is missing (the answer holds `Title`), expected a string",
    );
}

#[test]
fn text_answers() {
    assert_eq!(
        accept(&TITLE, json!({"title": " Fix it "})),
        Ok(json!(" Fix it "))
    );
    refused(&TITLE, json!({"title": ""}), "`title` must not be empty");
    refused(&TITLE, json!({"title": " \t "}), "must not be empty");
    // What the user confirms is what is sent: text that shows nothing is refused.
    refused(
        &TITLE,
        json!({"title": "\u{200B}\u{202E} \u{FEFF}"}),
        "`title` holds only invisible characters, expected visible text",
    );
    assert_eq!(
        accept(&TITLE, json!({"title": "a\u{200B}"})),
        Ok(json!("a\u{200B}"))
    );
    refused(
        &TITLE,
        json!({"title": 42}),
        "`title` must be a string, got 42",
    );
    refused(&TITLE, json!({"title": null}), "got null");
    refused(&TITLE, json!({"title": ["a"]}), "got an array");
    assert_eq!(accept(&RELEASE_NAME, json!({"name": ""})), Ok(json!("")));
    assert_eq!(
        accept(&DESCRIPTION, json!({"description": ""})),
        Ok(json!(""))
    );
    // Other properties are ignored.
    assert_eq!(
        accept(&TITLE, json!({"title": "t", "extra": 1})),
        Ok(json!("t"))
    );
}

#[test]
fn an_empty_optional_text_means_not_set() {
    assert!(is_unset(&DESCRIPTION, &json!("")));
    assert!(is_unset(&DESCRIPTION, &json!("  ")));
    assert!(is_unset(&DESCRIPTION, &json!("\u{200B}\n")));
    assert!(!is_unset(&DESCRIPTION, &json!("x")));
    assert!(
        !is_unset(&RELEASE_NAME, &json!("")),
        "the release name keeps its empty answer"
    );
    assert!(!is_unset(&TITLE, &json!("")));
    assert!(
        !is_unset(&README, &json!(false)),
        "an accepted no is sent as false"
    );
}

#[test]
fn yes_no_answers() {
    assert_eq!(accept(&README, json!({"confirmed": true})), Ok(json!(true)));
    assert_eq!(
        accept(&README, json!({"confirmed": false})),
        Ok(json!(false))
    );
    refused(
        &README,
        json!({"confirmed": "yes"}),
        "`confirmed` must be true or false, got `yes`",
    );
    refused(&README, json!({"confirmed": 1}), "got 1");
    refused(&README, json!({"confirmed": null}), "got null");
}

#[test]
fn choice_answers() {
    assert_eq!(
        accept(&VISIBILITY_Q, json!({"selection": "internal"})),
        Ok(json!("internal"))
    );
    refused(
        &VISIBILITY_Q,
        json!({"selection": "secret"}),
        "`selection` must be one of `private`, `internal`, `public`, got `secret`",
    );
    refused(
        &VISIBILITY_Q,
        json!({"selection": "Public"}),
        "got `Public`",
    );
    refused(
        &VISIBILITY_Q,
        json!({"selection": "Private"}),
        "must be one of",
    );
    refused(
        &VISIBILITY_Q,
        json!({"selection": ["public"]}),
        "got an array",
    );
    // A hostile value is shown escaped and short.
    let long = format!("x\n**{}", "y".repeat(200));
    let error = accept(&VISIBILITY_Q, json!({"selection": long})).expect_err("not offered");
    assert!(
        !error.to_string().contains('\n') && error.to_string().len() < 200,
        "{error}"
    );
}

#[test]
fn integer_choice_answers() {
    assert_eq!(accept(&LEVEL, json!({"selection": "20"})), Ok(json!(20)));
    assert_eq!(accept(&LEVEL, json!({"selection": "-1"})), Ok(json!(-1)));
    assert_eq!(accept(&LEVEL, json!({"selection": 30})), Ok(json!(30)));
    assert_eq!(accept(&LEVEL, json!({"selection": 10.0})), Ok(json!(10)));
    refused(
        &LEVEL,
        json!({"selection": "40"}),
        "must be one of `10`, `20`, `30`, `-1`, got `40`",
    );
    refused(&LEVEL, json!({"selection": 40}), "got 40");
    refused(&LEVEL, json!({"selection": 10.5}), "got 10.5");
    for not_offered in ["010", "+10", " 10", "10 ", "1e1", "ten", ""] {
        refused(
            &LEVEL,
            json!({ "selection": not_offered }),
            "must be one of",
        );
    }
    refused(&LEVEL, json!({"selection": true}), "got true");
}

#[test]
fn integer_answers() {
    assert_eq!(accept(&COUNT, json!({"count": 1})), Ok(json!(1)));
    assert_eq!(accept(&COUNT, json!({"count": 10})), Ok(json!(10)));
    assert_eq!(
        accept(&COUNT, json!({"count": 4.0})),
        Ok(json!(4)),
        "an integral float normalises"
    );
    refused(
        &COUNT,
        json!({"count": 0}),
        "`count` must be at least 1, got 0",
    );
    refused(
        &COUNT,
        json!({"count": 11}),
        "`count` must be at most 10, got 11",
    );
    refused(
        &COUNT,
        json!({"count": 2.5}),
        "`count` must be an integer, got 2.5",
    );
    refused(
        &COUNT,
        json!({"count": "5"}),
        "`count` must be an integer, got `5`",
    );
    refused(&COUNT, json!({"count": u64::MAX}), "at most 10");
    refused(&COUNT, json!({"count": 1e300}), "must be an integer");
}

#[test]
fn integer_bounds_compare_exactly() {
    let near = required("n", number(None, Some(9_007_199_254_740_992.0), true));
    assert_eq!(
        accept(&near, json!({"n": 9_007_199_254_740_992_i64})),
        Ok(json!(9_007_199_254_740_992_i64))
    );
    refused(&near, json!({"n": 9_007_199_254_740_993_i64}), "at most");
    // Not a bound `check_question` lets through, but the validator stands on its own.
    let fractional = required("n", number(Some(0.5), Some(2.5), true));
    refused(&fractional, json!({"n": 0}), "at least 0.5");
    assert_eq!(accept(&fractional, json!({"n": 1})), Ok(json!(1)));
    assert_eq!(accept(&fractional, json!({"n": 2})), Ok(json!(2)));
    refused(&fractional, json!({"n": 3}), "at most 2.5");
}

#[test]
fn number_answers() {
    assert_eq!(accept(&RATIO, json!({"ratio": 0.25})), Ok(json!(0.25)));
    assert_eq!(accept(&RATIO, json!({"ratio": -0.5})), Ok(json!(-0.5)));
    assert_eq!(accept(&RATIO, json!({"ratio": 0})), Ok(json!(0)));
    refused(
        &RATIO,
        json!({"ratio": 0.51}),
        "`ratio` must be at most 0.5, got 0.51",
    );
    refused(&RATIO, json!({"ratio": -1}), "at least -0.5");
    refused(
        &RATIO,
        json!({"ratio": "0.1"}),
        "`ratio` must be a number, got `0.1`",
    );
    refused(&RATIO, json!({"ratio": null}), "got null");
    let unbounded = required("x", number(None, None, false));
    assert_eq!(accept(&unbounded, json!({"x": -1e300})), Ok(json!(-1e300)));
}

#[test]
fn multi_select_answers() {
    assert_eq!(
        accept(&PICKS, json!({"selections": ["public"]})),
        Ok(json!(["public"]))
    );
    assert_eq!(
        accept(&PICKS, json!({"selections": ["public", "private"]})),
        Ok(json!(["public", "private"]))
    );
    refused(
        &PICKS,
        json!({"selections": []}),
        "`selections` must hold at least 1 items, got 0",
    );
    refused(
        &PICKS,
        json!({"selections": ["public", "private", "internal"]}),
        "at most 2 items, got 3",
    );
    // The schema cannot forbid a repeated item, so it is accepted and kept once.
    assert_eq!(
        accept(&PICKS, json!({"selections": ["public", "public"]})),
        Ok(json!(["public"]))
    );
    refused(
        &PICKS,
        json!({"selections": ["secret"]}),
        "may hold only `private`, `internal`, `public`, got `secret`",
    );
    refused(&PICKS, json!({"selections": [1]}), "got 1");
    refused(
        &PICKS,
        json!({"selections": "public"}),
        "must be an array of strings, got `public`",
    );
    refused(&PICKS, json!({"selections": null}), "got null");
}

#[test]
fn prompts_built_at_run_time_validate_the_same_way() {
    let options = vec!["red".to_owned(), "green".to_owned()];
    let pick = Prompt::choice("color", "Pick a colour", &options);
    let answer = |value: Value| validate_prompt(&pick, Some(&content(value)));
    assert_eq!(answer(json!({"selection": "green"})), Ok(json!("green")));
    assert!(answer(json!({"selection": "blue"})).is_err());

    let several = Prompt::multi_select(
        "colors",
        "Pick colours",
        &["red", "green", "blue"],
        None,
        Some(2),
    );
    let answer = |value: Value| validate_prompt(&several, Some(&content(value)));
    assert_eq!(answer(json!({"selections": []})), Ok(json!([])));
    assert!(answer(json!({"selections": ["red", "green", "blue"]})).is_err());

    let confirm = Prompt::confirm("Delete issue `7`?");
    assert_eq!(
        validate_prompt(&confirm, Some(&content(json!({"confirmed": true})))),
        Ok(json!(true))
    );
    assert!(validate_prompt(&confirm, Some(&content(json!({"confirm": true})))).is_err());

    let free = Prompt {
        requirement: Requirement::RequiredMayBeEmpty,
        ..Prompt::text("note", "Say something")
    };
    assert_eq!(
        validate_prompt(&free, Some(&content(json!({"note": ""})))),
        Ok(json!(""))
    );
}
