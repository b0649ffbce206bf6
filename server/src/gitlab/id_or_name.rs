//! GitLab's objects named by numeric id or by name or path, as its REST paths take them
//! (`projects/42`, `projects/group%2Fproject`, `labels/bug`), read from JSON.
//!
//! A path is read into its canonical form, the one the access checks compare and the
//! request sends: GitLab reads a path of digits only as the id it spells (`projects/042`
//! is project 42), so such a path is that id; surrounding whitespace and slashes are not
//! part of a path.

use std::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::{Serialize, Serializer};

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
        // Slashes and spaces in any order (`/ /a/b`): one pass takes them all, so that the
        // canonical form read again is itself, as the allow list reads it a second time.
        let path = text.trim_matches(|c: char| c == '/' || c.is_whitespace());
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

/// The largest integer every JSON reader holds exactly: 2^53 − 1.
pub const MAX_EXACT_INTEGER: u64 = (1 << 53) - 1;

/// `id` as a whole number when it is one from 0 to [`MAX_EXACT_INTEGER`]: `42.0` is 42;
/// a fraction, a negative or a number too large to be exact is `None`, never cast (a cast
/// saturates `1.8446744073709552e19` to `u64::MAX`).
pub fn whole_id(id: f64) -> Option<u64> {
    #[allow(clippy::cast_precision_loss, reason = "2^53 − 1 is exact as a double")]
    let in_range = id.fract() == 0.0 && (0.0..=MAX_EXACT_INTEGER as f64).contains(&id);
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a whole number from 0 to 2^53 − 1, checked just above"
    )]
    in_range.then_some(id as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_ids_are_exact_or_none() {
        assert_eq!(whole_id(42.0), Some(42));
        assert_eq!(whole_id(9_007_199_254_740_991.0), Some(MAX_EXACT_INTEGER));
        for bad in [
            1.5,
            -1.0,
            9_007_199_254_740_992.0,
            1.8446744073709552e19,
            f64::NAN,
            f64::INFINITY,
        ] {
            assert_eq!(whole_id(bad), None, "{bad}");
        }
    }
}
