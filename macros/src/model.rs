//! `#[derive(Wizard)]`: reads the struct into a model, checks it, then expands it
//! or, on any error, reports them all beside a stub impl.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::ext::IdentExt;
use syn::{Data, DeriveInput, Fields, Ident, Visibility};

use crate::ask_attr::{self, Ask, DefaultLit, Role};
use crate::container_attr::{self, Container};
use crate::ctxt::Ctxt;
use crate::template::Piece;
use crate::ty::{self, FieldType};
use crate::{case, check, fallback, secret, wizard_expand};

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

pub fn derive(input: &DeriveInput) -> TokenStream {
    let mut cx = Ctxt::default();
    let wizard = build(&mut cx, input);
    match wizard {
        Some(wizard) if !cx.has_errors() => wizard_expand::expand(&wizard),
        wizard => {
            let errors = cx.into_compile_errors();
            let stub = fallback::wizard(input, wizard.as_ref());
            quote!(#errors #stub)
        }
    }
}

fn build<'a>(cx: &mut Ctxt, input: &'a DeriveInput) -> Option<Wizard<'a>> {
    const SHAPE: &str = "`#[derive(Wizard)]` needs a struct with named fields, one per question: `struct NewIssue { #[ask(\"..\")] title: String }`";
    let fields = match &input.data {
        Data::Struct(data) => match &data.fields {
            Fields::Named(named) => Some(named),
            Fields::Unnamed(unnamed) => {
                cx.error(
                    unnamed,
                    format!("a tuple struct cannot be a wizard; {SHAPE}"),
                );
                None
            }
            Fields::Unit => {
                cx.error(
                    &input.ident,
                    format!("a unit struct cannot be a wizard; {SHAPE}"),
                );
                None
            }
        },
        Data::Enum(data) => {
            cx.error(
                data.enum_token,
                format!("an enum cannot be a wizard; {SHAPE} (for a choice question, use `#[derive(Choice)]` on the enum)"),
            );
            None
        }
        Data::Union(data) => {
            cx.error(
                data.union_token,
                format!("a union cannot be a wizard; {SHAPE}"),
            );
            None
        }
    };
    if fallback::has_generics(input) {
        cx.error(
            &input.generics,
            "a wizard cannot be generic: its question table is one `'static` constant; use concrete field types",
        );
    }
    let container = container_attr::parse(cx, input);
    let single_form = container.single_form.is_some();
    let fields: Vec<Field> = fields?
        .named
        .iter()
        .map(|field| read_field(cx, field, single_form))
        .collect();
    let mut wizard = Wizard {
        ident: &input.ident,
        vis: &input.vis,
        doc: container_attr::doc(&input.attrs),
        container,
        summary: Vec::new(),
        fields,
    };
    check::wizard(cx, &mut wizard);
    Some(wizard)
}

fn read_field<'a>(cx: &mut Ctxt, field: &'a syn::Field, single_form: bool) -> Field<'a> {
    let role = ask_attr::parse(cx, field);
    let ident = field.ident.as_ref().expect("named fields have names");
    let name = ident.unraw().to_string();
    let broken = role.is_none();
    let question = match role {
        None | Some(Role::ToolArg) => None,
        Some(Role::Ask(ask)) => {
            let key = ask
                .key
                .as_ref()
                .map_or_else(|| name.clone(), syn::LitStr::value);
            let question = Question {
                key,
                ty: ty::classify(&field.ty),
                step: format_ident!("{}", case::camel_case(&name), span = ident.span()),
                ask: *ask,
            };
            check_question(cx, field, &name, &question, single_form);
            Some(question)
        }
    };
    Field {
        field,
        ident,
        name,
        question,
        broken,
    }
}

