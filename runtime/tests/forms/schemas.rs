//! The `requestedSchema` of every kind, compared as whole JSON values,
//! the refusal of questions that cannot be asked, and flat form schemas.

use serde_json::{Map, Value, json};
use wizard::form::CONFIRM_KEY;
use wizard::form::Options;
use wizard::form::Prompt;
use wizard::form::check_flat_schema;
use wizard::form::check_prompt;
use wizard::form::check_question;
use wizard::form::prompt_schema;
use wizard::form::requested_schema;
use wizard::form::typed_schema;
use wizard::form::validate_against;
use wizard::form::yes_no_schema;
use wizard::live::Offer;
use wizard::question::ChoiceOption;
use wizard::question::DefaultValue;
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

const fn question(key: &'static str, message: &'static str, kind: Kind) -> Question {
    let requirement = Requirement::Required;
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

/// A question under the key `v` (the key plays no part in what is checked).
const fn asking(kind: Kind) -> Question {
    question("v", "?", kind)
}

const fn number(min: Option<f64>, max: Option<f64>, integer: bool) -> Kind {
    Kind::Number { min, max, integer }
}

const fn multi(options: &'static [ChoiceOption], min: Option<u32>, max: Option<u32>) -> Kind {
    Kind::MultiSelect {
        options,
        min_items: min,
        max_items: max,
    }
}

const fn with_default(q: Question, default: DefaultValue<'static>) -> Question {
    Question {
        default: Some(default),
        ..q
    }
}

fn schema(q: &Question) -> Value {
    Value::Object(requested_schema(q))
}

/// The whole schema around one property: a flat object whose one property is required.
fn one_property(name: &str, property: Value) -> Value {
    json!({"type": "object", "properties": {name: property}, "required": [name]})
}

#[test]
fn text() {
    let title = question("title", "Enter the issue title", Kind::Text);
    // A required text says it must not be empty, so that clients check it too.
    let expected = one_property(
        "title",
        json!({"type": "string", "title": "Title", "description": "Enter the issue title", "minLength": 1}),
    );
    assert_eq!(schema(&title), expected);
    let optional = Question {
        requirement: Requirement::Optional,
        ..title
    };
    // An optional question is not listed in `required`: a client lets the user send
    // the form with the field left empty.
    assert_eq!(
        schema(&optional),
        json!({"type": "object", "properties": {"title":
            {"type": "string", "title": "Title", "description": "Enter the issue title"}}}),
    );
    // A title given by the author is the field's label.
    let titled = Question {
        title: Some("Issue title"),
        ..title
    };
    assert_eq!(
        schema(&titled)["properties"]["title"]["title"],
        "Issue title"
    );
}

#[test]
fn yes_no_always_starts_on_no() {
    let q = question("squash", "Squash commits on merge?", Kind::YesNo);
    let expected = one_property(
        "confirmed",
        json!({
            "type": "boolean", "title": "Squash",
            "description": "Squash commits on merge?", "default": false
        }),
    );
    assert_eq!(schema(&q), expected);
    // A yes/no made at run time (a guard's) is labelled as a confirmation.
    let mut confirm = expected.clone();
    confirm["properties"]["confirmed"]["title"] = json!("Confirm");
    assert_eq!(
        Value::Object(yes_no_schema("Squash commits on merge?")),
        confirm
    );
    let summary = Prompt::confirm("Create issue in project `42`?");
    assert_eq!(summary.key, CONFIRM_KEY);
    let property = &prompt_schema(&summary)["properties"]["confirmed"];
    assert_eq!(property["description"], "Create issue in project `42`?");
}

#[test]
fn choice() {
    let q = question(
        "visibility",
        "Select the project visibility",
        Kind::Choice(VISIBILITY),
    );
    let expected = one_property(
        "selection",
        json!({
            "type": "string", "title": "Visibility",
            "description": "Select the project visibility",
            "enum": ["private", "internal", "public"]
        }),
    );
    assert_eq!(schema(&q), expected);
}

/// Options fetched at run time show their titles where these say more than the values
/// (`main (default branch)`), as MCP's titled options; plain values otherwise. Both wire
/// drivers' schemas agree.
#[test]
fn offers_show_their_titles_when_they_say_more() {
    let titled = [
        Offer::labelled("main", "main (default branch)"),
        Offer::labelled("v1.0.0", "v1.0.0 (tag)"),
    ];
    let prompt = Prompt::choice("ref", "Which ref?", Options::Offers(&titled));
    let expected = one_property(
        "selection",
        json!({
            "type": "string", "title": "Ref", "description": "Which ref?",
            "oneOf": [
                {"const": "main", "title": "main (default branch)"},
                {"const": "v1.0.0", "title": "v1.0.0 (tag)"}
            ]
        }),
    );
    assert_eq!(Value::Object(prompt_schema(&prompt)), expected);
    let typed = serde_json::to_value(typed_schema(&prompt).expect("builds")).expect("serialises");
    assert_eq!(typed, expected);

    let plain = [Offer::from("main"), Offer::labelled("dev", "Dev")];
    let prompt = Prompt::choice("ref", "Which ref?", Options::Offers(&plain));
    assert_eq!(
        prompt_schema(&prompt)["properties"]["selection"]["enum"],
        json!(["main", "dev"])
    );
}

#[test]
fn integer_choice_offers_decimal_strings() {
    let q = question(
        "level",
        "Pick an access level",
        Kind::IntegerChoice(&[10, 20, -1]),
    );
    let expected = one_property(
        "selection",
        json!({
            "type": "string", "title": "Level",
            "description": "Pick an access level", "enum": ["10", "20", "-1"]
        }),
    );
    assert_eq!(schema(&q), expected);
}

#[test]
fn number_with_and_without_bounds() {
    let bounded = question(
        "weight",
        "Issue weight",
        number(Some(0.0), Some(9.5), false),
    );
    let expected = one_property(
        "weight",
        json!({
            "type": "number", "title": "Weight", "description": "Issue weight",
            "minimum": 0.0, "maximum": 9.5
        }),
    );
    assert_eq!(schema(&bounded), expected);

    let integer = question("count", "How many?", number(Some(1.0), None, true));
    let expected = one_property(
        "count",
        json!({"type": "integer", "title": "Count", "description": "How many?", "minimum": 1}),
    );
    assert_eq!(schema(&integer), expected);

    let free = question("x", "Any number", number(None, None, false));
    let expected = one_property(
        "x",
        json!({"type": "number", "title": "X", "description": "Any number"}),
    );
    assert_eq!(schema(&free), expected);
}

#[test]
fn multi_select() {
    let q = question(
        "levels",
        "Pick one or two",
        multi(VISIBILITY, Some(1), Some(2)),
    );
    let expected = one_property(
        "selections",
        json!({
            "type": "array", "title": "Levels", "description": "Pick one or two",
            "items": {"type": "string", "enum": ["private", "internal", "public"]},
            "minItems": 1, "maxItems": 2
        }),
    );
    assert_eq!(schema(&q), expected);

    let open = question("levels", "Pick any", multi(VISIBILITY, None, None));
    let expected = one_property(
        "selections",
        json!({
            "type": "array", "title": "Levels", "description": "Pick any",
            "items": {"type": "string", "enum": ["private", "internal", "public"]}
        }),
    );
    assert_eq!(schema(&open), expected);
}

#[test]
fn defaults_come_only_from_the_question() {
    let default_of = |q: Question| schema(&q)["properties"][q.property()]["default"].clone();
    let text = with_default(asking(Kind::Text), DefaultValue::Text("main"));
    assert_eq!(default_of(text), "main");
    let choice = with_default(
        asking(Kind::Choice(VISIBILITY)),
        DefaultValue::Text("private"),
    );
    assert_eq!(default_of(choice), "private");
    let level = with_default(
        asking(Kind::IntegerChoice(&[10, 20])),
        DefaultValue::Integer(20),
    );
    assert_eq!(default_of(level), "20", "an integer choice offers strings");
    let weight = with_default(asking(number(None, None, false)), DefaultValue::Number(2.5));
    assert_eq!(default_of(weight), 2.5);
    let whole = with_default(asking(number(None, None, false)), DefaultValue::Integer(4));
    assert_eq!(
        default_of(whole),
        json!(4.0),
        "a number question writes floats"
    );
    let count = with_default(asking(number(None, None, true)), DefaultValue::Number(3.0));
    assert_eq!(default_of(count), json!(3));
    assert_eq!(
        default_of(asking(Kind::Text)),
        Value::Null,
        "no default unless given"
    );
}

#[test]
fn prompts_built_at_run_time_match_derived_questions() {
    let owned: Vec<String> = VISIBILITY
        .iter()
        .map(|option| option.value.to_owned())
        .collect();
    let message = "Select the project visibility";
    let derived = requested_schema(&question("visibility", message, Kind::Choice(VISIBILITY)));
    assert_eq!(
        prompt_schema(&Prompt::choice("visibility", message, &owned)),
        derived
    );
    let borrowed = ["private", "internal", "public"];
    assert_eq!(
        prompt_schema(&Prompt::choice("visibility", message, &borrowed)),
        derived
    );

    let derived = requested_schema(&question(
        "levels",
        "Pick",
        multi(VISIBILITY, None, Some(3)),
    ));
    let built = Prompt::multi_select("levels", "Pick", owned.as_slice(), None, Some(3));
    assert_eq!(prompt_schema(&built), derived);

    let derived = requested_schema(&question("level", "Pick", Kind::IntegerChoice(&[1, 2])));
    let values = vec![1, 2];
    assert_eq!(
        prompt_schema(&Prompt::integer_choice("level", "Pick", &values)),
        derived
    );

    let derived = requested_schema(&question("n", "How many?", number(Some(0.0), None, true)));
    let built = Prompt::number("n", "How many?", Some(0.0), None, true);
    assert_eq!(prompt_schema(&built), derived);
}

#[test]
#[rustfmt::skip]
fn questions_that_cannot_be_asked_are_refused() {
    let none: &[ChoiceOption] = &[];
    const TWICE: &[ChoiceOption] = &[option("a", "A"), option("a", "B")];
    let refusals = [
        (asking(Kind::Choice(none)), "offers no options"),
        (asking(Kind::IntegerChoice(&[])), "offers no options"),
        (asking(multi(none, None, None)), "offers no options"),
        (asking(Kind::Choice(TWICE)), "offers `a` twice"),
        (asking(Kind::IntegerChoice(&[1, 1])), "offers `1` twice"),
        (asking(number(Some(2.0), Some(1.0), false)), "minimum 2 above its maximum 1"),
        (asking(number(Some(f64::NAN), None, false)), "must be finite"),
        (asking(number(None, Some(f64::INFINITY), false)), "must be finite"),
        (asking(number(Some(0.5), None, true)), "use a whole number"),
        (asking(number(None, Some(1e300), true)), "use a whole number"),
        (asking(multi(VISIBILITY, Some(3), Some(2))), "at least 3 items but at most 2"),
        (asking(multi(VISIBILITY, Some(4), None)), "offers only 3"),
        (with_default(asking(Kind::Choice(VISIBILITY)), DefaultValue::Text("secret")), "does not offer"),
        (with_default(asking(Kind::IntegerChoice(&[1, 2])), DefaultValue::Integer(3)), "does not offer"),
        (with_default(asking(Kind::YesNo), DefaultValue::Text("yes")), "does not offer"),
        (with_default(asking(multi(VISIBILITY, None, None)), DefaultValue::Text("public")), "does not offer"),
        (with_default(asking(number(None, Some(10.0), false)), DefaultValue::Number(11.0)), "does not offer"),
        (with_default(asking(number(None, None, true)), DefaultValue::Number(1.5)), "not a valid number"),
        (with_default(asking(Kind::Text), DefaultValue::Integer(1)), "does not offer"),
        (question("", "?", Kind::Text), "non-empty key"),
    ];
    for (q, says) in refusals {
        let error = check_question(&q).expect_err(&format!("{q:?} must be refused"));
        assert!(error.contains(says), "{q:?}: {error:?} should say {says:?}");
    }
    let no_strings: Vec<String> = Vec::new();
    let error = check_prompt(&Prompt::choice("color", "Pick", &no_strings)).expect_err("empty");
    assert_eq!(error, "`color` offers no options: give at least one");
    let twice = ["a", "b", "a"];
    assert!(check_prompt(&Prompt::multi_select("c", "Pick", &twice, None, None)).is_err());
}

#[test]
#[rustfmt::skip]
fn questions_that_can_be_asked_pass() {
    let fine = [
        asking(Kind::Text),
        asking(Kind::YesNo),
        asking(Kind::Choice(VISIBILITY)),
        asking(Kind::IntegerChoice(&[1])),
        asking(number(Some(1.0), Some(1.0), true)),
        asking(number(Some(-0.5), Some(0.5), false)),
        asking(multi(VISIBILITY, Some(3), Some(3))),
        with_default(asking(number(Some(0.0), Some(9.0), true)), DefaultValue::Integer(5)),
        with_default(asking(Kind::Choice(VISIBILITY)), DefaultValue::Text("public")),
    ];
    for q in fine {
        assert_eq!(check_question(&q), Ok(()), "{q:?}");
    }
    assert_eq!(check_prompt(&Prompt::confirm("Delete?")), Ok(()));
}

fn object(value: Value) -> Map<String, Value> {
    value.as_object().cloned().expect("an object")
}

/// A form with one property of every kind MCP allows.
fn every_kind() -> Value {
    json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "title": "Name", "minLength": 2, "maxLength": 5, "default": "Ann"},
            "email": {"type": "string", "format": "email"},
            "site": {"type": "string", "format": "uri"},
            "born": {"type": "string", "format": "date"},
            "at": {"type": "string", "format": "date-time"},
            "status": {"type": "string", "enum": ["active", "inactive"], "enumNames": ["Active", "Inactive"]},
            "tier": {"type": "string", "oneOf": [{"const": "gold", "title": "Gold"}, {"const": "free", "title": "Free"}]},
            "age": {"type": "integer", "minimum": 0, "maximum": 150},
            "score": {"type": "number", "minimum": 0.5},
            "verified": {"type": "boolean", "default": true},
            "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]}, "minItems": 1, "maxItems": 2, "uniqueItems": true},
            "colors": {"type": "array", "items": {"anyOf": [{"const": "red", "title": "Red"}, {"const": "blue", "title": "Blue"}]}}
        },
        "required": ["name", "age"]
    })
}

