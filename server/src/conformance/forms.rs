//! The elicitation fixtures of the 2025-11-25 scenarios, each a `#[derive(Wizard)]`
//! single form: one `elicitation/create` asking every field, with defaults of every
//! kind (SEP-1034), titled and legacy-titled choices and multi-selects (SEP-1330).
//! On 2026-07-28 the same form travels as one `input_required` round.

use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value};
use wizard::prompt::PromptError;
use wizard::single_form::SingleForm;
use wizard::single_form::ask as ask_single_form;
use wizard::{Choice, Flow, Wizard};

use super::asking;
use crate::catalog::output::error_result;

/// `tools-call-elicitation`: a username and an email address, asked with the message
/// the call passes.
#[derive(Debug, Wizard)]
#[wizard(tool = "test_elicitation", single_form)]
#[allow(
    dead_code,
    reason = "the suite reads the answers on the wire; the fixture only asks for them"
)]
pub struct UserDetails {
    /// The message shown with the form.
    #[tool_arg]
    pub message: String,
    #[ask("User's response")]
    pub username: String,
    #[ask("User's email address")]
    pub email: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Choice)]
pub enum Status {
    Active,
    Inactive,
    Pending,
}

/// `elicitation-sep1034-defaults`: a default for every primitive type.
#[derive(Debug, Wizard)]
#[wizard(tool = "test_elicitation_sep1034_defaults", single_form)]
#[allow(
    dead_code,
    reason = "the suite reads the answers on the wire; the fixture only asks for them"
)]
pub struct Defaults {
    #[ask("Your name", default = "John Doe")]
    pub name: String,
    #[ask("Your age", default = 30)]
    pub age: i64,
    #[ask("Your score", default = 95.5)]
    pub score: f64,
    #[ask("Your status", default = "active")]
    pub status: Status,
    // A pre-filled yes is allowed in a single form: the user still submits the form.
    #[ask("Is your account verified?", default = true)]
    pub verified: bool,
}

/// Options offered by their values alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Choice)]
pub enum Plain {
    #[choice(value = "option1")]
    Option1,
    #[choice(value = "option2")]
    Option2,
    #[choice(value = "option3")]
    Option3,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Choice)]
pub enum TitledOption {
    #[choice(value = "value1", title = "First Option")]
    First,
    #[choice(value = "value2", title = "Second Option")]
    Second,
    #[choice(value = "value3", title = "Third Option")]
    Third,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Choice)]
pub enum LegacyOption {
    #[choice(value = "opt1", title = "Option One")]
    One,
    #[choice(value = "opt2", title = "Option Two")]
    Two,
    #[choice(value = "opt3", title = "Option Three")]
    Three,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Choice)]
pub enum TitledChoice {
    #[choice(value = "value1", title = "First Choice")]
    First,
    #[choice(value = "value2", title = "Second Choice")]
    Second,
    #[choice(value = "value3", title = "Third Choice")]
    Third,
}

/// `elicitation-sep1330-enums`: the five ways a form offers options.
#[derive(Debug, Wizard)]
#[wizard(tool = "test_elicitation_sep1330_enums", single_form)]
#[allow(
    dead_code,
    reason = "the suite reads the answers on the wire; the fixture only asks for them"
)]
pub struct Enums {
    #[ask("Pick one option", key = "untitledSingle")]
    pub untitled_single: Plain,
    #[ask("Pick one titled option", key = "titledSingle", titled)]
    pub titled_single: TitledOption,
    #[ask(
        "Pick one option (titles for older clients)",
        key = "legacyEnum",
        enum_names
    )]
    pub legacy_enum: LegacyOption,
    #[ask("Pick any options", key = "untitledMulti")]
    pub untitled_multi: Vec<Plain>,
    #[ask("Pick any titled options", key = "titledMulti", titled)]
    pub titled_multi: Vec<TitledChoice>,
}

/// The tools, by name, with their descriptions.
pub const TOOLS: [(&str, &str); 3] = [
    (
        UserDetails::INFO.tool,
        "Asks for a username and an email address in one form, shown with `message`.",
    ),
    (
        Defaults::INFO.tool,
        "Asks one form whose fields all carry defaults: text, integer, number, choice and yes/no (SEP-1034).",
    ),
    (
        Enums::INFO.tool,
        "Asks one form offering options untitled, titled, with legacy enumNames, and as untitled and titled multi-selects (SEP-1330).",
    ),
];

