//! The `requestedSchema` of one question built straight as rmcp's typed
//! `ElicitationSchema`, with no JSON in between: what both wire paths send each round.
//! It writes exactly what [`prompt_schema`](super::prompt_schema) writes as JSON (a test
//! holds the two together).

use rmcp::model::{
    BooleanSchema, ElicitationSchema, EnumSchema, IntegerSchema, NumberSchema,
    PrimitiveSchemaDefinition, StringSchema,
};

use super::prompt::Options;

use super::prompt::{Prompt, PromptKind};
use crate::question::{DefaultValue, Requirement};

/// The typed schema of `p`; `Err` names what a client could not be sent. Run
/// [`check_prompt`](super::check_prompt) first on prompts built at run time.
pub fn typed_schema(p: &Prompt<'_>) -> Result<ElicitationSchema, String> {
    let message = p.message.to_owned();
    let title = p.label().into_owned();
    let default = p.default;
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_precision_loss,
        reason = "checked: integer bounds and defaults are whole numbers within ±2^53"
    )]
    let definition = match p.kind {
        PromptKind::Text => {
            let mut schema = StringSchema::new().title(title).description(message);
            // A required text must not be empty: said here, so that clients check it too.
            if p.requirement == Requirement::Required {
                schema = schema.min_length(1);
            }
            if let Some(DefaultValue::Text(text)) = default {
                schema = schema.with_default(text);
            }
            PrimitiveSchemaDefinition::String(schema)
        }
        // A yes/no starts on no, unless the server read where it starts.
        PromptKind::YesNo => PrimitiveSchemaDefinition::Boolean(
            BooleanSchema::new()
                .title(title)
                .description(message)
                .with_default(default == Some(DefaultValue::Bool(true))),
        ),
        PromptKind::Number {
            min,
            max,
            integer: true,
        } => {
            let mut schema = IntegerSchema::new().title(title).description(message);
            if let Some(min) = min {
                schema = schema.minimum(min as i64);
            }
            if let Some(max) = max {
                schema = schema.maximum(max as i64);
            }
            match default {
                Some(DefaultValue::Integer(n)) => schema = schema.with_default(n),
                Some(DefaultValue::Number(n)) => schema = schema.with_default(n as i64),
                _ => {}
            }
            PrimitiveSchemaDefinition::Integer(schema)
        }
        PromptKind::Number { min, max, .. } => {
            let mut schema = NumberSchema::new().title(title).description(message);
            if let Some(min) = min {
                schema = schema.minimum(min);
            }
            if let Some(max) = max {
                schema = schema.maximum(max);
            }
            match default {
                Some(DefaultValue::Integer(n)) => schema = schema.with_default(n as f64),
                Some(DefaultValue::Number(n)) => schema = schema.with_default(n),
                _ => {}
            }
            PrimitiveSchemaDefinition::Number(schema)
        }
        PromptKind::Choice(options) => {
            let default = match default {
                Some(DefaultValue::Text(text)) => Some(text.to_owned()),
                _ => None,
            };
            single_select(options, title, message, default)?
        }
        PromptKind::IntegerChoice(values) => {
            // Offered as decimal strings, so the default is one too.
            let values: Vec<String> = values.iter().map(i64::to_string).collect();
            let default = match default {
                Some(DefaultValue::Integer(n)) => Some(n.to_string()),
                _ => None,
            };
            single_select(Options::Strings(&values), title, message, default)?
        }
        PromptKind::MultiSelect {
            options,
            min_items,
            max_items,
        } => {
            let values = options.values().map(str::to_owned).collect();
            let mut schema = EnumSchema::builder(values)
                .untitled()
                .title(title)
                .description(message)
                .multiselect();
            if let Some(n) = min_items {
                schema = schema.min_items(n.into())?;
            }
            if let Some(n) = max_items {
                schema = schema.max_items(n.into())?;
            }
            PrimitiveSchemaDefinition::Enum(schema.build())
        }
    };
    let builder = ElicitationSchema::builder();
    let builder = if p.must_fill() {
        builder.required_property(p.property(), definition)
    } else {
        builder.property(p.property(), definition)
    };
    builder.build().map_err(str::to_owned)
}

fn single_select(
    options: Options<'_>,
    title: String,
    message: String,
    default: Option<String>,
) -> Result<PrimitiveSchemaDefinition, String> {
    let values = options.values().map(str::to_owned).collect();
    let mut schema = EnumSchema::builder(values);
    schema = match options.titles() {
        Some(titles) => schema.enum_titles(titles.into_iter().map(str::to_owned).collect())?,
        None => schema.untitled(),
    };
    let mut schema = schema.title(title).description(message);
    if let Some(default) = default {
        schema = schema.with_default(default)?;
    }
    Ok(PrimitiveSchemaDefinition::Enum(schema.build()))
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::form::json::prompt_schema;

    /// The typed schema is exactly the JSON schema, as rmcp reads and writes it.
    #[test]
    fn the_typed_schema_is_the_json_schema() {
        let optional = |p: Prompt<'static>| Prompt {
            requirement: Requirement::Optional,
            ..p
        };
        let with = |p: Prompt<'static>, default| Prompt {
            default: Some(default),
            ..p
        };
        let prompts = [
            Prompt::text("title", "Title?"),
            optional(Prompt::text("title", "Title?")),
            with(
                Prompt::text("branch", "Branch?"),
                DefaultValue::Text("main"),
            ),
            Prompt::yes_no("ok", "Proceed?"),
            Prompt::confirm("Create it?"),
            Prompt::number("n", "How many?", Some(1.0), Some(2.5), false),
            with(
                Prompt::number("n", "How many?", None, Some(10.0), true),
                DefaultValue::Integer(4),
            ),
            with(
                Prompt::number("r", "Ratio?", Some(0.0), None, false),
                DefaultValue::Number(0.5),
            ),
            Prompt::choice("size", "Size?", &["small", "large"]),
            with(
                Prompt::choice("size", "Size?", &["small", "large"]),
                DefaultValue::Text("large"),
            ),
            with(
                Prompt::integer_choice("hours", "Hours?", &[1, 2, 4]),
                DefaultValue::Integer(2),
            ),
            Prompt::multi_select("tags", "Tags?", &["a", "b", "c"], Some(1), Some(2)),
            Prompt::multi_select("tags", "Tags?", &["a", "b"], None, None),
        ];
        for prompt in prompts {
            let json = Value::Object(prompt_schema(&prompt));
            let read: ElicitationSchema =
                serde_json::from_value(json.clone()).expect("rmcp reads the JSON schema");
            let typed = typed_schema(&prompt).expect("a valid prompt");
            assert_eq!(typed, read, "{json}");
            assert_eq!(serde_json::to_value(&typed).expect("serializes"), json);
        }
    }
}
