//! How a generated draft stores, clones, prints and shows one answer, and reads it from
//! a validated answer.
//!
//! The derive checks each question's type once, where the question table names it
//! (`<T as Answer>::SHAPE`, or `<T as Parsed>::PARSED` for a `parse` question). Everywhere else
//! it goes through a [`Probe`]: a method call on `&&Probe` picks the real
//! implementation when the type can be stored ([`Stores`], found first by autoref) and
//! a stand-in otherwise ([`StandIn`]), so that a type that cannot be asked is one
//! error, at the field, and not one per use. The stand-in never runs: the build fails.

use std::marker::PhantomData;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::answer::{Askable, Stored};
use crate::summary::SummaryValue;

/// Stands for a question whose answer is a `T`; `P` says which trait `T` must
/// implement: [`AsAnswer`] or [`AsParsed`].
pub struct Probe<T, P>(PhantomData<(T, P)>);

impl<T, P> Probe<T, P> {
    pub const NEW: Self = Probe(PhantomData);
}

/// A question asked as the field type's own kind: `T: Answer` (through `Askable`).
pub struct AsAnswer;
/// A question asked as text and converted by `parse`: `T: Parsed` (whose impl asks
/// what [`Stored`] does).
pub struct AsParsed;

/// The real storage of an answer.
pub trait Stores<T> {
    fn serialize_answer<S: Serializer>(
        &self,
        value: &Option<T>,
        serializer: S,
    ) -> Result<S::Ok, S::Error>;
    fn deserialize_answer<'de, D: Deserializer<'de>>(
        &self,
        deserializer: D,
    ) -> Result<Option<T>, D::Error>;
    fn clone_answer(&self, value: &Option<T>) -> Option<T>;
    /// The value as JSON, for the draft's `Debug`: a stored type needs no `Debug`.
    fn debug_answer(&self, value: &Option<T>) -> Option<Value>;
    fn show_answer(&self, value: &Option<T>) -> Option<String>;
}

macro_rules! stores {
    ($as:ident, $bound:ident) => {
        impl<T: $bound> Stores<T> for &Probe<T, $as> {
            fn serialize_answer<S: Serializer>(
                &self,
                value: &Option<T>,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                value.serialize(serializer)
            }

            fn deserialize_answer<'de, D: Deserializer<'de>>(
                &self,
                deserializer: D,
            ) -> Result<Option<T>, D::Error> {
                Option::<T>::deserialize(deserializer)
            }

            fn clone_answer(&self, value: &Option<T>) -> Option<T> {
                value.clone()
            }

            fn debug_answer(&self, value: &Option<T>) -> Option<Value> {
                value
                    .as_ref()
                    .and_then(|value| serde_json::to_value(value).ok())
            }

            fn show_answer(&self, value: &Option<T>) -> Option<String> {
                value.summary_text()
            }
        }
    };
}

stores!(AsAnswer, Askable);
stores!(AsParsed, Stored);

/// Reads a validated answer into the field's type.
pub trait Reads<T> {
    fn read_answer(&self, value: &Value) -> Result<T, String>;
}

impl<T: Askable> Reads<T> for &Probe<T, AsAnswer> {
    fn read_answer(&self, value: &Value) -> Result<T, String> {
        T::from_answer(value)
    }
}

const UNREACHABLE: &str = "a question whose type cannot be stored fails the build";

/// The stand-in for a type the question table already reported.
pub trait StandIn<T> {
    fn serialize_answer<S: Serializer>(&self, _: &Option<T>, _: S) -> Result<S::Ok, S::Error> {
        unreachable!("{UNREACHABLE}")
    }
    fn deserialize_answer<'de, D: Deserializer<'de>>(&self, _: D) -> Result<Option<T>, D::Error> {
        unreachable!("{UNREACHABLE}")
    }
    fn clone_answer(&self, _: &Option<T>) -> Option<T> {
        unreachable!("{UNREACHABLE}")
    }
    fn debug_answer(&self, _: &Option<T>) -> Option<Value> {
        unreachable!("{UNREACHABLE}")
    }
    fn show_answer(&self, _: &Option<T>) -> Option<String> {
        unreachable!("{UNREACHABLE}")
    }
    fn read_answer(&self, _: &Value) -> Result<T, String> {
        unreachable!("{UNREACHABLE}")
    }
}

impl<T, P> StandIn<T> for Probe<T, P> {}