/// Runs the form fixture the call names; `None` when it names none.
pub async fn call(
    flow: &Flow,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Option<CallToolResponse> {
    let name = request.name.as_ref();
    let response = if name == UserDetails::INFO.tool {
        let message = |args: &UserDetailsArgs| args.message.clone();
        ask::<UserDetails>(flow, request, context, message, |action, content| {
            let content = content.map_or_else(String::new, |content| {
                format!(", content: {}", Value::Object(content.clone()))
            });
            format!("User response: <action: {action}{content}>")
        })
        .await
    } else if name == Defaults::INFO.tool {
        let message = |_: &DefaultsArgs| {
            "Please review your details; every field starts with a default".to_owned()
        };
        ask::<Defaults>(flow, request, context, message, completed).await
    } else if name == Enums::INFO.tool {
        let message = |_: &EnumsArgs| "Please pick from each list".to_owned();
        ask::<Enums>(flow, request, context, message, completed).await
    } else {
        return None;
    };
    Some(response)
}

/// `Elicitation completed: action=accept, content={..}`.
fn completed(action: &str, content: Option<&Map<String, Value>>) -> String {
    let content = content.cloned().unwrap_or_default();
    format!(
        "Elicitation completed: action={action}, content={}",
        Value::Object(content)
    )
}

/// Asks `W`'s form, shown with `message(args)`, and reports what the user did with
/// `report(action, content)`.
async fn ask<W: SingleForm>(
    flow: &Flow,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
    message: fn(&W::Args) -> String,
    report: fn(&str, Option<&Map<String, Value>>) -> String,
) -> CallToolResponse {
    let tool = W::INFO.tool;
    let arguments = request.arguments.clone().unwrap_or_default();
    let args: W::Args = match serde_json::from_value(Value::Object(arguments)) {
        Ok(args) => args,
        Err(error) => {
            return error_result(format!("invalid arguments for `{tool}`: {error}")).into();
        }
    };
    let message = message(&args);
    let mut prompter = flow.prompter(request, context);
    let text = match ask_single_form::<W>(&mut prompter, "form", &message, args).await {
        Ok(filled) => report("accept", Some(&filled.content)),
        Err(PromptError::Declined) => report("decline", None),
        Err(PromptError::Cancelled) => report("cancel", None),
        Err(PromptError::Pending) => return asking(&prompter, &format!("`{tool}`: the form")),
        Err(error) => return error_result(format!("`{tool}`: {error}")).into(),
    };
    CallToolResult::success(vec![ContentBlock::text(text)]).into()
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};
    use wizard::single_form::schema as combined_schema;

    use super::*;

    fn properties<W: SingleForm>() -> Value {
        let schema = combined_schema::<W>().expect("the fixture's form can be asked");
        schema["properties"].clone()
    }

    /// What `elicitation-sep1034-defaults` checks: a default of every primitive type.
    #[test]
    fn sep1034_every_field_has_its_default() {
        let fields = properties::<Defaults>();
        let defaults: Vec<(&str, &Value, &Value)> = ["name", "age", "score", "status", "verified"]
            .into_iter()
            .map(|key| (key, &fields[key]["type"], &fields[key]["default"]))
            .collect();
        assert_eq!(
            defaults,
            [
                ("name", &json!("string"), &json!("John Doe")),
                ("age", &json!("integer"), &json!(30)),
                ("score", &json!("number"), &json!(95.5)),
                ("status", &json!("string"), &json!("active")),
                ("verified", &json!("boolean"), &json!(true)),
            ]
        );
        assert_eq!(
            fields["status"]["enum"],
            json!(["active", "inactive", "pending"])
        );
    }

    /// What `elicitation-sep1330-enums` checks: the five ways to offer options.
    #[test]
    fn sep1330_offers_options_five_ways() {
        let fields = properties::<Enums>();
        let untitled = json!(["option1", "option2", "option3"]);
        assert_eq!(fields["untitledSingle"]["enum"], untitled);
        assert!(fields["untitledSingle"].get("oneOf").is_none());
        assert_eq!(
            fields["titledSingle"]["oneOf"][0],
            json!({"const": "value1", "title": "First Option"})
        );
        assert!(fields["titledSingle"].get("enum").is_none());
        assert_eq!(
            fields["legacyEnum"]["enum"],
            json!(["opt1", "opt2", "opt3"])
        );
        assert_eq!(
            fields["legacyEnum"]["enumNames"],
            json!(["Option One", "Option Two", "Option Three"])
        );
        assert_eq!(
            fields["untitledMulti"]["items"],
            json!({"type": "string", "enum": untitled})
        );
        assert_eq!(
            fields["titledMulti"]["items"]["anyOf"][1],
            json!({"const": "value2", "title": "Second Choice"})
        );
    }

    /// What `tools-call-elicitation` asks: a username and an email, both required.
    #[test]
    fn user_details_asks_two_required_strings() {
        let schema = combined_schema::<UserDetails>().expect("the form can be asked");
        assert_eq!(schema["required"], json!(["username", "email"]));
        assert_eq!(
            schema["properties"]["email"]["description"],
            "User's email address"
        );
    }
}
