//! How a Rust field type becomes a question and takes back a validated answer.

use serde::{Serialize, de::DeserializeOwned};
use serde_json::Value;

use crate::choice::Choice;
use crate::question::{ChoiceOption, Kind};
use crate::summary::SummaryValue;

/// The answer shape a field type can take; the derive turns it and the field's
/// bounds into a [`Kind`] with [`Kind::build`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    Text,
    YesNo,
    Integer,
    Float,
    Choice(&'static [ChoiceOption]),
    MultiSelect(&'static [ChoiceOption]),
}

/// The bounds written on a field: `min`, `max`, `min_items`, `max_items`, `choices`.
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
            Shape::Integer if bounds.choices.is_some() => match bounds.choices {
                Some(choices) => Kind::IntegerChoice(choices),
                None => unreachable!(),
            },
            Shape::Text => Kind::Text,
            Shape::YesNo => Kind::YesNo,
            Shape::Integer | Shape::Float => Kind::Number {
                min: bounds.min,
                max: bounds.max,
                integer: matches!(shape, Shape::Integer),
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
pub trait Stored:
    Clone + Serialize + DeserializeOwned + SummaryValue + Send + Sync + 'static
{
}

impl<T> Stored for T where
    T: Clone + Serialize + DeserializeOwned + SummaryValue + Send + Sync + 'static
{
}

/// The result of a `parse = fn` question: stored in the draft between rounds (serde,
/// `Clone`) and shown in the summary (`SummaryValue`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the result of a `parse` question",
    label = "the `parse` function returns this type",
    note = "the answer is stored between rounds and shown in the summary: `{Self}` needs `Clone`, serde's `Serialize` and `Deserialize`, and `wizard::summary::SummaryValue`"
)]
pub trait Parsed: Stored {}

impl<T: Stored> Parsed for T {}

/// A field type that can be asked in a flat MCP form.
///
/// Implemented for `String`, `bool`, the integer and float types, every
/// `#[derive(Choice)]` enum and `Vec` of one. Any other type is asked as text and
/// turned into the field with `#[ask(parse = path::to::fn)]`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be asked in an MCP form",
    label = "not a flat form value",
    note = "a question can be `String`, `bool`, an integer, a float, a `#[derive(Choice)]` enum or a `Vec` of one, each optionally in `Option<..>`",
    note = "for another type, ask for text and convert it with `#[ask(\"..\", parse = path::to::fn)]`"
)]
pub trait Answer: Stored {
    const SHAPE: Shape;
    /// Converts an answer the runtime already validated against the question's kind.
    fn from_answer(value: &Value) -> Result<Self, String>;
}

fn wrong(value: &Value, expected: &str) -> String {
    format!("expected {expected}, got {value}")
}

impl Answer for String {
    const SHAPE: Shape = Shape::Text;
    fn from_answer(value: &Value) -> Result<Self, String> {
        value
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| wrong(value, "a string"))
    }
}

impl Answer for bool {
    const SHAPE: Shape = Shape::YesNo;
    fn from_answer(value: &Value) -> Result<Self, String> {
        value.as_bool().ok_or_else(|| wrong(value, "a boolean"))
    }
}

macro_rules! integer_answer {
    ($($t:ty),*) => {$(
        impl Answer for $t {
            const SHAPE: Shape = Shape::Integer;
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
integer_answer!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize);

macro_rules! float_answer {
    ($($t:ty),*) => {$(
        impl Answer for $t {
            const SHAPE: Shape = Shape::Float;
                    #[allow(clippy::cast_possible_truncation, reason = "f32 fields accept f32 precision")]
            fn from_answer(value: &Value) -> Result<Self, String> {
                value.as_f64().map(|n| n as $t).ok_or_else(|| wrong(value, "a number"))
            }
        }
    )*};
}
float_answer!(f32, f64);

impl<E: Choice + Stored> Answer for Vec<E> {
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
