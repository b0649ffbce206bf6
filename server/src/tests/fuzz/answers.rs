//! Answer validation: a prompt of every kind, with arbitrary options and bounds, against
//! arbitrary content; every question of the server's wizards; flat form schemas and the
//! content checked against them. A valid answer comes back normalised to its kind and
//! within its bounds; anything else is refused saying why.

use proptest::prelude::*;
use serde_json::{Map, Value, json};
use wizard::form::{
    Options, Prompt, PromptKind, check_flat_schema, validate_against, validate_prompt,
};
use wizard::question::{Question, Requirement};

use super::inputs::{field_value, json, number, object, text};
use super::{Verdict, ensure, fuzz};

#[derive(Debug, Clone)]
enum KindSpec {
    Text,
    YesNo,
    Choice(Vec<String>),
    IntegerChoice(Vec<i64>),
    Number {
        min: Option<f64>,
        max: Option<f64>,
        integer: bool,
    },
    MultiSelect {
        options: Vec<String>,
        min_items: Option<u32>,
        max_items: Option<u32>,
    },
}

fn bound() -> impl Strategy<Value = Option<f64>> {
    prop_oneof![
        2 => Just(None),
        2 => (-100i32..100).prop_map(|n| Some(f64::from(n))),
        1 => any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(Some),
        1 => prop::sample::select(vec![0.5, -0.5, 9_007_199_254_740_993.0, 1e300, -1e300]).prop_map(Some),
    ]
}

fn options() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(text(), 0..6)
}

fn kind() -> impl Strategy<Value = KindSpec> {
    prop_oneof![
        Just(KindSpec::Text),
        Just(KindSpec::YesNo),
        options().prop_map(KindSpec::Choice),
        prop::collection::vec(prop_oneof![-5i64..20, any::<i64>()], 0..6)
            .prop_map(KindSpec::IntegerChoice),
        (bound(), bound(), any::<bool>()).prop_map(|(min, max, integer)| KindSpec::Number {
            min,
            max,
            integer
        }),
        (
            options(),
            prop::option::of(0u32..5),
            prop::option::of(0u32..5)
        )
            .prop_map(|(options, min_items, max_items)| KindSpec::MultiSelect {
                options,
                min_items,
                max_items,
            }),
    ]
}

fn requirement() -> impl Strategy<Value = Requirement> {
    prop::sample::select(vec![
        Requirement::Required,
        Requirement::RequiredMayBeEmpty,
        Requirement::Optional,
    ])
}

/// A value for a prompt of `kind`: often of the right shape, often one of its options.
fn answer_for(kind: &KindSpec) -> BoxedStrategy<Value> {
    let pick = |options: &Vec<String>| -> BoxedStrategy<Value> {
        if options.is_empty() {
            text().prop_map(Value::String).boxed()
        } else {
            prop::sample::select(options.clone())
                .prop_map(Value::String)
                .boxed()
        }
    };
    match kind {
        KindSpec::Choice(options) => prop_oneof![3 => pick(options), 1 => field_value()].boxed(),
        KindSpec::MultiSelect { options, .. } => prop_oneof![
            3 => prop::collection::vec(pick(options), 0..6).prop_map(Value::Array),
            1 => field_value(),
        ]
        .boxed(),
        KindSpec::IntegerChoice(choices) if !choices.is_empty() => prop_oneof![
            2 => prop::sample::select(choices.clone()).prop_map(Value::from),
            1 => prop::sample::select(choices.clone()).prop_map(|n| Value::String(n.to_string())),
            2 => field_value(),
        ]
        .boxed(),
        KindSpec::Number { .. } => prop_oneof![3 => number(), 1 => field_value()].boxed(),
        _ => field_value().boxed(),
    }
}

/// The content of an answer: usually the prompt's property, sometimes other keys, or none.
fn content(
    property: String,
    value: BoxedStrategy<Value>,
) -> BoxedStrategy<Option<Map<String, Value>>> {
    prop_oneof![
        6 => (value, object(vec![property.clone()])).prop_map(move |(value, mut others)| {
            others.insert(property.clone(), value);
            Some(others)
        }),
        1 => object(Vec::new()).prop_map(Some),
        1 => Just(None),
    ]
    .boxed()
}

