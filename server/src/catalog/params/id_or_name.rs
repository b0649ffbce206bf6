//! Parameters that name a GitLab object by its numeric id or by its name or path, as GitLab
//! takes groups (`42`, `group/subgroup`) and labels (`7`, `bug`): one type per kind of
//! object, so an error says which was expected.
//!
//! A path is read into its canonical form, the one the access checks compare and the
//! request sends: GitLab reads a path of digits only as the id it spells (`projects/042`
//! is project 42), so such a path is that id; surrounding whitespace and slashes are not
//! part of a path.

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use super::fixed_schema;
use super::numbers::{MAX_EXACT_INTEGER, whole_id};

/// A numeric id or a name; either travels as one path segment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IdOrName {
    Id(u64),
    Name(String),
}

impl Serialize for IdOrName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            IdOrName::Id(id) => serializer.serialize_u64(*id),
            IdOrName::Name(name) => serializer.serialize_str(name),
        }
    }
}

impl IdOrName {
    /// Reads a positive integer (`42.0` too) or non-blank text kept as written (a label's
    /// name); `expected` says what was expected, in errors.
    pub fn deserialize_as<'de, D: Deserializer<'de>>(
        deserializer: D,
        expected: &'static str,
    ) -> Result<IdOrName, D::Error> {
        deserializer.deserialize_any(IdOrNameVisitor {
            expected,
            path: false,
        })
    }

    /// Reads a positive integer (`42.0` too) or a GitLab path (a project's, a group's) in
    /// its canonical form: digits only are the id they spell, whitespace and slashes
    /// around a path are dropped.
    pub fn deserialize_path<'de, D: Deserializer<'de>>(
        deserializer: D,
        expected: &'static str,
    ) -> Result<IdOrName, D::Error> {
        deserializer.deserialize_any(IdOrNameVisitor {
            expected,
            path: true,
        })
    }

    /// A path as it appears in a request (`projects/<this>/…`), in canonical form; `None`
    /// when there is no path in it.
    pub fn canonical_path(text: &str) -> Option<IdOrName> {
        let path = text.trim().trim_matches('/').trim();
        if path.is_empty() {
            return None;
        }
        if path.bytes().all(|byte| byte.is_ascii_digit()) {
            // Too many digits for any id is not an id either: it stays text, which GitLab
            // finds no project for.
            if let Ok(id) = path.parse::<u64>() {
                return Some(IdOrName::Id(id));
            }
        }
        Some(IdOrName::Name(path.to_owned()))
    }
}

struct IdOrNameVisitor {
    /// What was expected, in errors.
    expected: &'static str,
    /// A path, read into its canonical form; otherwise a name, kept as written.
    path: bool,
}

impl Visitor<'_> for IdOrNameVisitor {
    type Value = IdOrName;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expected)
    }

    fn visit_u64<E: de::Error>(self, id: u64) -> Result<IdOrName, E> {
        if id == 0 || id > MAX_EXACT_INTEGER {
            return Err(E::invalid_value(de::Unexpected::Unsigned(id), &self));
        }
        Ok(IdOrName::Id(id))
    }

    fn visit_i64<E: de::Error>(self, id: i64) -> Result<IdOrName, E> {
        match u64::try_from(id) {
            Ok(id) => self.visit_u64(id),
            Err(_) => Err(E::invalid_value(de::Unexpected::Signed(id), &self)),
        }
    }

    /// `42.0` is the same number as `42`; anything with a fraction, or too large to be
    /// exact, is not an id.
    fn visit_f64<E: de::Error>(self, id: f64) -> Result<IdOrName, E> {
        match whole_id(id) {
            Some(whole) => self.visit_u64(whole),
            None => Err(E::invalid_value(de::Unexpected::Float(id), &self)),
        }
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<IdOrName, E> {
        if name.trim().is_empty() {
            return Err(E::invalid_value(de::Unexpected::Str(name), &self));
        }
        if !self.path {
            return Ok(IdOrName::Name(name.to_owned()));
        }
        match IdOrName::canonical_path(name) {
            Some(IdOrName::Id(id)) => self.visit_u64(id),
            Some(path) => Ok(path),
            None => Err(E::invalid_value(de::Unexpected::Str(name), &self)),
        }
    }
}

/// A parameter type that is an [`IdOrName`] of one kind of object, with its own error text
/// and schema description.
macro_rules! id_or_name {
    ($(#[$doc:meta])* $type:ident, $read:ident, expected: $expected:literal, description: $description:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
        #[serde(transparent)]
        pub struct $type(pub IdOrName);

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                IdOrName::$read(deserializer, $expected).map($type)
            }
        }

        fixed_schema!($type, {
            "description": $description,
            "anyOf": [
                {"type": "integer", "minimum": 1},
                {"type": "string", "minLength": 1}
            ]
        });
    };
}

id_or_name!(
    /// `group_id`: a group's numeric id or full path.
    GroupId,
    deserialize_path,
    expected: "a group id (a positive integer) or a non-empty group path such as `group/subgroup`",
    description: "The group's numeric id or its full path (`group/subgroup`)."
);

id_or_name!(
    /// `label_id`: a label's numeric id or its name.
    LabelId,
    deserialize_as,
    expected: "a label id (a positive integer) or a non-empty label name such as `bug`",
    description: "The label's numeric id or its name (`bug`)."
);

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    #[test]
    fn ids_or_names_take_either_and_name_what_they_expected() {
        let group =
            |value: Value| serde_json::from_value::<GroupId>(value).map_err(|e| e.to_string());
        assert_eq!(group(json!(42)), Ok(GroupId(IdOrName::Id(42))));
        assert_eq!(group(json!(42.0)), Ok(GroupId(IdOrName::Id(42))));
        assert_eq!(
            group(json!("demo/sub")),
            Ok(GroupId(IdOrName::Name("demo/sub".to_owned())))
        );
        let error = group(json!(" ")).unwrap_err();
        assert!(error.contains("a non-empty group path"), "{error}");
        assert!(group(json!(1.5)).is_err());
        assert_eq!(group(json!(" 042 ")), Ok(GroupId(IdOrName::Id(42))));
        assert_eq!(
            group(json!("/demo/sub/")),
            Ok(GroupId(IdOrName::Name("demo/sub".to_owned())))
        );
        assert!(group(json!("/")).is_err());
        assert!(group(json!("0")).is_err());
        // A label's name is its own: digits stay text.
        assert_eq!(
            serde_json::from_value::<LabelId>(json!("2024")).unwrap(),
            LabelId(IdOrName::Name("2024".to_owned()))
        );
        let error = serde_json::from_value::<LabelId>(json!(0))
            .unwrap_err()
            .to_string();
        assert!(error.contains("a label id (a positive integer)"), "{error}");
        assert_eq!(
            serde_json::to_value(LabelId(IdOrName::Name("bug".to_owned()))).unwrap(),
            json!("bug")
        );
    }
}
