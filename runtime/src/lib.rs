#![doc = include_str!("../README.md")]

pub mod answer;
mod choice;
mod draft_field;
pub mod each;
mod flat;
mod flow;
pub mod form;
pub mod guard;
pub mod live;
pub mod once;
pub mod parse;
pub mod prompt;
pub mod question;
mod question_check;
mod serve;
pub mod single_form;
pub mod state;
pub mod summary;
#[cfg(feature = "terminal")]
pub mod terminal;
#[cfg(feature = "testkit")]
pub mod testkit;
mod texts;
mod tool;
mod wizard;

pub use choice::Choice;
pub use flow::{Failure, Flow, Outcome, Refusal, Stage};
pub use serve::Serve;
pub use state::StateKeys;
pub use texts::{DefaultTexts, Texts};
pub use tool::{OptionalNotNull, StandardFormats, arguments, input_schema, tool, tool_arguments};
pub use wizard::{Wizard, WizardInfo};
pub use wizard_macros::{Choice, Wizard};

/// What the derives' generated code names: not a public API, free to change.
#[doc(hidden)]
pub mod __private {
    pub use schemars;
    pub use serde;

    /// Only `Value`, which the generated code names: with the whole crate here, the
    /// compiler would name serde_json's types through this module in its messages.
    pub mod serde_json {
        pub use ::serde_json::Value;
    }

    pub use crate::answer::{Answer, Askable, Bounds, Parsed, Range, Shape, Stored};
    pub use crate::draft_field::{AsAnswer, AsParsed, Probe, Reads, StandIn, Stores};
    pub use crate::question::{ChoiceOption, DefaultValue, Kind, Question, Requirement, Titles};
    pub use crate::question_check::{
        bounds_problem, default_problem, number_problem, titles_problem,
    };
    pub use crate::summary::{SummaryPart, SummaryValue, render_summary};
    pub use crate::wizard::Unusable;
}
