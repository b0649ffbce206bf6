//! `#[wizard(single_form)]`: every question in one form, with defaults of every kind
//! and titled choices, checked through the runtime's `combined_schema` and `from_form`.

use serde_json::{Map, Value, json};
use wizard::form::requested_schema;
use wizard::prompt::PromptError;
use wizard::question::DefaultValue;
use wizard::question::Titles;
use wizard::single_form::SingleForm;
use wizard::single_form::from_form;
use wizard::single_form::schema as combined_schema;
use wizard::{Choice, Wizard};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Choice)]
enum Plan {
    Free,
    #[choice(title = "Premium plan")]
    Premium,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Choice)]
enum Topic {
    #[choice(value = "ci", title = "Pipelines")]
    Ci,
    #[choice(value = "docs", title = "Documentation")]
    Docs,
    #[choice(value = "api", title = "REST API")]
    Api,
}

/// Signs a user up.
#[derive(Debug, Wizard)]
#[wizard(tool = "sign_up", single_form)]
struct SignUp {
    #[tool_arg]
    team: String,
    #[ask("Your name", default = "Ada")]
    name: String,
    #[ask("About you")]
    bio: Option<String>,
    #[ask("Your age", min = 18, max = 130, default = 30)]
    age: u8,
    #[ask("Your rating", default = 4.5)]
    rating: f64,
    #[ask("Your plan", titled, default = "free")]
    plan: Plan,
    #[ask("Your plan again, for older clients", key = "legacyPlan", enum_names)]
    legacy_plan: Plan,
    #[ask("Topics you follow", min_items = 1)]
    topics: Vec<Topic>,
    #[ask("Topics you would write about", titled)]
    writes: Vec<Topic>,
    #[ask("Send me the newsletter", default = true)]
    newsletter: bool,
    #[ask("Make my profile public", default = false)]
    public: bool,
}

fn schema() -> Value {
    Value::Object(combined_schema::<SignUp>().expect("the sign-up form can be asked"))
}

fn content(value: Value) -> Map<String, Value> {
    value.as_object().cloned().expect("an object")
}

fn answers() -> Value {
    json!({
        "name": "Grace",
        "bio": "",
        "age": 36,
        "rating": 5,
        "plan": "premium",
        "legacyPlan": "free",
        "topics": ["docs", "ci"],
        "writes": [],
        "newsletter": false,
        "public": true,
    })
}

#[test]
fn every_question_is_one_property_named_after_its_key() {
    let schema = schema();
    let properties = schema["properties"].as_object().unwrap();
    let keys: Vec<&str> = properties.keys().map(String::as_str).collect();
    let mut expected = vec![
        "name",
        "bio",
        "age",
        "rating",
        "plan",
        "legacyPlan",
        "topics",
        "writes",
        "newsletter",
        "public",
    ];
    expected.sort_unstable();
    assert_eq!(keys, expected);
    assert_eq!(
        schema["required"],
        json!([
            "name",
            "age",
            "rating",
            "plan",
            "legacyPlan",
            "topics",
            "writes"
        ])
    );
    assert_eq!(
        properties["name"],
        json!({"type": "string", "title": "Name", "description": "Your name", "minLength": 1, "default": "Ada"})
    );
    assert_eq!(
        properties["bio"],
        json!({"type": "string", "title": "Bio", "description": "About you"})
    );
}

#[test]
fn defaults_of_every_kind_are_offered() {
    let schema = schema();
    let property = |key: &str| schema["properties"][key].clone();
    assert_eq!(
        property("age"),
        json!({"type": "integer", "title": "Age", "description": "Your age", "minimum": 18, "maximum": 130, "default": 30})
    );
    assert_eq!(property("rating")["default"], json!(4.5));
    assert_eq!(property("plan")["default"], json!("free"));
    assert_eq!(property("newsletter")["default"], json!(true));
    assert_eq!(property("public")["default"], json!(false));
}

