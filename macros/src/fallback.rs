//! Stub impls emitted beside compile errors, so that code using the type does not
//! add a second wave of "trait not implemented" or "type not found" errors.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use crate::choice_model::Variant;
use crate::model::Wizard;
use crate::wizard_types::{Names, args_struct, names, step_enum};

const UNREACHABLE: &str = "the derive reported errors; this stub is never compiled into a program";

/// Generics or a `where` clause: refused by both derives.
pub fn has_generics(input: &DeriveInput) -> bool {
    input.generics.lt_token.is_some() || input.generics.where_clause.is_some()
}

/// The stub `Wizard` impl. The step enum and the arguments are the real ones when the
/// fields could be read, so that code naming a step or building the arguments
/// compiles; the draft, whose field types may be what the errors are about, is `()`.
pub fn wizard(input: &DeriveInput, wizard: Option<&Wizard>) -> TokenStream {
    // A generic stub would fail its own `'static` bounds: report only the errors.
    if has_generics(input) {
        return TokenStream::new();
    }
    let ident = &input.ident;
    let vis = &input.vis;
    let Names { step, draft, args } = names(ident);
    // Code asking the form names `SingleForm`: keep it from a second wave of errors.
    let single_form = wizard
        .is_some_and(|wizard| wizard.container.single_form.is_some())
        .then(|| {
            quote! {
                #[automatically_derived]
                impl ::wizard::single_form::SingleForm for #ident {
                    const TITLES: &'static [(&'static str, ::wizard::__private::Titles)] = &[];
                }
            }
        });
    let (step_type, args_type) = match wizard {
        Some(wizard) => (step_enum(wizard, &step), args_struct(wizard, &args)),
        None => (quote!(#vis type #step = ();), quote!(#vis type #args = ();)),
    };
    let args_stub = if wizard.is_some() {
        quote!(#args)
    } else {
        quote!(())
    };
    // The declared context, so that code asking for it (a trait bound on it) raises no
    // second error.
    let context = match wizard.and_then(|wizard| wizard.container.context.as_ref()) {
        Some(ty) => quote!(#ty),
        None => quote!(()),
    };
    quote! {
        #single_form
        #step_type
        #vis type #draft = ();
        #args_type

        #[automatically_derived]
        impl ::wizard::Wizard for #ident {
            type Draft = ();
            type Args = #args_stub;
            type Context = #context;
            type Step = #step;
            const INFO: ::wizard::WizardInfo = ::wizard::WizardInfo {
                tool: "",
                id: ::core::option::Option::None,
                alternative: ::core::option::Option::None,
                confirm: ::core::option::Option::None,
                noun: "",
                doc: "",
            };
            const QUESTIONS: &'static [::wizard::__private::Question] = &[];
            const STEPS: &'static [#step] = &[];
            fn index(_: #step) -> usize {
                ::core::unreachable!(#UNREACHABLE)
            }
            fn is_asked(_: &(), _: #step) -> bool {
                ::core::unreachable!(#UNREACHABLE)
            }
            fn apply(
                _: &mut (),
                _: #step,
                _: &::wizard::__private::serde_json::Value,
            ) -> ::core::result::Result<(), ::wizard::__private::Unusable> {
                ::core::unreachable!(#UNREACHABLE)
            }
            fn finish(_: (), _: #args_stub) -> ::core::result::Result<Self, ::std::string::String> {
                ::core::unreachable!(#UNREACHABLE)
            }
            fn summary(_: &(), _: &#args_stub) -> ::std::vec::Vec<::wizard::__private::SummaryPart> {
                ::core::unreachable!(#UNREACHABLE)
            }
        }
    }
}

/// The stub `Choice` impl. It offers the options that could be read, so that a question
/// of this type (and its default) raises no second error.
pub fn choice(input: &DeriveInput, variants: &[Variant]) -> TokenStream {
    if has_generics(input) || !matches!(input.data, syn::Data::Enum(_)) {
        return TokenStream::new();
    }
    let ident = &input.ident;
    let name = ident.to_string();
    let options = variants.iter().map(|variant| {
        let (value, title) = (&variant.value, &variant.title);
        quote!(::wizard::__private::ChoiceOption { value: #value, title: #title })
    });
    quote! {
        #[automatically_derived]
        impl ::wizard::Choice for #ident {
            const OPTIONS: &'static [::wizard::__private::ChoiceOption] = &[#(#options,)*];
            fn wire_value(&self) -> &'static str {
                ::core::unreachable!(#UNREACHABLE)
            }
            fn from_wire_value(_: &str) -> ::core::option::Option<Self> {
                ::core::unreachable!(#UNREACHABLE)
            }
        }
        #[automatically_derived]
        impl ::wizard::__private::Askable for #ident {
            const SHAPE: ::wizard::__private::Shape =
                ::wizard::__private::Shape::Choice(<Self as ::wizard::Choice>::OPTIONS);
            fn from_answer(
                _: &::wizard::__private::serde_json::Value,
            ) -> ::core::result::Result<Self, ::std::string::String> {
                ::core::unreachable!(#UNREACHABLE)
            }
        }
        #[automatically_derived]
        impl ::wizard::__private::SummaryValue for #ident {
            fn summary_text(&self) -> ::core::option::Option<::std::string::String> {
                ::core::unreachable!(#UNREACHABLE)
            }
        }
        #[automatically_derived]
        impl ::wizard::__private::serde::Serialize for #ident {
            fn serialize<S: ::wizard::__private::serde::Serializer>(
                &self,
                _: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                ::core::unreachable!(#UNREACHABLE)
            }
        }
        #[automatically_derived]
        impl<'de> ::wizard::__private::serde::Deserialize<'de> for #ident {
            fn deserialize<D: ::wizard::__private::serde::Deserializer<'de>>(
                _: D,
            ) -> ::core::result::Result<Self, D::Error> {
                ::core::unreachable!(#UNREACHABLE)
            }
        }
        #[automatically_derived]
        impl ::wizard::__private::schemars::JsonSchema for #ident {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(#name)
            }
            fn json_schema(
                _: &mut ::wizard::__private::schemars::SchemaGenerator,
            ) -> ::wizard::__private::schemars::Schema {
                ::core::unreachable!(#UNREACHABLE)
            }
        }
    }
}
