//! The call digest that binds a requestState to one tool call by one caller:
//! SHA-256 of the caller, the tool name, a NUL byte and the canonical arguments.
//!
//! Canonical JSON: object keys sorted, no whitespace, strings as serde_json escapes
//! them, numbers by exact value — `1`, `1.0` and `1e0` agree, `9007199254740992` and
//! `9007199254740993` do not (serde_json without `arbitrary_precision` keeps every
//! u64/i64 exact), and a string never equals a number.

use std::fmt::Write as _;

use serde_json::{Map, Number, Value};
use sha2::{Digest, Sha256};

/// Who makes a call, as the host tells callers apart: a digest of the credential the
/// host acts with for them (a token), never the credential itself.
///
/// A state is sealed for one caller and opens for that caller only, so one caller's
/// confirmed round (and the result it recorded) can be neither replayed nor spoiled by
/// another who got hold of its requestState.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Caller([u8; 32]);

impl Caller {
    /// Every caller alike: a host that does not tell its callers apart (one user on
    /// stdio).
    pub const ANYONE: Caller = Caller([0; 32]);

    /// The caller who acts with `credential` (the token as sent upstream): its SHA-256.
    pub fn of(credential: &[u8]) -> Caller {
        let mut hasher = Sha256::new();
        hasher.update(b"wizard caller\0");
        hasher.update(credential);
        Caller(hasher.finalize().into())
    }

    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

impl Default for Caller {
    fn default() -> Self {
        Caller::ANYONE
    }
}

impl std::fmt::Debug for Caller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Caller(")?;
        for byte in &self.0[..4] {
            write!(f, "{byte:02x}")?;
        }
        f.write_str("…)")
    }
}

/// SHA-256 over the caller, `tool` + NUL + the canonical `arguments` (absent arguments
/// count as `{}`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CallDigest([u8; 32]);

impl CallDigest {
    pub const LEN: usize = 32;

    /// The digest of a call by `caller` to `tool` with `arguments`. `_meta`,
    /// `inputResponses` and `requestState` are not arguments: rmcp keeps them beside
    /// `arguments` in `CallToolRequestParams`, so a retry carries the same digest as the
    /// first round.
    pub fn of(caller: &Caller, tool: &str, arguments: Option<&Map<String, Value>>) -> Self {
        let mut hasher = Sha256::new();
        hasher.update(caller.as_bytes());
        hasher.update(tool.as_bytes());
        hasher.update([0]);
        let mut canonical = String::new();
        match arguments {
            Some(arguments) => write_object(&mut canonical, arguments),
            None => canonical.push_str("{}"),
        }
        hasher.update(canonical.as_bytes());
        CallDigest(hasher.finalize().into())
    }

    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

impl std::fmt::Debug for CallDigest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CallDigest(")?;
        for byte in &self.0[..8] {
            write!(f, "{byte:02x}")?;
        }
        f.write_str("…)")
    }
}

/// The canonical text of `value` that [`CallDigest`] hashes.
pub fn canonical_json(value: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, value);
    out
}

fn write_value(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => write_number(out, n),
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(out, item);
            }
            out.push(']');
        }
        Value::Object(map) => write_object(out, map),
    }
}

fn write_object(out: &mut String, map: &Map<String, Value>) {
    // Sort explicitly: another crate may switch on serde_json's `preserve_order`.
    let mut entries: Vec<(&String, &Value)> = map.iter().collect();
    entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
    out.push('{');
    for (i, (key, value)) in entries.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_string(out, key);
        out.push(':');
        write_value(out, value);
    }
    out.push('}');
}

fn write_string(out: &mut String, s: &str) {
    out.push_str(&Value::from(s).to_string());
}

/// Integers as their exact decimal; an integral float as the same integer (`1.0` →
/// `1`, `1e20` → `100000000000000000000`); other floats in Rust's shortest
/// round-trip form, which two equal `f64`s always share.
fn write_number(out: &mut String, n: &Number) {
    if let Some(u) = n.as_u64() {
        let _ = write!(out, "{u}");
    } else if let Some(i) = n.as_i64() {
        let _ = write!(out, "{i}");
    } else {
        let f = n.as_f64().unwrap_or(f64::NAN);
        if f.fract() == 0.0 {
            // `{:.0}` prints an integral f64's exact decimal expansion; `-0` is `0`.
            let f = if f == 0.0 { 0.0 } else { f };
            let _ = write!(out, "{f:.0}");
        } else {
            let _ = write!(out, "{f}");
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn text(raw: &str) -> String {
        canonical_json(&serde_json::from_str(raw).expect("test JSON parses"))
    }

    #[test]
    fn numbers_compare_by_exact_value() {
        assert_eq!(text("1"), "1");
        assert_eq!(text("1.0"), "1");
        assert_eq!(text("1e0"), "1");
        assert_eq!(text("-0.0"), "0");
        assert_eq!(text("1e20"), text("100000000000000000000"));
        assert_eq!(text("0.5"), "0.5");
        assert_ne!(text("9007199254740992"), text("9007199254740993"));
        assert_eq!(text("-9223372036854775808"), "-9223372036854775808");
    }

    #[test]
    fn keys_sort_and_whitespace_vanishes() {
        assert_eq!(
            text(r#"{ "b" : [1, {"d":2,"c":1}], "a": "x\"y" }"#),
            r#"{"a":"x\"y","b":[1,{"c":1,"d":2}]}"#
        );
    }

    #[test]
    fn a_string_never_equals_a_number() {
        assert_ne!(canonical_json(&json!("1")), canonical_json(&json!(1)));
    }

    #[test]
    fn absent_arguments_are_the_empty_object() {
        let anyone = Caller::ANYONE;
        assert_eq!(
            CallDigest::of(&anyone, "t", None),
            CallDigest::of(&anyone, "t", Some(&Map::new()))
        );
        assert_ne!(
            CallDigest::of(&anyone, "t", None),
            CallDigest::of(&anyone, "u", None)
        );
    }

    #[test]
    fn one_call_by_two_callers_is_two_calls() {
        let (a, b) = (Caller::of(b"glpat-a"), Caller::of(b"glpat-b"));
        assert_ne!(a, b);
        assert_eq!(a, Caller::of(b"glpat-a"));
        assert_ne!(CallDigest::of(&a, "t", None), CallDigest::of(&b, "t", None));
        assert_ne!(
            CallDigest::of(&a, "t", None),
            CallDigest::of(&Caller::ANYONE, "t", None)
        );
        assert!(!format!("{a:?}").contains("glpat"));
    }
}