#[test]
fn choices_show_titles_as_asked() {
    let schema = schema();
    let property = |key: &str| schema["properties"][key].clone();
    assert_eq!(
        property("plan"),
        json!({
            "type": "string", "title": "Plan", "description": "Your plan", "default": "free",
            "oneOf": [{"const": "free", "title": "Free"}, {"const": "premium", "title": "Premium plan"}],
        })
    );
    assert_eq!(
        property("legacyPlan"),
        json!({
            "type": "string", "title": "Legacy plan", "description": "Your plan again, for older clients",
            "enum": ["free", "premium"], "enumNames": ["Free", "Premium plan"],
        })
    );
    assert_eq!(
        property("topics"),
        json!({
            "type": "array", "title": "Topics", "description": "Topics you follow", "minItems": 1,
            "items": {"type": "string", "enum": ["ci", "docs", "api"]},
        })
    );
    assert_eq!(
        property("writes")["items"],
        json!({"anyOf": [
            {"const": "ci", "title": "Pipelines"},
            {"const": "docs", "title": "Documentation"},
            {"const": "api", "title": "REST API"},
        ]})
    );
    assert_eq!(
        SignUp::TITLES,
        &[
            ("plan", Titles::Titled),
            ("legacyPlan", Titles::EnumNames),
            ("writes", Titles::Titled)
        ]
    );
}

#[test]
fn a_yes_default_shows_only_in_the_single_form() {
    let newsletter = SignUp::QUESTIONS
        .iter()
        .find(|q| q.key == "newsletter")
        .unwrap();
    assert_eq!(newsletter.default, Some(DefaultValue::Bool(true)));
    // Asked on its own, the same yes/no opens on no.
    let alone = Value::Object(requested_schema(newsletter));
    assert_eq!(alone["properties"]["confirmed"]["default"], json!(false));
}

#[test]
fn the_answers_build_the_struct() {
    let args = SignUpArgs {
        team: "platform".to_owned(),
    };
    let signed_up = from_form::<SignUp>(&content(answers()), args).expect("valid answers");
    assert_eq!(signed_up.team, "platform");
    assert_eq!(signed_up.name, "Grace");
    assert_eq!(signed_up.bio, None, "an empty optional text stays unset");
    assert_eq!(signed_up.age, 36);
    assert!((signed_up.rating - 5.0).abs() < f64::EPSILON);
    assert_eq!(
        (signed_up.plan, signed_up.legacy_plan),
        (Plan::Premium, Plan::Free)
    );
    assert_eq!(signed_up.topics, [Topic::Docs, Topic::Ci]);
    assert!(signed_up.writes.is_empty());
    assert!(!signed_up.newsletter && signed_up.public);
}

#[test]
fn an_optional_question_left_out_stays_unset() {
    let mut answers = content(answers());
    answers.remove("bio");
    answers.remove("newsletter");
    let args = SignUpArgs {
        team: "platform".to_owned(),
    };
    let signed_up = from_form::<SignUp>(&answers, args).expect("valid answers");
    assert_eq!(signed_up.bio, None);
    assert!(!signed_up.newsletter, "an unanswered yes/no is no");
}

#[test]
fn malformed_answers_are_refused_naming_the_property() {
    let cases = [
        ("name", json!(""), "`name`"),
        ("age", json!(12), "`age` must be at least 18"),
        ("plan", json!("gold"), "`plan`"),
        ("topics", json!([]), "`topics` must have at least 1 items"),
        ("writes", json!(["nope"]), "`writes`"),
        (
            "newsletter",
            json!("yes"),
            "`newsletter` must be true or false",
        ),
    ];
    for (key, value, expected) in cases {
        let mut answers = content(answers());
        answers.insert(key.to_owned(), value.clone());
        let args = SignUpArgs {
            team: "platform".to_owned(),
        };
        match from_form::<SignUp>(&answers, args) {
            Err(PromptError::Malformed(why)) => {
                assert!(why.contains(expected), "{key} = {value}: {why}");
            }
            other => panic!("{key} = {value}: expected a malformed answer, got {other:?}"),
        }
    }
    let mut answers = content(answers());
    answers.remove("plan");
    let args = SignUpArgs {
        team: "platform".to_owned(),
    };
    assert!(matches!(
        from_form::<SignUp>(&answers, args),
        Err(PromptError::Malformed(why)) if why.contains("`plan` is missing")
    ));
}

#[test]
fn a_single_form_needs_only_its_tool_name() {
    let info = SignUp::INFO;
    assert_eq!(
        (info.tool, info.id, info.alternative, info.noun),
        ("sign_up", None, None, "")
    );
    assert_eq!(info.doc, "Signs a user up.");
}
