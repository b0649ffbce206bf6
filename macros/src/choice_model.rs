//! What `#[derive(Choice)]` reads of an enum: its options. Read by `choice`, expanded by
//! `choice_expand`, and offered by the stub impl beside errors (`fallback`).

use syn::Ident;

/// One option: a unit variant, with the wire value and the title it is offered with.
pub struct Variant<'a> {
    pub ident: &'a Ident,
    pub value: String,
    pub title: String,
}
