//! The form of one question: its `requestedSchema` (a flat object with exactly one
//! property, titled with the field's label, listed in `required` unless the field may
//! be left empty), the checks that refuse a question no client could
//! answer, and the validation of an answer.
//!
//! A derived [`Question`] holds `'static` data; a question a primitive builds at run
//! time (options from a `Vec<String>`, the rendered summary as its message) borrows its
//! data as a [`Prompt`]. Both share one schema builder and one validator, and turning a
//! `Question` into a `Prompt` copies a few words, so the wizard path allocates only the
//! JSON it returns.
//!
//! Objects come out in `serde_json`'s key order (sorted): the `preserve_order` feature
//! would change `Map` for every crate of the workspace, and JSON key order carries no
//! meaning for a client.

use serde_json::{Map, Value};

use crate::question::Question;

mod check;
mod json;
mod prompt;
mod typed;
// `pub(crate)` for `flat`, which reports with `Malformed`: this module re-exports
// `flat`, so `flat` names the defining file rather than this one.
pub(crate) mod validate;

pub use check::{check_prompt, check_question};
pub use json::prompt_schema;
pub(crate) use json::property;
pub use prompt::{CONFIRM_KEY, Options, Prompt, PromptKind, label};
pub use typed::typed_schema;
pub use validate::{Malformed, is_unset, validate_answer, validate_prompt};

pub use crate::flat::{check_flat_schema, validate_against};

/// The `requestedSchema` of a derived question.
pub fn requested_schema(q: &Question) -> Map<String, Value> {
    prompt_schema(&Prompt::from(q))
}

/// The `requestedSchema` of a yes/no with this message (the summary, the guard).
pub fn yes_no_schema(message: &str) -> Map<String, Value> {
    prompt_schema(&Prompt::confirm(message))
}
