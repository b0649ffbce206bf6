//! A wizard as an MCP tool: the `Tool` to list, and the arguments of a call to it.

use std::sync::Arc;

use rmcp::model::{CallToolRequestParams, CallToolResponse, JsonObject, Tool};
use schemars::JsonSchema;
use schemars::generate::SchemaSettings;
use schemars::transform::{Transform, transform_subschemas};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::flow::outcome::error_result;
use crate::wizard::Wizard;

/// The tool that runs wizard `W`, for `tools/list`: named `W::INFO.tool`, described by
/// the struct's doc comment, taking `W::Args` (the `#[tool_arg]` fields) as its input
/// schema ([`input_schema`]).
///
/// ```
/// #[derive(Debug, wizard::Wizard)]
/// #[wizard(tool = "notes_add", noun = "Note", summary = "Add the note {text}?")]
/// /// Adds a note, asking for its text.
/// struct AddNote {
///     #[ask("What should the note say?")]
///     text: String,
/// }
///
/// let tool = wizard::tool::<AddNote>();
/// assert_eq!(tool.name, "notes_add");
/// assert_eq!(tool.description.as_deref(), Some("Adds a note, asking for its text."));
/// assert_eq!(tool.input_schema["type"], "object");
/// ```
pub fn tool<W: Wizard>() -> Tool {
    Tool::new(W::INFO.tool, W::INFO.doc, input_schema::<W::Args>())
}

/// The arguments of a call to `W`'s tool, or the response to return: an error result
/// (`isError: true`) naming what is wrong, which a model can read and correct.
///
/// ```
/// # #[derive(Debug, wizard::Wizard)]
/// # #[wizard(tool = "notes_add", noun = "Note", summary = "Add {text} to {board}?")]
/// # struct AddNote { #[tool_arg] board: String, #[ask("Text?")] text: String }
/// use rmcp::model::CallToolRequestParams;
///
/// let request = CallToolRequestParams::new("notes_add")
///     .with_arguments(serde_json::json!({"board": "team"}).as_object().cloned().unwrap());
/// let args = wizard::arguments::<AddNote>(&request).unwrap();
/// assert_eq!(args.board, "team");
/// assert!(wizard::arguments::<AddNote>(&CallToolRequestParams::new("notes_add")).is_err());
/// ```
#[allow(
    clippy::result_large_err,
    reason = "the response goes straight back to rmcp, which takes it by value"
)]
pub fn arguments<W: Wizard>(request: &CallToolRequestParams) -> Result<W::Args, CallToolResponse> {
    read_arguments(W::INFO.tool, request)
}

/// The arguments of a call to a tool that is not a wizard, read into your own `T`, or
/// the response to return: the same error result as [`arguments`] gives, naming the
/// tool and what is wrong. List such a tool with [`input_schema`]`::<T>()` as its
/// input schema.
///
/// ```
/// use rmcp::model::CallToolRequestParams;
///
/// #[derive(serde::Deserialize, schemars::JsonSchema)]
/// struct ListArgs {
///     /// How many bookings to list.
///     limit: Option<u32>,
/// }
///
/// let call = |arguments: serde_json::Value| {
///     CallToolRequestParams::new("rooms_list").with_arguments(arguments.as_object().cloned().unwrap())
/// };
/// let args: ListArgs = wizard::tool_arguments(&call(serde_json::json!({"limit": 5}))).unwrap();
/// assert_eq!(args.limit, Some(5));
///
/// let Err(response) = wizard::tool_arguments::<ListArgs>(&call(serde_json::json!({"limit": "five"})))
/// else {
///     panic!("a string is no limit");
/// };
/// let rmcp::model::CallToolResponse::Complete(result) = response else { unreachable!() };
/// assert_eq!(result.is_error, Some(true));
/// ```
#[allow(
    clippy::result_large_err,
    reason = "the response goes straight back to rmcp, which takes it by value"
)]
pub fn tool_arguments<T: DeserializeOwned>(
    request: &CallToolRequestParams,
) -> Result<T, CallToolResponse> {
    read_arguments(&request.name, request)
}