fn kind_of<'a>(spec: &'a KindSpec) -> PromptKind<'a> {
    match spec {
        KindSpec::Text => PromptKind::Text,
        KindSpec::YesNo => PromptKind::YesNo,
        KindSpec::Choice(options) => PromptKind::Choice(Options::Strings(options)),
        KindSpec::IntegerChoice(choices) => PromptKind::IntegerChoice(choices),
        KindSpec::Number { min, max, integer } => PromptKind::Number {
            min: *min,
            max: *max,
            integer: *integer,
        },
        KindSpec::MultiSelect {
            options,
            min_items,
            max_items,
        } => PromptKind::MultiSelect {
            options: Options::Strings(options),
            min_items: *min_items,
            max_items: *max_items,
        },
    }
}

#[test]
fn answers() {
    let inputs =
        (kind(), requirement(), "[a-z_]{1,12}").prop_flat_map(|(spec, requirement, key)| {
            let property = match &spec {
                KindSpec::YesNo => "confirmed".to_owned(),
                KindSpec::Choice(_) | KindSpec::IntegerChoice(_) => "selection".to_owned(),
                KindSpec::MultiSelect { .. } => "selections".to_owned(),
                KindSpec::Text | KindSpec::Number { .. } => key.clone(),
            };
            let value = answer_for(&spec);
            (
                Just(spec),
                Just(requirement),
                Just(key),
                content(property, value),
            )
        });
    fuzz("answers", inputs, |(spec, requirement, key, content)| {
        let prompt = Prompt {
            key: &key,
            message: "Fuzz?",
            title: None,
            kind: kind_of(&spec),
            requirement,
            default: None,
        };
        match validate_prompt(&prompt, content.as_ref()) {
            Err(why) => Ok(Verdict::Refused(why.to_string())),
            Ok(value) => {
                check_accepted(&spec, requirement, &value)?;
                Ok(Verdict::Accepted)
            }
        }
    });
}

/// What an accepted answer must be for its kind.
fn check_accepted(
    spec: &KindSpec,
    requirement: Requirement,
    value: &Value,
) -> Result<(), TestCaseError> {
    // "Not set": only an answer that may be left empty may be.
    if value.is_null() {
        ensure!(
            requirement == Requirement::Optional,
            "a {requirement:?} answer accepted as not set"
        );
        return Ok(());
    }
    match spec {
        KindSpec::Text => {
            let text = value.as_str();
            ensure!(text.is_some(), "text accepted as {value}");
            if requirement == Requirement::Required {
                ensure!(
                    text.is_some_and(|t| !t.trim().is_empty()),
                    "an empty required text accepted: {value}"
                );
            }
        }
        KindSpec::YesNo => ensure!(value.is_boolean(), "yes/no accepted as {value}"),
        KindSpec::Choice(options) => ensure!(
            value
                .as_str()
                .is_some_and(|v| options.iter().any(|o| o == v)),
            "choice {value} is not among {options:?}"
        ),
        KindSpec::IntegerChoice(choices) => ensure!(
            value.as_i64().is_some_and(|v| choices.contains(&v)),
            "integer choice {value} is not among {choices:?}"
        ),
        KindSpec::Number { min, max, integer } => {
            let n = value.as_f64();
            ensure!(n.is_some_and(f64::is_finite), "number accepted as {value}");
            let n = n.unwrap_or_default();
            if *integer {
                ensure!(
                    value.is_i64() || value.is_u64(),
                    "an integer accepted as {value}"
                );
            }
            // Bounds below 2^53 compare exactly as doubles.
            let exact = |b: f64| b.abs() < 9_007_199_254_740_992.0;
            if let Some(min) = min.filter(|&b| exact(b)) {
                ensure!(n >= min, "{value} accepted below its minimum {min}");
            }
            if let Some(max) = max.filter(|&b| exact(b)) {
                ensure!(n <= max, "{value} accepted above its maximum {max}");
            }
        }
        KindSpec::MultiSelect { options, .. } => {
            let items = value.as_array();
            ensure!(items.is_some(), "multi-select accepted as {value}");
            let items = items.map(Vec::as_slice).unwrap_or_default();
            for (i, item) in items.iter().enumerate() {
                ensure!(
                    item.as_str()
                        .is_some_and(|v| options.iter().any(|o| o == v)),
                    "{item} is not among {options:?}"
                );
                ensure!(!items[..i].contains(item), "{item} kept twice in {value}");
            }
        }
    }
    Ok(())
}

