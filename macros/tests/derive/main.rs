//! What the derives generate, checked against the runtime: the question tables, drafts and steps of `#[derive(Wizard)]`, choices of `#[derive(Choice)]`, and single-form wizards on the wire.

mod expansion;
mod single_form;
mod single_form_wire;
