//! `#[derive(Wizard)]` and `#[derive(Choice)]` for the `wizard` crate.
//!
//! The derives emit data (the question table, the names) and thin glue; every
//! behaviour lives in the runtime. Use them through `wizard`, which re-exports
//! them and documents the attribute syntax.
//!
//! Each derive reads its input into a model (`model`, `choice_model`), checks it
//! (`question_rules`, `wizard_rules`) and expands it (`*_expand`, `wizard_types`) or,
//! on errors, a stub (`fallback`). Only the driver (`wizard_derive`, `choice`) names the
//! stages; the stages name the model and never the driver, so no two files name each
//! other.

mod ask_attr;
mod attr;
mod case;
mod choice;
mod choice_expand;
mod choice_model;
mod container_attr;
mod ctxt;
mod fallback;
mod model;
mod question_rules;
mod secret;
mod summary_expand;
mod template;
mod ty;
mod wizard_derive;
mod wizard_expand;
mod wizard_rules;
mod wizard_types;

use proc_macro::TokenStream;
use syn::{DeriveInput, parse_macro_input};

/// Derives `wizard::Wizard`; see the `wizard` crate for the attribute syntax.
#[proc_macro_derive(Wizard, attributes(wizard, ask, tool_arg))]
pub fn derive_wizard(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    wizard_derive::derive(&input).into()
}

/// Derives `wizard::Choice` (and `Answer`, `SummaryValue`, serde and `JsonSchema`
/// as the wire value) for an enum of unit variants.
#[proc_macro_derive(Choice, attributes(choice))]
pub fn derive_choice(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    choice::derive(&input).into()
}
