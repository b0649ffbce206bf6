//! Input generators shared by the targets: text with the characters parsers trip on,
//! numbers at the edges, arbitrary JSON.

use proptest::prelude::*;
use serde_json::{Map, Number, Value};

/// Characters with a meaning to some parser or reader: line breaks, controls, bidi and
/// zero-width characters, tag characters, Markdown and URL punctuation, quotes.
const SHARP: &[char] = &[
    '\n',
    '\r',
    '\t',
    '\0',
    '\u{7f}',
    '\u{85}',
    '\u{2028}',
    '\u{2029}',
    '\u{202E}',
    '\u{2066}',
    '\u{200B}',
    '\u{200D}',
    '\u{FEFF}',
    '\u{061C}',
    '\u{FFF9}',
    '\u{E0041}',
    '\u{E007F}',
    '`',
    ':',
    '/',
    '\\',
    '"',
    '\'',
    '*',
    '_',
    '[',
    ']',
    '<',
    '>',
    '&',
    '%',
    ',',
    ' ',
    '{',
    '}',
    'é',
    '\u{1F600}',
    '\u{10FFFF}',
];

/// Text: any characters, sharp ones often, sometimes long.
pub fn text() -> impl Strategy<Value = String> {
    let char = prop_oneof![
        3 => any::<char>(),
        3 => prop::sample::select(SHARP),
        4 => prop::char::range('a', 'z'),
    ];
    prop_oneof![
        8 => prop::collection::vec(char, 0..24).prop_map(String::from_iter),
        1 => prop::sample::select(vec![
            "", " ", "   ", "://", "https://example.com", "``", "a`b``c", "\u{202E}txt",
            "null", "true", "0", "-1", "1e400", "group/project", "..", ".", "%2F",
        ])
        .prop_map(str::to_owned),
        1 => (prop::sample::select(SHARP), 100..3000usize)
            .prop_map(|(c, n)| std::iter::repeat_n(c, n).collect()),
    ]
}

/// Object keys: often one of the `known` names.
pub fn key(known: Vec<String>) -> BoxedStrategy<String> {
    if known.is_empty() {
        return text().boxed();
    }
    prop_oneof![
        3 => prop::sample::select(known),
        1 => text(),
    ]
    .boxed()
}

/// Numbers at and around the edges: zero, ±1, the limits of i64, u64, 2^53 and f64.
pub fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        2 => any::<i64>().prop_map(Value::from),
        1 => any::<u64>().prop_map(Value::from),
        2 => (-3i64..300).prop_map(Value::from),
        1 => prop::sample::select(vec![
            0i64, 1, -1, i64::MAX, i64::MIN, (1 << 53) - 1, 1 << 53, (1 << 53) + 1, -(1 << 53),
        ])
        .prop_map(Value::from),
        1 => Just(Value::from(u64::MAX)),
        2 => any::<f64>().prop_filter_map("finite", |f| Number::from_f64(f).map(Value::Number)),
        1 => prop::sample::select(vec![0.5, -0.0, 1.0, 42.0, 1e300, -1e300, 9_007_199_254_740_993.0, 1.8446744073709552e19, f64::MIN_POSITIVE])
            .prop_map(|f| Value::Number(Number::from_f64(f).expect("finite"))),
    ]
}

/// Any JSON value, nested a few levels.
pub fn json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        1 => Just(Value::Null),
        1 => any::<bool>().prop_map(Value::Bool),
        3 => number(),
        4 => text().prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec((text(), inner), 0..5)
                .prop_map(|fields| Value::Object(fields.into_iter().collect())),
        ]
    })
}

/// A value an answer or an argument might plausibly hold: scalars of every type, lists
/// of strings, sometimes anything.
pub fn field_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        3 => text().prop_map(Value::String),
        2 => number(),
        2 => any::<bool>().prop_map(Value::Bool),
        1 => Just(Value::Null),
        2 => prop::collection::vec(text().prop_map(Value::String), 0..5).prop_map(Value::Array),
        2 => json(),
    ]
}

/// An object whose keys are mostly `known` and whose values are [`field_value`]s.
pub fn object(known: Vec<String>) -> impl Strategy<Value = Map<String, Value>> {
    prop::collection::vec((key(known), field_value()), 0..6)
        .prop_map(|fields| fields.into_iter().collect())
}
