//! GitLab's `:id`: a project by numeric id or by path, as the tools take it and the REST
//! paths carry it.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use wizard::summary::SummaryValue;

use super::id_or_name::IdOrName;

/// A project by its numeric id (`42`) or its full path (`group/project`); its schema, which
/// says a path's last part alone is looked up, is the catalog's (`crate::catalog::params`).
///
/// Deserializes from a JSON integer or a non-empty string, and serializes back the same way.
/// A path is one URL segment on the wire (`group%2Fproject`): the client encodes each segment
/// of an [`ApiRequest`](super::ApiRequest) whole.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ProjectId {
    Id(u64),
    Path(String),
}

const EXPECTED: &str = "a project id (a positive integer up to 2^53 − 1) or a non-empty project path such as `group/project`";

impl fmt::Display for ProjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProjectId::Id(id) => write!(f, "{id}"),
            ProjectId::Path(path) => f.write_str(path),
        }
    }
}

impl SummaryValue for ProjectId {
    fn summary_text(&self) -> Option<String> {
        Some(self.to_string())
    }
}

impl Serialize for ProjectId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ProjectId::Id(id) => serializer.serialize_u64(*id),
            ProjectId::Path(path) => serializer.serialize_str(path),
        }
    }
}

impl From<IdOrName> for ProjectId {
    fn from(project: IdOrName) -> Self {
        match project {
            IdOrName::Id(id) => ProjectId::Id(id),
            IdOrName::Name(path) => ProjectId::Path(path),
        }
    }
}

/// Reads every JSON form of a project into one canonical value (see [`IdOrName`]): `2`,
/// `2.0`, `"2"` and `"02"` are all `ProjectId::Id(2)`.
impl<'de> Deserialize<'de> for ProjectId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        IdOrName::deserialize_path(deserializer, EXPECTED).map(ProjectId::from)
    }
}

#[cfg(test)]
mod tests {
    use super::ProjectId;
    use serde_json::json;

    fn parse(value: serde_json::Value) -> Result<ProjectId, String> {
        serde_json::from_value(value).map_err(|error| error.to_string())
    }

    #[test]
    fn reads_an_integer_or_a_path() {
        assert_eq!(parse(json!(42)), Ok(ProjectId::Id(42)));
        assert_eq!(parse(json!(42.0)), Ok(ProjectId::Id(42)));
        assert_eq!(
            parse(json!("group/project")),
            Ok(ProjectId::Path("group/project".into()))
        );
        // Every form of one project is one value: GitLab reads a path of digits as the id.
        for same in [json!("42"), json!("042"), json!(" 42 "), json!(4.2e1)] {
            assert_eq!(parse(same.clone()), Ok(ProjectId::Id(42)), "{same}");
        }
        assert_eq!(
            parse(json!(" /group/project/ ")),
            Ok(ProjectId::Path("group/project".into()))
        );
    }

    #[test]
    fn refuses_empty_negative_fractional_and_other_types() {
        for bad in [
            json!(""),
            json!("  "),
            json!("//"),
            json!("0"),
            json!(0),
            json!(-1),
            json!(-3),
            json!(1.5),
            json!(9_007_199_254_740_992_u64),
            json!(u64::MAX),
            json!(1.8446744073709552e19),
            json!(true),
            json!(null),
            json!([1]),
            json!(["a"]),
        ] {
            let error = parse(bad.clone()).expect_err(&bad.to_string());
            assert!(error.contains("a non-empty project path"), "{bad}: {error}");
        }
    }

    #[test]
    fn the_largest_id_is_two_to_the_53_minus_one_and_nothing_saturates() {
        assert_eq!(
            parse(json!(9_007_199_254_740_991_u64)),
            Ok(ProjectId::Id(9_007_199_254_740_991))
        );
        let read: serde_json::Value =
            serde_json::from_str("18446744073709551616").expect("read as a float");
        let error = parse(read).unwrap_err();
        assert!(error.contains("floating point"), "{error}");
        assert!(!error.contains("18446744073709551615"), "{error}");
    }

    #[test]
    fn writes_back_what_it_read() {
        assert_eq!(serde_json::to_value(ProjectId::Id(7)).unwrap(), json!(7));
        assert_eq!(
            serde_json::to_value(ProjectId::Path("a/b".into())).unwrap(),
            json!("a/b")
        );
    }

    #[test]
    fn displays_as_written() {
        assert_eq!(ProjectId::Id(42).to_string(), "42");
        assert_eq!(
            ProjectId::Path("group/project".into()).to_string(),
            "group/project"
        );
    }
}