#[allow(
    clippy::result_large_err,
    reason = "the response goes straight back to rmcp, which takes it by value"
)]
fn read_arguments<T: DeserializeOwned>(
    tool: &str,
    request: &CallToolRequestParams,
) -> Result<T, CallToolResponse> {
    let arguments = Value::Object(request.arguments.clone().unwrap_or_default());
    serde_json::from_value(arguments).map_err(|error| {
        let text = format!("invalid arguments for `{tool}`: {error}");
        CallToolResponse::Complete(error_result(text))
    })
}

/// The input schema of `T` as MCP clients read it: an object schema with every
/// subschema inline (many clients follow no `$ref`), without `$schema` or `title`,
/// with only the string formats JSON Schema defines (schemars adds `uint32` and
/// friends, which clients warn about; `minimum: 0` already says the same), and optional
/// parameters typed without `null` ([`OptionalNotNull`]).
///
/// ```
/// #[derive(schemars::JsonSchema)]
/// struct ListArgs {
///     /// How many to list.
///     limit: Option<u32>,
/// }
/// let schema = wizard::input_schema::<ListArgs>();
/// assert_eq!(
///     serde_json::Value::Object((*schema).clone()),
///     serde_json::json!({
///         "type": "object",
///         "properties": {"limit": {"type": "integer", "minimum": 0, "description": "How many to list."}},
///     })
/// );
/// ```
pub fn input_schema<T: JsonSchema>() -> Arc<JsonObject> {
    let mut settings = SchemaSettings::draft2020_12();
    settings.inline_subschemas = true;
    let mut generator = settings
        .with_transform(StandardFormats)
        .with_transform(OptionalNotNull)
        .into_generator();
    let schema = generator.root_schema_for::<T>();
    let mut object = match schema.to_value() {
        Value::Object(object) => object,
        // `true` / `false` schemas: a type with no fields takes an empty object.
        _ => JsonObject::new(),
    };
    for key in ["$schema", "title", "description"] {
        object.remove(key);
    }
    object.entry("type").or_insert_with(|| "object".into());
    object
        .entry("properties")
        .or_insert_with(|| Value::Object(JsonObject::new()));
    Arc::new(object)
}

/// A schemars transform that drops every `format` JSON Schema does not define (such as
/// `uint32`, `int64`, `double`), so that clients validating schemas see only standard
/// keywords. [`input_schema`] applies it; add it to your own schema settings:
///
/// ```
/// let settings = schemars::generate::SchemaSettings::draft2020_12()
///     .with_transform(wizard::StandardFormats);
/// let schema = settings.into_generator().into_root_schema_for::<u32>();
/// assert_eq!(schema.get("format"), None);
/// assert_eq!(schema.get("minimum"), Some(&serde_json::json!(0)));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct StandardFormats;

