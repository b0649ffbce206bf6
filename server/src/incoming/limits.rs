//! How much one message may hold, checked in one pass over its bytes before anything is
//! built from them.
//!
//! Reading JSON into values costs far more memory than the text: a 3 MB body of 100,000
//! one-member objects became 300 MB once read (a map, its nodes and keys per object),
//! and a message is read more than once on its way (here, then by rmcp). So counts are
//! checked first, as the bytes are scanned, holding nothing but the path so far: members
//! of one object, items of one array, values in all, nesting depth, and the length of
//! keys and strings. A message over a limit is refused (-32600) naming the limit and
//! where it was passed; no tool call needs anything close to these.

use std::borrow::Cow;
use std::fmt::{self, Write as _};

use rmcp::model::{NumberOrString, RequestId};
use serde::Deserializer as _;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};

use crate::units::show_size;

/// The members one object may have.
pub const MAX_MEMBERS: usize = 1_000;
/// The items one array may have.
pub const MAX_ITEMS: usize = 10_000;
/// The values (of any kind, containers included) one message may hold.
pub const MAX_VALUES: usize = 20_000;
/// How deep objects and arrays may nest.
pub const MAX_DEPTH: usize = 32;
/// The longest key, in bytes.
pub const MAX_KEY: usize = 256;
/// The longest string, in bytes: the HTTP body limit's default.
pub const MAX_STRING: usize = 4 << 20;

/// A message over a limit: what to answer, and the request's id when it was read before
/// the limit was passed.
#[derive(Debug, Clone, PartialEq)]
pub struct OverLimit {
    pub message: String,
    pub id: Option<RequestId>,
}

/// Checks `bytes` against the limits. Bytes that are not JSON pass: reading them fails
/// afterwards with the parse error they deserve.
pub fn check(bytes: &[u8]) -> Result<(), OverLimit> {
    let mut scan = Scan::default();
    let mut reader = serde_json::Deserializer::from_slice(bytes);
    match reader.deserialize_any(Item {
        scan: &mut scan,
        depth: 0,
        is_id: false,
    }) {
        Err(_) if scan.over.is_some() => Err(OverLimit {
            message: scan.over.take().unwrap_or_default(),
            id: scan.id,
        }),
        _ => Ok(()),
    }
}

/// What a scan has seen so far.
#[derive(Default)]
struct Scan<'de> {
    values: usize,
    /// The keys and indexes from the top down to the value being read.
    path: Vec<Segment<'de>>,
    /// The top level `id`, once read.
    id: Option<RequestId>,
    /// Why the scan stopped, when it passed a limit.
    over: Option<String>,
}

enum Segment<'de> {
    Key(Cow<'de, str>),
    Index(usize),
}

impl Scan<'_> {
    /// Stops the scan: `problem` becomes the refusal.
    fn over<E: de::Error>(&mut self, problem: String) -> E {
        self.over = Some(format!(
            "Invalid Request: {problem}; send a smaller message"
        ));
        E::custom("over a limit")
    }

    /// `` `params.arguments.labels` ``; `the message` at the top; at most eight segments.
    fn shown(&self) -> String {
        if self.path.is_empty() {
            return "the message".to_owned();
        }
        let mut text = String::from("`");
        for (n, segment) in self.path.iter().enumerate() {
            if n == 8 {
                text.push('…');
                break;
            }
            match segment {
                Segment::Key(key) if n == 0 => text.push_str(key),
                Segment::Key(key) => {
                    let _ = write!(text, ".{key}");
                }
                Segment::Index(index) => {
                    let _ = write!(text, "[{index}]");
                }
            }
        }
        text.push('`');
        text
    }
}

/// One value at `depth`, read only to count it and what it holds.
struct Item<'s, 'de> {
    scan: &'s mut Scan<'de>,
    depth: usize,
    /// The top level `id`: kept when it is one.
    is_id: bool,
}

impl<'de> Item<'_, 'de> {
    fn counted<E: de::Error>(&mut self) -> Result<(), E> {
        self.scan.values += 1;
        if self.scan.values > MAX_VALUES {
            return Err(self.scan.over(format!(
                "the message holds more than {MAX_VALUES} values, the most one message may hold"
            )));
        }
        Ok(())
    }

    /// Entering an object or an array.
    fn deeper<E: de::Error>(&mut self) -> Result<(), E> {
        self.counted()?;
        if self.depth >= MAX_DEPTH {
            let shown = self.scan.shown();
            return Err(self.scan.over(format!(
                "{shown} is nested more than {MAX_DEPTH} levels deep, the most a message may nest"
            )));
        }
        Ok(())
    }

    fn text<E: de::Error>(&mut self, text: &str) -> Result<(), E> {
        self.counted()?;
        if text.len() > MAX_STRING {
            let shown = self.scan.shown();
            return Err(self.scan.over(format!(
                "{shown} is longer than {}, the longest a string may be",
                show_size(MAX_STRING)
            )));
        }
        if self.is_id {
            self.scan.id = Some(NumberOrString::String(text.into()));
        }
        Ok(())
    }

    fn inner<'a>(&'a mut self, is_id: bool) -> Item<'a, 'de> {
        Item {
            scan: self.scan,
            depth: self.depth + 1,
            is_id,
        }
    }
}

