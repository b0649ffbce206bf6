//! Tool input and output schemas. Inputs come from the typed parameter structs through
//! schemars, with every subschema inlined: models read `properties` directly and many
//! clients do not follow `$ref`.

use std::sync::Arc;

use schemars::transform::RecursiveTransform;
use schemars::{JsonSchema, generate::SchemaSettings};
use serde_json::{Map, Value};

/// The input schema of `T`: an object schema with no `$schema`, `title`, top-level
/// `description` (the tool has its own), `additionalProperties` or `$defs`.
pub fn input_schema<T: JsonSchema>() -> Arc<Map<String, Value>> {
    input_schema_and_doc::<T>().0
}

/// The input schema of `T`, and its doc comment (the struct's, as schemars reads it) on one
/// line: an action's description is the doc comment of its parameter struct.
pub fn input_schema_and_doc<T: JsonSchema>() -> (Arc<Map<String, Value>>, String) {
    // An optional parameter is typed as what it is when given, without `null`.
    let settings = SchemaSettings::draft2020_12()
        .with_transform(wizard::OptionalNotNull)
        .with_transform(RecursiveTransform(unsigned_without_minimum));
    let (mut schema, doc) = object_schema::<T>(settings);
    // The server refuses a parameter the schema does not list, naming those it takes, and
    // its instructions say so once: the flag would repeat that on every tool.
    schema.remove("additionalProperties");
    (Arc::new(schema), doc)
}

fn object_schema<T: JsonSchema>(settings: SchemaSettings) -> (Map<String, Value>, String) {
    let mut settings = settings;
    settings.inline_subschemas = true;
    // Only the formats JSON Schema defines: clients warn about `uint32` and the like.
    let settings = settings.with_transform(wizard::StandardFormats);
    let schema = settings.into_generator().into_root_schema_for::<T>();
    let Value::Object(mut object) = schema.to_value() else {
        panic!("the schema of a parameter struct is an object");
    };
    let doc = match object.remove("description") {
        Some(Value::String(doc)) => doc.split_whitespace().collect::<Vec<_>>().join(" "),
        _ => String::new(),
    };
    for key in ["$schema", "title"] {
        object.remove(key);
    }
    object
        .entry("type")
        .or_insert_with(|| Value::String("object".to_owned()));
    object
        .entry("properties")
        .or_insert_with(|| Value::Object(Map::new()));
    (object, doc)
}

/// An unsigned Rust integer's `minimum: 0` says how the value is stored, not a rule of
/// GitLab's (whose ids and numbers start at 1): the model does not need it on every id, and
/// a negative number is refused by the parse, naming the field. Runs before the formats
/// are taken out, which is how the unsigned ones are told apart.
fn unsigned_without_minimum(schema: &mut schemars::Schema) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    let unsigned = object
        .get("format")
        .and_then(Value::as_str)
        .is_some_and(|format| format.starts_with("uint"));
    if unsigned && object.get("minimum") == Some(&Value::from(0)) {
        object.remove("minimum");
    }
}

/// The output schema of `T` as it serialises.
pub fn output_schema_of<T: JsonSchema>() -> Arc<Map<String, Value>> {
    Arc::new(object_schema::<T>(SchemaSettings::draft2020_12().for_serialize()).0)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::catalog::output::Page;

    #[test]
    fn output_schemas_are_inline_and_typed() {
        let schema = output_schema_of::<Page>();
        assert_eq!(schema["type"], "object");
        assert_eq!(schema["properties"]["items"]["type"], "array");
        assert!(
            !Value::Object((*schema).clone())
                .to_string()
                .contains("$ref")
        );
        assert_eq!(schema["required"], json!(["items"]));
    }

    // Documented parameter structs give their doc comment as the description.
    #[derive(JsonSchema)]
    #[allow(dead_code, reason = "only its schema is read")]
    /// Get one thing
    /// by its id.
    struct Documented {
        /// The id.
        id: u64,
    }

    #[test]
    fn the_doc_comment_is_the_description_on_one_line() {
        let (schema, description) = input_schema_and_doc::<Documented>();
        assert_eq!(description, "Get one thing by its id.");
        assert!(schema.get("description").is_none());
        assert_eq!(schema["properties"]["id"]["description"], "The id.");
    }

    #[derive(Debug, JsonSchema, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code, reason = "only its schema and parse are read")]
    /// Counts.
    struct Counted {
        id: u64,
        /// May be zero, and says so itself.
        #[schemars(range(min = 0))]
        keep: i64,
        page: u32,
    }

    /// What the schema leaves out, the parse still refuses, naming the field.
    #[test]
    fn unsigned_integers_lose_their_storage_minimum_not_their_rules() {
        let (schema, _) = input_schema_and_doc::<Counted>();
        assert_eq!(schema["properties"]["id"], json!({"type": "integer"}));
        assert_eq!(schema["properties"]["page"], json!({"type": "integer"}));
        assert_eq!(schema["properties"]["keep"]["minimum"], 0);
        assert!(schema.get("additionalProperties").is_none());
        let args = |value: Value| value.as_object().unwrap().clone();
        let negative = crate::catalog::params::parse::<Counted>(&args(
            json!({"id": -1, "keep": 0, "page": 1}),
        ));
        assert!(negative.unwrap_err().starts_with("`id`:"));
        let unknown = crate::catalog::params::parse::<Counted>(&args(
            json!({"id": 1, "keep": 0, "page": 1, "other": 2}),
        ));
        assert!(unknown.unwrap_err().contains("other"));
    }
}