/// The rules one question can break on its own.
fn check_question(
    cx: &mut Ctxt,
    field: &syn::Field,
    name: &str,
    question: &Question,
    single_form: bool,
) {
    let (ask, ty) = (&question.ask, &question.ty);
    if let Some(word) = secret::find(name) {
        cx.error(&field.ident, secret::message(word));
    } else if let Some(word) = ask.key.as_ref().and_then(|key| secret::find(&key.value())) {
        cx.error(&ask.key, secret::message(word));
    } else if let Some(word) = secret::find(&ask.message.value()) {
        cx.error(&ask.message, secret::message(word));
    }
    let flat = if ask.parse.is_some() {
        // A parsed answer is text on the form; only the draft's `Option` must stay single.
        match ty::generic_arg(&field.ty, "Option") {
            Some(inner) if ty::generic_arg(inner, "Option").is_some() => ty::check_flat(&field.ty),
            _ => Ok(()),
        }
    } else {
        ty::check_flat(&field.ty)
    };
    if let Err(error) = flat {
        cx.push(error);
    }
    if let Some(allow_empty) = &ask.allow_empty
        && (ty.optional || !ty.string || ask.parse.is_some())
    {
        cx.error(
            allow_empty,
            "`allow_empty` applies only to a required `String` question; an `Option<String>` already accepts an empty answer as not set",
        );
    }
    if let Some((titles, key)) = &ask.titles
        && !single_form
    {
        cx.error(
            key,
            format!(
                "`{}` applies only in a `#[wizard(single_form)]` wizard: a question asked on its own offers a bare `selection` enum",
                titles.key()
            ),
        );
    }
    live(cx, field, question, single_form);
    let yes_no = question.is_yes_no();
    match &ask.default {
        // In a single form the user submits every answer at once, so a pre-filled yes
        // is one value among several, not the decision itself.
        Some(DefaultLit::Bool(lit)) if lit.value && yes_no && !single_form => cx.error(
            lit,
            "a yes/no question always starts on no: remove `default = true` (a client that pre-fills defaults would otherwise confirm for the user)",
        ),
        Some(DefaultLit::Bool(lit)) if !yes_no => cx.error(
            lit,
            "`default = false` applies only to a yes/no question; expected `default = \"text\"` or `default = <number>`",
        ),
        Some(DefaultLit::Text(lit)) if yes_no => {
            cx.error(lit, "a yes/no question takes only `default = false`");
        }
        Some(DefaultLit::Number(_, span)) if yes_no => {
            cx.push(syn::Error::new(*span, "a yes/no question takes only `default = false`"));
        }
        Some(DefaultLit::Number(_, span)) if ty.string || ask.parse.is_some() => cx.push(syn::Error::new(
            *span,
            "a text question takes a text default: expected `default = \"..\"`",
        )),
        _ => {}
    }
}

/// The rules of `check` and `choices_from`.
fn live(cx: &mut Ctxt, field: &syn::Field, question: &Question, single_form: bool) {
    let (ask, ty) = (&question.ask, &question.ty);
    if single_form {
        if let Some(check) = &ask.check {
            cx.error(
                check,
                "`check` cannot be used in a `#[wizard(single_form)]` wizard: its one form cannot ask a refused answer again; check the finished struct instead",
            );
        }
        if let Some((_, at)) = &ask.choices_from {
            cx.error(
                at,
                "`choices_from` cannot be used in a `#[wizard(single_form)]` wizard: its one form is built before anything is fetched",
            );
        }
        return;
    }
    let Some((_, at)) = &ask.choices_from else {
        return;
    };
    if !ty.string || ask.parse.is_some() {
        cx.error(
            &field.ty,
            "`choices_from` offers text options fetched from the server: the field must be `String` or `Option<String>`, asked without `parse`",
        );
    }
    let clashing = [
        ask.default.as_ref().map(|_| "default"),
        ask.allow_empty.as_ref().map(|_| "allow_empty"),
        ask.titles.as_ref().map(|(titles, _)| titles.key()),
    ];
    for key in clashing.into_iter().flatten() {
        cx.error(
            at,
            format!("`choices_from` cannot go with `{key}`: the options, and what may be chosen, come from the server when the question is asked"),
        );
    }
    if ask.check.is_none() {
        cx.error(
            at,
            "`choices_from` needs a `check = path::to::async_fn`: the question is asked as text when its options cannot be offered (none, more than 100, or the fetch failed), and the check then judges what the user typed",
        );
    }
}
