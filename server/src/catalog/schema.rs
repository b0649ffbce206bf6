//! Tool input and output schemas. Inputs come from the typed parameter structs through
//! schemars, with every subschema inlined: models read `properties` directly and many
//! clients do not follow `$ref`.

use std::sync::Arc;

use schemars::{JsonSchema, generate::SchemaSettings};
use serde_json::{Map, Value, json};

use super::Resource;
use super::call::{Deleted, Output, Page};

/// The input schema of `T`: an object schema with no `$schema`, `title`, top-level
/// `description` (the tool has its own) or `$defs`.
pub fn input_schema<T: JsonSchema>() -> Arc<Map<String, Value>> {
    Arc::new(object_schema::<T>(SchemaSettings::draft2020_12()))
}

fn object_schema<T: JsonSchema>(settings: SchemaSettings) -> Map<String, Value> {
    let mut settings = settings;
    settings.inline_subschemas = true;
    let schema = settings.into_generator().into_root_schema_for::<T>();
    let Value::Object(mut object) = schema.to_value() else {
        panic!("the schema of a parameter struct is an object");
    };
    for key in ["$schema", "title", "description"] {
        object.remove(key);
    }
    object
        .entry("type")
        .or_insert_with(|| Value::String("object".to_owned()));
    object
        .entry("properties")
        .or_insert_with(|| Value::Object(Map::new()));
    object
}

/// The output schema of `T` as it serialises.
pub fn output_schema_of<T: JsonSchema>() -> Arc<Map<String, Value>> {
    Arc::new(object_schema::<T>(
        SchemaSettings::draft2020_12().for_serialize(),
    ))
}

/// What an action returns as `structuredContent`.
pub fn output_schema(output: Output, resource: Resource) -> Arc<Map<String, Value>> {
    let noun = resource.noun();
    let schema = match output {
        Output::Object => {
            let Value::Object(object) = json!({
                "type": "object",
                "description": format!("The GitLab {noun} as the REST API v4 returns it (id, web_url, …)"),
                "additionalProperties": true
            }) else {
                unreachable!("a JSON object literal")
            };
            object
        }
        Output::List => {
            let mut object = object_schema::<Page>(SchemaSettings::draft2020_12().for_serialize());
            object.insert(
                "description".to_owned(),
                Value::String(format!(
                    "One page of {noun}s as the REST API v4 returns them"
                )),
            );
            object
        }
        Output::Deleted => object_schema::<Deleted>(SchemaSettings::draft2020_12().for_serialize()),
    };
    Arc::new(schema)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_schema_is_inline_and_typed() {
        let schema = output_schema(Output::List, Resource::Issue);
        assert_eq!(schema["type"], "object");
        assert_eq!(schema["properties"]["items"]["type"], "array");
        assert!(
            !Value::Object((*schema).clone())
                .to_string()
                .contains("$ref")
        );
        assert_eq!(schema["required"], json!(["items", "next_page", "total"]));
    }

    #[test]
    fn deleted_schema_requires_deleted_and_status() {
        let schema = output_schema(Output::Deleted, Resource::Project);
        assert_eq!(schema["required"], json!(["deleted", "status"]));
    }
}
