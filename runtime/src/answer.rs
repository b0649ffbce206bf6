//! How a Rust field type becomes a question and takes back a validated answer: the
//! traits a question's field type implements ([`Answer`], or [`Parsed`] for a `parse`
//! question). The derive names them, and a type lacking one is reported at its field.

use serde::{Serialize, de::DeserializeOwned};
use serde_json::Value;

use crate::choice::Choice;
use crate::question::{ChoiceOption, Kind};
use crate::summary::SummaryValue;

/// The answer shape a field type can take; the derive turns it and the field's
/// bounds into a [`Kind`] with [`Kind::build`].
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    Text,
    YesNo,
    Integer(Range),
    Float(Range),
    Choice(&'static [ChoiceOption]),
    MultiSelect(&'static [ChoiceOption]),
}

/// The values a number type holds: a bound or a default outside them could never be
/// answered, so the derive refuses it at compile time.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    pub min: f64,
    pub max: f64,
    /// What the author reads when a number is outside: the type and its range.
    pub outside: &'static str,
}

/// The bounds written on a field: `min`, `max`, `min_items`, `max_items`, `choices`.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Bounds {
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub min_items: Option<u32>,
    pub max_items: Option<u32>,
    pub choices: Option<&'static [i64]>,
}

impl Bounds {
    pub const NONE: Bounds = Bounds {
        min: None,
        max: None,
        min_items: None,
        max_items: None,
        choices: None,
    };
}

impl Kind {
    /// Combines a type's shape with the bounds written on its field. Never fails: a
    /// combination the shape cannot take is reported by
    /// [`bounds_problem`](crate::question_check::bounds_problem), which the derive
    /// evaluates at compile time.
    pub const fn build(shape: Shape, bounds: Bounds) -> Kind {
        match shape {
            Shape::Integer(_) if bounds.choices.is_some() => match bounds.choices {
                Some(choices) => Kind::IntegerChoice(choices),
                None => unreachable!(),
            },
            Shape::Text => Kind::Text,
            Shape::YesNo => Kind::YesNo,
            Shape::Integer(_) | Shape::Float(_) => Kind::Number {
                min: bounds.min,
                max: bounds.max,
                integer: matches!(shape, Shape::Integer(_)),
            },
            Shape::Choice(options) => Kind::Choice(options),
            Shape::MultiSelect(options) => Kind::MultiSelect {
                options,
                min_items: bounds.min_items,
                max_items: bounds.max_items,
            },
        }
    }
}

/// What the draft stores of an answer: it rides in the signed `requestState` (serde),
/// and shows in the summary.
#[doc(hidden)]
pub trait Stored:
    Clone + Serialize + DeserializeOwned + SummaryValue + Send + Sync + 'static
{
}

impl<T> Stored for T where
    T: Clone + Serialize + DeserializeOwned + SummaryValue + Send + Sync + 'static
{
}

/// The result of a `parse = fn` question: stored in the draft between rounds (serde,
/// `Clone`) and shown in the summary ([`SummaryValue`]).
///
/// Implemented for every type that has these. The derive names it for each `parse`
/// question, so that a type lacking any is one error at the field.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the result of a `parse` question",
    label = "the `parse` function returns this type",
    note = "the answer is stored between rounds and shown in the summary: `{Self}` needs `Clone`, serde's `Serialize` and `Deserialize`, and `wizard::summary::SummaryValue`"
)]
pub trait Parsed {
    /// Named by the derive: naming it is the check.
    #[doc(hidden)]
    const PARSED: () = ();
}

// Not recommended: a type lacking several of these is then one error, under this
// trait's message (which lists them all), rather than one per trait it lacks.
#[diagnostic::do_not_recommend]
impl<T: Stored> Parsed for T {}

/// A field type that can be asked in a flat MCP form.
///
/// Implemented for `String`, `bool`, the integer and float types, every
/// `#[derive(Choice)]` enum and `Vec` of one. Any other type is asked as text and
/// turned into the field with `#[ask(parse = path::to::fn)]`.
///
/// The derive names it for each question, so that a type that cannot be asked is one
/// error at the field, in these words. What it says of a type comes from a hidden
/// trait that the runtime and `#[derive(Choice)]` implement.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be asked in an MCP form",
    label = "not a flat form value",
    note = "a question can be `String`, `bool`, an integer, a float, a `#[derive(Choice)]` enum or a `Vec` of one, each optionally in `Option<..>`",
    note = "for another type, ask for text and convert it with `#[ask(\"..\", parse = path::to::fn)]`"
)]
pub trait Answer {
    #[doc(hidden)]
    const SHAPE: Shape;
}

