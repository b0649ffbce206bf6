#![doc = include_str!("../README.md")]

mod answer;
mod question;
mod wizard;

pub use answer::{Answer, Bounds, Choice, Shape, SummaryValue};
pub use question::{ChoiceOption, Kind, Question, Requirement};
pub use wizard::{SummaryPart, Wizard, WizardInfo};
pub use wizard_macros::{Choice, Wizard};

/// What the derives' generated code names; not a public API.
#[doc(hidden)]
pub mod __private {
    pub use schemars;
    pub use serde;
    pub use serde_json;
}
