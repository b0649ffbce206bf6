#![doc = include_str!("../README.md")]

mod answer;
mod escape;
pub mod flow;
mod form_schema;
pub mod guard;
pub mod parse;
mod question;
mod schema;
pub mod serve;
pub mod state;
mod summary;
#[cfg(feature = "testkit")]
pub mod testkit;
mod validate;
mod wizard;

pub use answer::{Answer, Bounds, Choice, Shape, SummaryValue};
pub use escape::{escape_value, truncate_chars};
pub use flow::{Flow, FlowTexts, Outcome, PromptError, Prompter};
pub use form_schema::{check_flat_schema, validate_against};
pub use question::{ChoiceOption, DefaultValue, Kind, Question, Requirement, Titles};
pub use schema::{
    CONFIRM_KEY, Filled, Options, Prompt, PromptKind, SingleForm, ask_single_form, check_prompt,
    check_question, combined_schema, from_form, prompt_schema, requested_schema, yes_no_schema,
};
pub use serve::Serve;
pub use state::StateKeys;
pub use summary::render_summary;
pub use validate::{Malformed, is_unset, validate_answer, validate_prompt};
pub use wizard::{SummaryPart, Wizard, WizardInfo};
pub use wizard_macros::{Choice, Wizard};

/// What the derives' generated code names; not a public API.
#[doc(hidden)]
pub mod __private {
    pub use schemars;
    pub use serde;
    pub use serde_json;
}