// Not recommended: a `Vec` of something that is not a choice is then reported as the
// field's type, under this trait's message, not as what `Askable`'s impls ask of it.
#[diagnostic::do_not_recommend]
impl<T: Askable> Answer for T {
    const SHAPE: Shape = T::SHAPE;
}

/// What [`Answer`] says of a type: its shape, and how a validated answer becomes it.
/// Every type that can be asked is stored in the draft, so it is [`Stored`] too.
#[doc(hidden)]
pub trait Askable: Stored {
    const SHAPE: Shape;
    /// Converts an answer the runtime already validated against the question's kind.
    fn from_answer(value: &Value) -> Result<Self, String>;
}

fn wrong(value: &Value, expected: &str) -> String {
    format!("expected {expected}, got {value}")
}

impl Askable for String {
    const SHAPE: Shape = Shape::Text;
    fn from_answer(value: &Value) -> Result<Self, String> {
        value
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| wrong(value, "a string"))
    }
}

impl Askable for bool {
    const SHAPE: Shape = Shape::YesNo;
    fn from_answer(value: &Value) -> Result<Self, String> {
        value.as_bool().ok_or_else(|| wrong(value, "a boolean"))
    }
}

/// `$min`/`$max` as written in the message: `usize` and `isize` depend on the target.
macro_rules! integer_answer {
    ($($t:ty: $min:literal to $max:literal;)*) => {$(
        impl Askable for $t {
            #[allow(clippy::cast_precision_loss, reason = "bounds are compared as JSON numbers")]
            const SHAPE: Shape = Shape::Integer(Range {
                min: <$t>::MIN as f64,
                max: <$t>::MAX as f64,
                outside: concat!(
                    "this number is outside what `", stringify!($t), "` holds: a whole number from ",
                    $min, " to ", $max
                ),
            });
            fn from_answer(value: &Value) -> Result<Self, String> {
                value
                    .as_i64()
                    .and_then(|n| <$t>::try_from(n).ok())
                    .or_else(|| value.as_u64().and_then(|n| <$t>::try_from(n).ok()))
                    .ok_or_else(|| wrong(value, concat!("an integer that fits ", stringify!($t))))
            }
        }
    )*};
}
integer_answer! {
    i8: "-128" to "127";
    i16: "-32768" to "32767";
    i32: "-2147483648" to "2147483647";
    i64: "-9223372036854775808" to "9223372036854775807";
    isize: "`isize::MIN`" to "`isize::MAX`";
    u8: "0" to "255";
    u16: "0" to "65535";
    u32: "0" to "4294967295";
    u64: "0" to "18446744073709551615";
    usize: "0" to "`usize::MAX`";
}

macro_rules! float_answer {
    ($($t:ty: $limit:literal;)*) => {$(
        impl Askable for $t {
            const SHAPE: Shape = Shape::Float(Range {
                min: <$t>::MIN as f64,
                max: <$t>::MAX as f64,
                outside: concat!(
                    "this number is outside what `", stringify!($t), "` holds: from -", $limit,
                    " to ", $limit
                ),
            });
            #[allow(clippy::cast_possible_truncation, reason = "f32 fields accept f32 precision")]
            fn from_answer(value: &Value) -> Result<Self, String> {
                value.as_f64().map(|n| n as $t).ok_or_else(|| wrong(value, "a number"))
            }
        }
    )*};
}
float_answer! {
    f32: "3.4028235e38";
    f64: "1.7976931348623157e308";
}

impl<E: Choice + Stored> Askable for Vec<E> {
    const SHAPE: Shape = Shape::MultiSelect(E::OPTIONS);
    fn from_answer(value: &Value) -> Result<Self, String> {
        let items = value.as_array().ok_or_else(|| wrong(value, "an array"))?;
        items
            .iter()
            .map(|item| {
                item.as_str()
                    .and_then(E::from_wire_value)
                    .ok_or_else(|| wrong(item, "one of the options offered"))
            })
            .collect()
    }
}
