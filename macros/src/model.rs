//! What `#[derive(Wizard)]` reads of a struct: the container keys, and each field as a
//! question or a tool argument. Read by `wizard_derive`, checked by `question_rules` and
//! `wizard_rules`, expanded by `wizard_expand`.

use syn::ext::IdentExt;
use syn::{Ident, Visibility};

use crate::ask_attr::Ask;
use crate::container_attr::Container;
use crate::template::Piece;
use crate::ty::FieldType;

pub struct Wizard<'a> {
    pub ident: &'a Ident,
    pub vis: &'a Visibility,
    pub doc: String,
    pub container: Container,
    pub summary: Vec<Piece>,
    pub fields: Vec<Field<'a>>,
}

pub struct Field<'a> {
    pub field: &'a syn::Field,
    pub ident: &'a Ident,
    /// The field name without `r#`.
    pub name: String,
    pub question: Option<Question<'a>>,
    /// Its `#[ask]` / `#[tool_arg]` was missing or unreadable (already reported): other
    /// fields may still name it, and it is neither a question nor a tool argument.
    pub broken: bool,
}

pub struct Question<'a> {
    pub ask: Ask,
    pub key: String,
    pub ty: FieldType<'a>,
    pub step: Ident,
}

impl Wizard<'_> {
    pub fn questions(&self) -> impl Iterator<Item = (&Field<'_>, &Question<'_>)> {
        self.fields
            .iter()
            .filter_map(|field| field.question.as_ref().map(|question| (field, question)))
    }

    pub fn tool_args(&self) -> impl Iterator<Item = &Field<'_>> {
        self.fields
            .iter()
            .filter(|field| field.question.is_none() && !field.broken)
    }

    pub fn field(&self, name: &str) -> Option<&Field<'_>> {
        self.fields.iter().find(|field| field.name == name)
    }

    /// The field a question's `when = field` names (`r#` ignored), once checked to exist.
    pub fn when_target(&self, question: &Question) -> Option<&Field<'_>> {
        let when = question.ask.when.as_ref()?;
        self.field(&when.unraw().to_string())
    }
}

impl Question<'_> {
    /// A `bool` asked as a yes/no (not as text through `parse`): optional, a decline
    /// finishes as `false`, shown in the summary only when yes.
    pub fn is_yes_no(&self) -> bool {
        self.ty.yes_no && self.ask.parse.is_none()
    }
}
