//! Reading a flat form schema into the fields [`super::validate_against`] checks,
//! refusing with a clear error whatever a form cannot express.

use serde_json::{Map, Value};

pub(super) struct Form<'s> {
    pub(super) fields: Vec<(&'s str, Field<'s>)>,
    pub(super) required: Vec<&'s str>,
    /// `additionalProperties: false`
    pub(super) closed: bool,
}

pub(super) enum Field<'s> {
    Text {
        choices: Option<Vec<&'s str>>,
        min_len: Option<u64>,
        max_len: Option<u64>,
        format: Option<&'s str>,
    },
    Number {
        integer: bool,
        min: Option<f64>,
        max: Option<f64>,
    },
    Boolean,
    Multi {
        choices: Vec<&'s str>,
        min_items: Option<u64>,
        max_items: Option<u64>,
        /// `uniqueItems: true`: a repeated item is refused.
        unique: bool,
    },
}

const ROOT_KEYS: &[&str] = &[
    "type",
    "properties",
    "required",
    "title",
    "description",
    "$schema",
    "additionalProperties",
];
const COMMON_KEYS: &[&str] = &["type", "title", "description", "default"];
const TEXT_KEYS: &[&str] = &[
    "enum",
    "enumNames",
    "oneOf",
    "minLength",
    "maxLength",
    "format",
];
const NUMBER_KEYS: &[&str] = &["minimum", "maximum"];
const ARRAY_KEYS: &[&str] = &["items", "minItems", "maxItems", "uniqueItems"];
const FORMATS: &[&str] = &["email", "uri", "date", "date-time"];

pub(super) fn parse(schema: &Value) -> Result<Form<'_>, String> {
    let root = schema
        .as_object()
        .ok_or("the schema must be a JSON object")?;
    allow_keys(root, "the schema", &[ROOT_KEYS])?;
    if root.get("type").and_then(Value::as_str) != Some("object") {
        return Err(r#"the schema needs `"type": "object"`"#.into());
    }
    let properties = root
        .get("properties")
        .and_then(Value::as_object)
        .ok_or("the schema needs `properties`, an object of flat properties")?;
    let fields = properties
        .iter()
        .map(|(name, property)| Ok((name.as_str(), field(name, property)?)))
        .collect::<Result<Vec<_>, String>>()?;
    let required = match root.get("required") {
        None => Vec::new(),
        Some(list) => strings(list).ok_or("`required` must be an array of property names")?,
    };
    if let Some(name) = required
        .iter()
        .find(|name| !properties.contains_key(**name))
    {
        return Err(format!(
            "`required` names `{name}`, which is not in `properties`"
        ));
    }
    let closed = match root.get("additionalProperties") {
        None => false,
        Some(Value::Bool(open)) => !open,
        Some(_) => return Err("`additionalProperties` must be true or false".into()),
    };
    Ok(Form {
        fields,
        required,
        closed,
    })
}

fn field<'s>(name: &str, property: &'s Value) -> Result<Field<'s>, String> {
    let at = format!("property `{name}`");
    let property = property
        .as_object()
        .ok_or_else(|| format!("{at} must be a JSON object"))?;
    let kind = property.get("type").and_then(Value::as_str);
    let (field, keys) = match kind {
        Some("string") => (text(&at, property)?, TEXT_KEYS),
        Some(kind @ ("number" | "integer")) => {
            let integer = kind == "integer";
            let min = number(&at, property, "minimum", integer)?;
            let max = number(&at, property, "maximum", integer)?;
            ordered(&at, min, max, "minimum", "maximum")?;
            (Field::Number { integer, min, max }, NUMBER_KEYS)
        }
        Some("boolean") => (Field::Boolean, &[][..]),
        Some("array") => (multi(&at, property)?, ARRAY_KEYS),
        Some("object") => {
            return Err(format!(
                "{at} is an object: form schemas are flat, give each value its own property"
            ));
        }
        _ if property.contains_key("$ref") => {
            return Err(format!(
                "{at} uses `$ref`: form schemas are flat, write the property out in place"
            ));
        }
        _ => {
            return Err(format!(
                r#"{at} needs a `type` of "string", "number", "integer", "boolean" or "array""#
            ));
        }
    };
    allow_keys(property, &at, &[COMMON_KEYS, keys])?;
    Ok(field)
}

fn text<'s>(at: &str, property: &'s Map<String, Value>) -> Result<Field<'s>, String> {
    let choices = match (property.get("enum"), property.get("oneOf")) {
        (Some(_), Some(_)) => return Err(format!("{at} has both `enum` and `oneOf`: keep one")),
        (Some(list), None) => Some(choices(list).ok_or_else(|| {
            format!("{at} needs `enum` to be a non-empty array of distinct strings")
        })?),
        (None, Some(list)) => Some(titled(list).ok_or_else(|| {
            format!(r#"{at} needs `oneOf` to be a non-empty array of distinct `{{"const": "..", "title": ".."}}`"#)
        })?),
        (None, None) => None,
    };
    if let Some(names) = property.get("enumNames") {
        let count = choices.as_ref().map_or(0, Vec::len);
        if strings(names).is_none_or(|names| names.len() != count) {
            return Err(format!(
                "{at} needs `enumNames` to be strings, one per `enum` value"
            ));
        }
    }
    let min_len = count(at, property, "minLength")?;
    let max_len = count(at, property, "maxLength")?;
    ordered(at, min_len, max_len, "minLength", "maxLength")?;
    let format = match property.get("format") {
        None => None,
        Some(format) => Some(
            format
                .as_str()
                .filter(|format| FORMATS.contains(format))
                .ok_or_else(|| {
                    format!("{at} has a `format` other than `email`, `uri`, `date` or `date-time`")
                })?,
        ),
    };
    Ok(Field::Text {
        choices,
        min_len,
        max_len,
        format,
    })
}

