//! `#[derive(Choice)]`: an enum of unit variants, each an option with a wire value
//! (`#[choice(value = "..")]`, default the variant in snake_case) and a title
//! (`#[choice(title = "..")]`, default the variant's words: `MergeRequest` → `Merge request`).

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Data, DeriveInput, Fields, LitStr};

use crate::attr::{self, list_keys};
use crate::choice_model::Variant;
use crate::ctxt::Ctxt;
use crate::{case, choice_expand, fallback};

/// `value = "internal"`: what the client sends back and serde reads and writes.
const VALUE: &str = "value";
/// `title = "Internal"`: what the user sees.
const TITLE: &str = "title";

const SHAPE: &str = "`#[derive(Choice)]` needs an enum of unit variants: `enum Visibility { Private, Internal, Public }`";

pub fn derive(input: &DeriveInput) -> TokenStream {
    let mut cx = Ctxt::default();
    let variants = variants(&mut cx, input);
    match variants {
        Some(variants) if !cx.has_errors() => choice_expand::expand(input, &variants),
        variants => {
            let errors = cx.into_compile_errors();
            let stub = fallback::choice(input, variants.as_deref().unwrap_or_default());
            quote!(#errors #stub)
        }
    }
}

fn variants<'a>(cx: &mut Ctxt, input: &'a DeriveInput) -> Option<Vec<Variant<'a>>> {
    if fallback::has_generics(input) {
        cx.error(
            &input.generics,
            format!("a choice enum cannot be generic; {SHAPE}"),
        );
    }
    let data = match &input.data {
        Data::Enum(data) => data,
        Data::Struct(data) => {
            cx.error(
                data.struct_token,
                format!("a struct cannot be a choice; {SHAPE}"),
            );
            return None;
        }
        Data::Union(data) => {
            cx.error(
                data.union_token,
                format!("a union cannot be a choice; {SHAPE}"),
            );
            return None;
        }
    };
    if data.variants.is_empty() {
        cx.error(
            &input.ident,
            format!("a choice needs at least one option; {SHAPE}"),
        );
    }
    let mut variants: Vec<Variant> = Vec::new();
    for variant in &data.variants {
        if !matches!(variant.fields, Fields::Unit) {
            cx.error(
                &variant.fields,
                format!(
                    "a choice variant cannot carry data: each variant is one option; write `{}` without fields",
                    variant.ident
                ),
            );
        }
        let (value, title) = choice_attr(cx, variant);
        let value = value.map_or_else(
            || case::snake_case(&variant.ident.to_string()),
            |lit| lit.value(),
        );
        let title = title.map_or_else(
            || case::title_case(&variant.ident.to_string()),
            |lit| lit.value(),
        );
        if let Some(earlier) = variants.iter().find(|earlier| earlier.value == value) {
            cx.error(
                &variant.ident,
                format!(
                    "`{}` has the wire value \"{value}\" that `{}` already has; set another with `#[choice(value = \"..\")]`",
                    variant.ident, earlier.ident
                ),
            );
        }
        variants.push(Variant {
            ident: &variant.ident,
            value,
            title,
        });
    }
    Some(variants)
}

/// Reads `#[choice(value = "..", title = "..")]`.
fn choice_attr(cx: &mut Ctxt, variant: &syn::Variant) -> (Option<LitStr>, Option<LitStr>) {
    let mut value = None;
    let mut title = None;
    for attr in variant
        .attrs
        .iter()
        .filter(|attr| attr.path().is_ident("choice"))
    {
        let entries = match attr.parse_args_with(attr::entries) {
            Ok(entries) => entries,
            Err(error) => {
                cx.push(error);
                continue;
            }
        };
        for entry in entries {
            let name = entry.name();
            let slot = match name.as_str() {
                VALUE => &mut value,
                TITLE => &mut title,
                _ => {
                    cx.error(
                        &entry.key,
                        format!(
                            "unknown key `{name}` in `#[choice(..)]`; expected one of {}",
                            list_keys(&[VALUE, TITLE])
                        ),
                    );
                    continue;
                }
            };
            if slot.is_some() {
                cx.error(
                    &entry.key,
                    format!("duplicate key `{name}` in `#[choice(..)]`; give it once"),
                );
                continue;
            }
            match entry.lit_str(&format!("{name} = \"..\"")) {
                Ok(lit) if lit.value().is_empty() => {
                    cx.error(&lit, format!("`{name}` cannot be empty"))
                }
                Ok(lit) => *slot = Some(lit),
                Err(error) => cx.push(error),
            }
        }
    }
    (value, title)
}
