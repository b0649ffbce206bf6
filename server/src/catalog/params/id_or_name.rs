//! Parameters that name a GitLab object by its numeric id or by its name or path, as GitLab
//! takes groups (`42`, `group/subgroup`) and labels (`7`, `bug`): one type per kind of
//! object, so an error says which was expected.

use serde::{Deserialize, Deserializer, Serialize};

use super::fixed_schema::fixed_schema;
use crate::gitlab::IdOrName;

/// A parameter type that is an [`IdOrName`] of one kind of object, with its own error text
/// and schema description (none for `group_id`, said once for every tool in the server's
/// instructions: `super::shared`).
macro_rules! id_or_name {
    ($(#[$doc:meta])* $type:ident, $read:ident, expected: $expected:literal $(, description: $description:literal)?) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
        #[serde(transparent)]
        pub struct $type(pub IdOrName);

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                IdOrName::$read(deserializer, $expected).map($type)
            }
        }

        // Text in the schema, so that a form fills it as text; a JSON integer is read too.
        fixed_schema!($type, {
            "type": "string",
            "minLength": 1
            $(, "description": $description)?
        });
    };
}

id_or_name!(
    /// `group_id`: a group's numeric id or full path.
    GroupId,
    deserialize_path,
    expected: "a group id (a positive integer) or a non-empty group path such as `group/subgroup`"
);

id_or_name!(
    /// `label_id`: a label's numeric id or its name.
    LabelId,
    deserialize_as,
    expected: "a label id (a positive integer) or a non-empty label name such as `bug`",
    description: "The label's numeric id (`7`) or its name (`bug`)."
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