fn multi<'s>(at: &str, property: &'s Map<String, Value>) -> Result<Field<'s>, String> {
    let usage = format!(
        r#"{at} needs `items` to be `{{"type": "string", "enum": [..]}}` or `{{"anyOf": [{{"const": "..", "title": ".."}}]}}`, with distinct values"#
    );
    let items = property
        .get("items")
        .and_then(Value::as_object)
        .ok_or_else(|| usage.clone())?;
    if items
        .keys()
        .any(|key| !["type", "enum", "anyOf"].contains(&key.as_str()))
        || items.get("type").is_some_and(|kind| kind != "string")
    {
        return Err(usage);
    }
    let choices = match (items.get("enum"), items.get("anyOf")) {
        (Some(list), None) => choices(list),
        (None, Some(list)) => titled(list),
        _ => None,
    }
    .ok_or(usage)?;
    let unique = match property.get("uniqueItems") {
        None => false,
        Some(Value::Bool(unique)) => *unique,
        Some(_) => return Err(format!("{at} needs `uniqueItems` to be true or false")),
    };
    let min_items = count(at, property, "minItems")?;
    let max_items = count(at, property, "maxItems")?;
    ordered(at, min_items, max_items, "minItems", "maxItems")?;
    Ok(Field::Multi {
        choices,
        min_items,
        max_items,
        unique,
    })
}

fn allow_keys(object: &Map<String, Value>, at: &str, allowed: &[&[&str]]) -> Result<(), String> {
    let known = |key: &str| allowed.iter().any(|keys| keys.contains(&key));
    match object.keys().find(|key| !known(key)) {
        None => Ok(()),
        Some(key)
            if key == "$ref" || key == "$defs" || key == "definitions" || key == "properties" =>
        {
            Err(format!(
                "{at} uses `{key}`: form schemas are flat, write each property out in place"
            ))
        }
        Some(key) => {
            let keys: Vec<_> = allowed
                .iter()
                .flat_map(|keys| keys.iter())
                .map(|key| format!("`{key}`"))
                .collect();
            Err(format!(
                "{at} uses `{key}`, which a form cannot express; use only {}",
                keys.join(", ")
            ))
        }
    }
}

fn strings(list: &Value) -> Option<Vec<&str>> {
    list.as_array()?.iter().map(Value::as_str).collect()
}

/// A non-empty list of distinct strings.
fn choices(list: &Value) -> Option<Vec<&str>> {
    strings(list).filter(|values| !values.is_empty() && distinct(values))
}

/// A non-empty list of `{"const": .., "title": ..}` with distinct consts.
fn titled(list: &Value) -> Option<Vec<&str>> {
    let consts = list
        .as_array()?
        .iter()
        .map(|option| {
            let option = option.as_object()?;
            let fits = option.keys().all(|key| key == "const" || key == "title")
                && option.get("title").is_none_or(Value::is_string);
            option.get("const")?.as_str().filter(|_| fits)
        })
        .collect::<Option<Vec<_>>>()?;
    Some(consts).filter(|values| !values.is_empty() && distinct(values))
}

pub(super) fn distinct(values: &[&str]) -> bool {
    values
        .iter()
        .enumerate()
        .all(|(i, value)| !values[..i].contains(value))
}

fn count(at: &str, property: &Map<String, Value>, key: &str) -> Result<Option<u64>, String> {
    property
        .get(key)
        .map(|n| {
            n.as_u64()
                .ok_or_else(|| format!("{at} needs `{key}` to be a non-negative integer"))
        })
        .transpose()
}

/// A bound; an integer property's bounds must be JSON integers, as clients read them
/// into 64-bit integers.
fn number(
    at: &str,
    property: &Map<String, Value>,
    key: &str,
    integer: bool,
) -> Result<Option<f64>, String> {
    let Some(n) = property.get(key) else {
        return Ok(None);
    };
    match n.as_f64() {
        Some(_) if integer && !n.is_i64() => Err(format!(
            "{at} needs `{key}` to be an integer (without a fraction), as its type is"
        )),
        Some(bound) => Ok(Some(bound)),
        None => Err(format!("{at} needs `{key}` to be a number")),
    }
}

fn ordered<T: PartialOrd>(
    at: &str,
    low: Option<T>,
    high: Option<T>,
    low_key: &str,
    high_key: &str,
) -> Result<(), String> {
    match (low, high) {
        (Some(low), Some(high)) if low > high => {
            Err(format!("{at} has `{low_key}` above `{high_key}`"))
        }
        _ => Ok(()),
    }
}