#[test]
fn flat_schemas_are_accepted() {
    assert_eq!(check_flat_schema(&every_kind()), Ok(()));
    let minimal =
        json!({"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]});
    assert_eq!(check_flat_schema(&minimal), Ok(()));
    let dialect = "https://json-schema.org/draft/2020-12/schema";
    let closed = json!({"type": "object", "properties": {}, "additionalProperties": false, "$schema": dialect});
    assert_eq!(check_flat_schema(&closed), Ok(()));
}

#[test]
#[rustfmt::skip]
fn schemas_a_form_cannot_express_are_refused() {
    let with = |property: Value| json!({"type": "object", "properties": {"p": property}});
    let refusals = [
        (json!([]), "must be a JSON object"),
        (json!({"properties": {}}), r#"needs `"type": "object"`"#),
        (json!({"type": "object"}), "needs `properties`"),
        (json!({"type": "object", "properties": {}, "required": ["x"]}), "names `x`, which is not in `properties`"),
        (json!({"type": "object", "properties": {}, "required": "x"}), "`required` must be an array"),
        (json!({"type": "object", "properties": {}, "$defs": {}}), "uses `$defs`: form schemas are flat"),
        (json!({"type": "object", "properties": {}, "allOf": []}), "uses `allOf`, which a form cannot express"),
        (json!({"type": "object", "properties": {}, "additionalProperties": {}}), "must be true or false"),
        (with(json!({"type": "object", "properties": {"q": {"type": "string"}}})), "property `p` is an object: form schemas are flat"),
        (with(json!({"$ref": "#/$defs/x"})), "uses `$ref`"),
        (with(json!({"type": "string", "$ref": "#/$defs/x"})), "uses `$ref`"),
        (with(json!({"type": ["string", "null"]})), "needs a `type` of"),
        (with(json!({"type": "null"})), "needs a `type` of"),
        (with(json!({"type": "string", "enum": []})), "non-empty array of distinct strings"),
        (with(json!({"type": "string", "enum": ["a", "a"]})), "non-empty array of distinct strings"),
        (with(json!({"type": "string", "enum": [1]})), "non-empty array of distinct strings"),
        (with(json!({"type": "string", "enum": ["a"], "oneOf": [{"const": "a"}]})), "both `enum` and `oneOf`"),
        (with(json!({"type": "string", "oneOf": [{"const": "a", "title": 1}]})), "`oneOf` to be"),
        (with(json!({"type": "string", "oneOf": [{"const": "a"}, {"const": "a"}]})), "`oneOf` to be"),
        (with(json!({"type": "string", "enum": ["a"], "enumNames": ["A", "B"]})), "one per `enum` value"),
        (with(json!({"type": "string", "format": "ipv4"})), "a `format` other than"),
        (with(json!({"type": "string", "minLength": -1})), "`minLength` to be a non-negative integer"),
        (with(json!({"type": "string", "minLength": 3, "maxLength": 2})), "`minLength` above `maxLength`"),
        (with(json!({"type": "string", "pattern": "^a"})), "uses `pattern`, which a form cannot express"),
        (with(json!({"type": "number", "minimum": "0"})), "`minimum` to be a number"),
        (with(json!({"type": "integer", "minimum": 2, "maximum": 1})), "`minimum` above `maximum`"),
        (with(json!({"type": "integer", "minimum": 0.5})), "`minimum` to be an integer"),
        (with(json!({"type": "integer", "maximum": 1.0})), "`maximum` to be an integer"),
        (with(json!({"type": "boolean", "enum": [true]})), "uses `enum`"),
        (with(json!({"type": "array"})), "needs `items`"),
        (with(json!({"type": "array", "items": {"type": "integer", "enum": [1]}})), "needs `items`"),
        (with(json!({"type": "array", "items": {"type": "object", "properties": {}}})), "needs `items`"),
        (with(json!({"type": "array", "items": {"type": "string"}})), "needs `items`"),
        (with(json!({"type": "array", "items": {"enum": ["a"]}, "uniqueItems": 1})), "`uniqueItems` to be true or false"),
        (with(json!({"type": "array", "items": {"enum": ["a"]}, "minItems": 2, "maxItems": 1})), "`minItems` above `maxItems`"),
        (with(json!("string")), "must be a JSON object"),
    ];
    for (schema, says) in refusals {
        let error = check_flat_schema(&schema).expect_err(&format!("{schema} must be refused"));
        assert!(error.contains(says), "{schema}: {error:?} should say {says:?}");
        let error = validate_against(&schema, &Map::new()).expect_err("no answer fits an unknown schema");
        assert!(error.to_string().starts_with("the schema is not a flat form schema"), "{error}");
    }
}

fn good_answer() -> Value {
    json!({
        "name": "Ann", "email": "ann@example.com", "site": "https://example.com/a",
        "born": "2000-02-29", "at": "2026-07-28T12:30:00.5+02:00", "status": "active",
        "tier": "gold", "age": 30, "score": 95.5, "verified": true, "tags": ["a", "c"],
        "colors": ["blue"], "unrelated": {"ignored": true}
    })
}

/// `good_answer` with `key` set to `value`, or removed when `value` is `None`.
fn answer_with(key: &str, value: Option<&Value>) -> Map<String, Value> {
    let mut answer = object(good_answer());
    match value {
        Some(value) => answer.insert(key.into(), value.clone()),
        None => answer.remove(key),
    };
    answer
}

#[test]
fn content_that_fits_is_accepted() {
    let schema = every_kind();
    assert_eq!(validate_against(&schema, &object(good_answer())), Ok(()));
    assert_eq!(
        validate_against(&schema, &object(json!({"name": "Bo", "age": 0}))),
        Ok(())
    );
    for (key, fine) in [
        ("age", json!(150.0)),
        ("name", json!("ñññññ")),
        ("born", json!("2024-12-31")),
        ("at", json!("2026-01-01t00:00:60Z")),
        ("at", json!("2026-01-01T23:59:59-05:30")),
        ("site", json!("urn:isbn:0451450523")),
        ("colors", json!([])),
    ] {
        let answer = answer_with(key, Some(&fine));
        assert_eq!(validate_against(&schema, &answer), Ok(()), "{key}: {fine}");
    }
}

#[test]
#[rustfmt::skip]
fn content_that_does_not_fit_is_malformed() {
    let schema = every_kind();
    let refusals = [
        ("name", None, "`name` is missing"),
        ("age", None, "`age` is missing"),
        ("name", Some(json!(7)), "`name` must be a string, got a number"),
        ("name", Some(json!("A")), "at least 2 characters, got 1"),
        ("name", Some(json!("Annabel")), "at most 5 characters, got 7"),
        ("email", Some(json!("ann.example.com")), "`email` must be a valid email"),
        ("email", Some(json!("ann @example.com")), "valid email"),
        ("email", Some(json!("ann@.com")), "valid email"),
        ("site", Some(json!("example.com")), "`site` must be a valid uri"),
        ("site", Some(json!("https://exa mple.com")), "valid uri"),
        ("site", Some(json!("1http://x")), "valid uri"),
        ("born", Some(json!("2001-02-29")), "`born` must be a valid date"),
        ("born", Some(json!("2000-13-01")), "valid date"),
        ("born", Some(json!("2000-04-31")), "valid date"),
        ("born", Some(json!("20000-01-01")), "valid date"),
        ("at", Some(json!("2026-07-28 12:30:00Z")), "`at` must be a valid date-time"),
        ("at", Some(json!("2026-07-28T24:00:00Z")), "valid date-time"),
        ("at", Some(json!("2026-07-28T12:30:00")), "valid date-time"),
        ("at", Some(json!("2026-07-28T12:30:00.+02:00")), "valid date-time"),
        ("at", Some(json!("2026-07-28T12:30:00+2:00")), "valid date-time"),
        ("at", Some(json!("2026-07-28T12:30ñ00Z")), "valid date-time"),
        ("status", Some(json!("Active")), "`status` must be one of `active`, `inactive`"),
        ("tier", Some(json!("Gold")), "`tier` must be one of `gold`, `free`"),
        ("age", Some(json!(30.5)), "`age` must be an integer"),
        ("age", Some(json!(151)), "`age` must be at most 150"),
        ("age", Some(json!(-1)), "`age` must be at least 0"),
        ("age", Some(json!("30")), "`age` must be a number, got a string"),
        ("score", Some(json!(0.4)), "`score` must be at least 0.5"),
        ("verified", Some(json!("true")), "`verified` must be true or false, got a string"),
        ("verified", Some(json!(null)), "got null"),
        ("tags", Some(json!([])), "`tags` must have at least 1 items, got 0"),
        ("tags", Some(json!(["a", "b", "c"])), "at most 2 items, got 3"),
        ("tags", Some(json!(["a", "a"])), "holds an item twice"),
        ("tags", Some(json!(["d"])), "`tags` may hold only `a`, `b`, `c`"),
        ("tags", Some(json!("a")), "must be an array of strings, got a string"),
        ("colors", Some(json!(["Red"])), "may hold only `red`, `blue`"),
    ];
    for (key, bad, says) in refusals {
        let error = validate_against(&schema, &answer_with(key, bad.as_ref()))
            .expect_err(&format!("{key}: {bad:?} must be refused"));
        assert!(error.to_string().contains(says), "{key}: {bad:?}: {error} should say {says:?}");
    }
}

#[test]
fn a_closed_form_refuses_other_properties() {
    let closed = json!({
        "type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false
    });
    assert_eq!(
        validate_against(&closed, &object(json!({"a": "x"}))),
        Ok(())
    );
    let error =
        validate_against(&closed, &object(json!({"a": "x", "b\n**": 1}))).expect_err("closed");
    assert_eq!(error.to_string(), "`b **` is not a property of this form");
}

/// Both wire drivers send the schema through rmcp's typed `ElicitationSchema`; every
/// kind must survive that trip unchanged (an integer bound written as `1.0`, say,
/// would not).
#[test]
fn every_kind_survives_rmcp_typed_schema() {
    let kinds = [
        Kind::Text,
        Kind::YesNo,
        Kind::Choice(VISIBILITY),
        Kind::IntegerChoice(&[10, 20]),
        number(Some(0.0), Some(9.5), false),
        number(Some(-3.0), Some(3.0), true),
        number(None, None, true),
        multi(VISIBILITY, Some(1), Some(2)),
        multi(VISIBILITY, None, None),
    ];
    let mut questions: Vec<Question> = kinds.into_iter().map(asking).collect();
    questions.extend([
        with_default(asking(Kind::Text), DefaultValue::Text("main")),
        with_default(
            asking(Kind::Choice(VISIBILITY)),
            DefaultValue::Text("public"),
        ),
        with_default(
            asking(Kind::IntegerChoice(&[10, 20])),
            DefaultValue::Integer(20),
        ),
        with_default(asking(number(None, None, true)), DefaultValue::Integer(4)),
        with_default(asking(number(None, None, false)), DefaultValue::Number(0.5)),
        with_default(asking(number(None, None, false)), DefaultValue::Integer(4)),
    ]);
    for q in questions {
        assert_eq!(check_question(&q), Ok(()), "{q:?}");
        let sent = schema(&q);
        let typed: rmcp::model::ElicitationSchema = serde_json::from_value(sent.clone())
            .unwrap_or_else(|error| panic!("{q:?}: rmcp refuses {sent}: {error}"));
        let received = serde_json::to_value(&typed).expect("serialises");
        assert_eq!(received, sent, "{q:?}");
    }
    let typed: rmcp::model::ElicitationSchema =
        serde_json::from_value(every_kind()).expect("rmcp reads a flat form schema");
    let received = serde_json::to_value(&typed).expect("serialises");
    assert_eq!(check_flat_schema(&received), Ok(()));
}