/// Every question of every wizard in the catalog.
fn wizard_questions() -> Vec<&'static Question> {
    crate::registry::catalog()
        .wizards()
        .filter_map(|action| action.wizard())
        .flat_map(|wizard| wizard.questions)
        .collect()
}

#[test]
fn wizard_question_answers() {
    let questions = wizard_questions();
    let inputs = prop::sample::select(questions).prop_flat_map(|question| {
        let value = prop_oneof![
            2 => field_value(),
            1 => Just(json!(true)),
            1 => "[a-z]{1,8}".prop_map(Value::String),
        ]
        .boxed();
        (
            Just(question),
            content(question.property().to_owned(), value),
        )
    });
    fuzz("wizard_question_answers", inputs, |(question, content)| {
        match wizard::form::validate_answer(question, content.as_ref()) {
            Err(why) => Ok(Verdict::Refused(why.to_string())),
            Ok(_) => Ok(Verdict::Accepted),
        }
    });
}

/// A property of a flat form: well-formed often, sometimes anything.
fn flat_property() -> impl Strategy<Value = Value> {
    let well_formed = prop_oneof![
        (prop::option::of(0u64..10), prop::option::of(0u64..10), prop::option::of(prop::sample::select(vec!["email", "uri", "date", "date-time", "color"])))
            .prop_map(|(min, max, format)| {
                let mut p = json!({"type": "string"});
                if let Some(min) = min { p["minLength"] = json!(min); }
                if let Some(max) = max { p["maxLength"] = json!(max); }
                if let Some(format) = format { p["format"] = json!(format); }
                p
            }),
        prop::collection::vec("[a-z]{1,4}", 1..4).prop_map(|values| json!({"type": "string", "enum": values})),
        (any::<bool>(), bound(), bound()).prop_map(|(integer, min, max)| {
            let mut p = json!({"type": if integer { "integer" } else { "number" }});
            if let Some(min) = min { p["minimum"] = json!(min); }
            if let Some(max) = max { p["maximum"] = json!(max); }
            p
        }),
        Just(json!({"type": "boolean", "default": false})),
        (prop::collection::vec("[a-z]{1,4}", 1..4), prop::option::of(0u64..4), any::<bool>())
            .prop_map(|(values, min, unique)| {
                let mut p = json!({"type": "array", "items": {"type": "string", "enum": values}, "uniqueItems": unique});
                if let Some(min) = min { p["minItems"] = json!(min); }
                p
            }),
    ];
    prop_oneof![6 => well_formed, 1 => json()]
}

#[test]
fn flat_forms() {
    let inputs = (
        prop::collection::vec(("[a-c]{1,2}", flat_property()), 0..5),
        prop::collection::vec("[a-c]{1,2}", 0..3),
        prop::option::of(any::<bool>()),
        prop_oneof![6 => Just(false), 1 => Just(true)],
    )
        .prop_flat_map(|(properties, required, closed, raw)| {
            let names: Vec<String> = properties.iter().map(|(name, _)| name.clone()).collect();
            let mut schema = json!({
                "type": "object",
                "properties": properties.into_iter().collect::<Map<String, Value>>(),
                "required": required,
            });
            if let Some(closed) = closed {
                schema["additionalProperties"] = json!(closed);
            }
            let schema = if raw {
                json().boxed()
            } else {
                Just(schema).boxed()
            };
            (schema, object(names))
        });
    fuzz("flat_forms", inputs, |(schema, content)| {
        if let Err(why) = check_flat_schema(&schema) {
            // Refused schemas are refused on use too.
            ensure!(
                validate_against(&schema, &content).is_err(),
                "a refused schema validated content"
            );
            return Ok(Verdict::Refused(why));
        }
        match validate_against(&schema, &content) {
            Err(why) => Ok(Verdict::Refused(why.to_string())),
            Ok(()) => {
                if let Some(required) = schema["required"].as_array() {
                    for name in required.iter().filter_map(Value::as_str) {
                        ensure!(
                            content.contains_key(name),
                            "`{name}` is required but missing"
                        );
                    }
                }
                Ok(Verdict::Accepted)
            }
        }
    });
}