impl<'de> DeserializeSeed<'de> for Item<'_, 'de> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Item<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(mut self, _: bool) -> Result<(), E> {
        self.counted()
    }

    fn visit_i64<E: de::Error>(mut self, number: i64) -> Result<(), E> {
        if self.is_id {
            self.scan.id = Some(NumberOrString::Number(number));
        }
        self.counted()
    }

    fn visit_u64<E: de::Error>(mut self, number: u64) -> Result<(), E> {
        if self.is_id
            && let Ok(number) = i64::try_from(number)
        {
            self.scan.id = Some(NumberOrString::Number(number));
        }
        self.counted()
    }

    fn visit_f64<E: de::Error>(mut self, _: f64) -> Result<(), E> {
        self.counted()
    }

    fn visit_str<E: de::Error>(mut self, text: &str) -> Result<(), E> {
        self.text(text)
    }

    fn visit_unit<E: de::Error>(mut self) -> Result<(), E> {
        self.counted()
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut items: A) -> Result<(), A::Error> {
        self.deeper()?;
        let mut index = 0;
        loop {
            if index == MAX_ITEMS {
                let shown = self.scan.shown();
                return Err(self.scan.over(format!(
                    "{shown} has more than {MAX_ITEMS} items, the most one array may have"
                )));
            }
            self.scan.path.push(Segment::Index(index));
            let item = items.next_element_seed(self.inner(false))?;
            self.scan.path.pop();
            if item.is_none() {
                return Ok(());
            }
            index += 1;
        }
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut members: A) -> Result<(), A::Error> {
        self.deeper()?;
        let mut count = 0;
        loop {
            let Some(key) = members.next_key_seed(Key)? else {
                return Ok(());
            };
            count += 1;
            if count > MAX_MEMBERS {
                let shown = self.scan.shown();
                return Err(self.scan.over(format!(
                    "{shown} has more than {MAX_MEMBERS} members, the most one object may have"
                )));
            }
            if key.len() > MAX_KEY {
                let shown = self.scan.shown();
                return Err(self.scan.over(format!(
                    "a key in {shown} is longer than {MAX_KEY} bytes, the longest a key may be"
                )));
            }
            let is_id = self.depth == 0 && key == "id";
            self.scan.path.push(Segment::Key(key));
            members.next_value_seed(self.inner(is_id))?;
            self.scan.path.pop();
        }
    }
}

/// A key, borrowed from the bytes when it has no escapes.
struct Key;

impl<'de> DeserializeSeed<'de> for Key {
    type Value = Cow<'de, str>;

    fn deserialize<D: de::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Key {
    type Value = Cow<'de, str>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(key))
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(key.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn over(value: &serde_json::Value) -> OverLimit {
        check(value.to_string().as_bytes()).expect_err("over a limit")
    }

    #[test]
    fn ordinary_messages_pass() {
        let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "t", "arguments": {"labels": vec!["a"; 100], "x": {"y": [1, 2.5, null, true]}}}});
        assert_eq!(check(call.to_string().as_bytes()), Ok(()));
        assert_eq!(check(b"not json at all"), Ok(()), "left to the parser");
        assert_eq!(check(b"{\"a\": [1, 2"), Ok(()), "left to the parser");
    }

    #[test]
    fn each_limit_names_itself_and_where_it_was_passed() {
        let members: serde_json::Map<String, serde_json::Value> = (0..=MAX_MEMBERS)
            .map(|n| (n.to_string(), json!(0)))
            .collect();
        let refused = over(&json!({"id": 9, "params": {"inputResponses": members}}));
        assert!(
            refused
                .message
                .contains("`params.inputResponses` has more than 1000 members"),
            "{refused:?}"
        );
        assert_eq!(refused.id, Some(NumberOrString::Number(9)));

        let refused = over(&json!({"id": "x", "params": {"labels": vec![0; MAX_ITEMS + 1]}}));
        assert!(
            refused
                .message
                .contains("`params.labels` has more than 10000 items")
        );
        assert_eq!(refused.id, Some(NumberOrString::String("x".into())));

        let mut nested = json!(0);
        for _ in 0..MAX_DEPTH {
            nested = json!([nested]);
        }
        let refused = over(&json!({"a": nested}));
        assert!(
            refused
                .message
                .contains("`a[0][0][0][0][0][0][0]…` is nested more than 32 levels"),
            "{refused:?}"
        );

        let many: Vec<serde_json::Value> = (0..MAX_VALUES / 4).map(|_| json!([1, 2, 3])).collect();
        let refused = over(&json!({"a": many[..MAX_ITEMS / 2], "b": many[..MAX_ITEMS / 2]}));
        assert!(
            refused.message.contains("more than 20000 values"),
            "{refused:?}"
        );

        let mut long = serde_json::Map::new();
        long.insert("k".repeat(MAX_KEY + 1), json!(1));
        let refused = over(&json!({"params": long}));
        assert!(
            refused
                .message
                .contains("a key in `params` is longer than 256 bytes")
        );

        let refused = over(&json!({"s": "x".repeat(MAX_STRING + 1)}));
        assert!(
            refused.message.contains("`s` is longer than 4 MiB"),
            "{refused:?}"
        );
        assert!(refused.message.starts_with("Invalid Request: "));
    }

    #[test]
    fn the_limits_themselves_pass() {
        let members: serde_json::Map<String, serde_json::Value> = (0..MAX_MEMBERS)
            .map(|n| (n.to_string(), json!(0)))
            .collect();
        assert_eq!(check(json!({"m": members}).to_string().as_bytes()), Ok(()));
        let mut nested = json!(0);
        for _ in 0..MAX_DEPTH - 1 {
            nested = json!([nested]);
        }
        assert_eq!(check(json!({"a": nested}).to_string().as_bytes()), Ok(()));
        let escaped = format!("{{\"{}\\n\": 1}}", "k".repeat(MAX_KEY - 1));
        assert_eq!(
            check(escaped.as_bytes()),
            Ok(()),
            "an escaped key is read whole"
        );
    }
}