/// The formats of JSON Schema draft 2020-12.
const STANDARD_FORMATS: &[&str] = &[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

impl Transform for StandardFormats {
    fn transform(&mut self, schema: &mut schemars::Schema) {
        if let Some(object) = schema.as_object_mut()
            && object
                .get("format")
                .and_then(Value::as_str)
                .is_some_and(|format| !STANDARD_FORMATS.contains(&format))
        {
            object.remove("format");
        }
        transform_subschemas(self, schema);
    }
}

/// A schemars transform that types an optional property as what it is when given, not
/// as a union with `null` (schemars' `["integer", "null"]` for an `Option<u32>`, an
/// `anyOf` with `{"type": "null"}` for an optional struct): leaving it out already says
/// "none", and form clients draw a union as a raw JSON editor and warn about it. Properties
/// listed in `required` keep their `null`. [`input_schema`] applies it.
///
/// ```
/// #[derive(schemars::JsonSchema)]
/// struct Args {
///     limit: Option<u32>,
/// }
/// let settings = schemars::generate::SchemaSettings::draft2020_12()
///     .with_transform(wizard::OptionalNotNull);
/// let schema = settings.into_generator().into_root_schema_for::<Args>();
/// assert_eq!(schema.as_value()["properties"]["limit"]["type"], "integer");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct OptionalNotNull;

impl Transform for OptionalNotNull {
    fn transform(&mut self, schema: &mut schemars::Schema) {
        if let Some(object) = schema.as_object_mut() {
            let required: Vec<String> = match object.get("required") {
                Some(Value::Array(names)) => names
                    .iter()
                    .filter_map(|name| name.as_str().map(str::to_owned))
                    .collect(),
                _ => Vec::new(),
            };
            if let Some(Value::Object(properties)) = object.get_mut("properties") {
                for (name, property) in properties.iter_mut() {
                    if !required.contains(name)
                        && let Value::Object(property) = property
                    {
                        without_null(property);
                    }
                }
            }
        }
        transform_subschemas(self, schema);
    }
}

/// `property` without its `null` alternative: in its type, its alternatives and its
/// options (schemars lists `null` among an optional enum's values, which a form client
/// would then offer, or fail on).
fn without_null(property: &mut JsonObject) {
    if let Some(Value::Array(options)) = property.get_mut("enum") {
        options.retain(|option| !option.is_null());
    }
    if let Some(Value::Array(types)) = property.get_mut("type") {
        types.retain(|t| t != "null");
        if let [only] = types.as_slice() {
            let only = only.clone();
            property.insert("type".into(), only);
        }
    }
    for union in ["anyOf", "oneOf"] {
        let Some(Value::Array(alternatives)) = property.get_mut(union) else {
            continue;
        };
        alternatives.retain(|alternative| alternative.get("type") != Some(&"null".into()));
        // One alternative left: it is the type itself.
        if let [Value::Object(only)] = alternatives.as_slice() {
            let only = only.clone();
            property.remove(union);
            for (key, value) in only {
                property.entry(key).or_insert(value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[derive(schemars::JsonSchema)]
    #[allow(dead_code, reason = "only the schema is read")]
    struct Page {
        /// The page to fetch.
        page: u32,
        per_page: Option<u16>,
        ratio: f64,
        at: String,
    }

    #[test]
    fn input_schemas_carry_only_standard_formats() {
        let schema = Value::Object((*input_schema::<Page>()).clone());
        let text = schema.to_string();
        assert!(!text.contains("uint") && !text.contains("double"), "{text}");
        assert_eq!(
            schema["properties"]["page"],
            json!({"type": "integer", "minimum": 0, "description": "The page to fetch."})
        );
        assert_eq!(schema["type"], "object");
        assert!(schema.get("title").is_none() && schema.get("$schema").is_none());
    }

    #[derive(schemars::JsonSchema)]
    #[allow(dead_code, reason = "only the schema is read")]
    struct Optional {
        count: Option<u32>,
        /// Where to.
        place: Option<Place>,
        kept: Option<String>,
        items: Vec<Inner>,
        state: Option<State>,
    }

    #[derive(schemars::JsonSchema)]
    #[allow(dead_code, reason = "only the schema is read")]
    #[serde(rename_all = "lowercase")]
    enum State {
        Opened,
        Closed,
    }

    #[derive(schemars::JsonSchema)]
    #[allow(dead_code, reason = "only the schema is read")]
    struct Place {
        name: String,
    }

    #[derive(schemars::JsonSchema)]
    #[allow(dead_code, reason = "only the schema is read")]
    struct Inner {
        note: Option<String>,
    }

    #[test]
    fn optional_parameters_have_no_null() {
        let schema = Value::Object((*input_schema::<Optional>()).clone());
        let properties = &schema["properties"];
        assert_eq!(properties["count"]["type"], "integer");
        assert_eq!(properties["kept"]["type"], "string");
        assert_eq!(properties["place"]["type"], "object");
        assert_eq!(properties["place"]["description"], "Where to.");
        assert_eq!(properties["place"]["properties"]["name"]["type"], "string");
        assert!(properties["place"].get("anyOf").is_none(), "{schema}");
        // Nested optional properties too.
        assert_eq!(
            properties["items"]["items"]["properties"]["note"]["type"],
            "string"
        );
        // An optional enum offers its values, and no `null` among them.
        assert_eq!(
            properties["state"],
            json!({"type": "string", "enum": ["opened", "closed"]})
        );
        assert!(!schema.to_string().contains("null"), "{schema}");
    }
}
