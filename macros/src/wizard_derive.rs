//! `#[derive(Wizard)]`: reads the struct into a model, checks it, then expands it
//! or, on any error, reports them all beside a stub impl.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::ext::IdentExt;
use syn::{Data, DeriveInput, Fields};

use crate::ask_attr::{self, Role};
use crate::container_attr;
use crate::ctxt::Ctxt;
use crate::model::{Field, Question, Wizard};
use crate::{case, fallback, question_rules, ty, wizard_expand, wizard_rules};

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
    wizard_rules::wizard(cx, &mut wizard);
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
            question_rules::question(cx, field, &name, &question, single_form);
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
