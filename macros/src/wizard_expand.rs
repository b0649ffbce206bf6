//! `impl ::wizard::Wizard`: the question table and the glue around the draft.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ask_attr::{DefaultLit, Titles};
use crate::attr::{Number, f64_literal, i64_literal};
use crate::model::{Question, Wizard};
use crate::wizard_types::{self, Names};
use crate::{summary_expand, wizard_types::names};

pub fn expand(wizard: &Wizard) -> TokenStream {
    let ident = wizard.ident;
    let names = names(ident);
    let types = wizard_types::expand(wizard, &names);
    let Names { step, draft, args } = &names;

    let c = &wizard.container;
    let (tool, noun, doc) = (&c.tool, &c.noun, &wizard.doc);
    let optional = |lit: &Option<syn::LitStr>| match lit {
        Some(lit) => quote!(::core::option::Option::Some(#lit)),
        None => quote!(::core::option::Option::None),
    };
    let (id, alternative) = (optional(&c.id), optional(&c.alternative));
    let questions = wizard
        .questions()
        .map(|(_, question)| question_entry(wizard, question));
    let steps: Vec<_> = wizard
        .questions()
        .map(|(_, question)| &question.step)
        .collect();
    let is_asked = is_asked(wizard, &names);
    let apply = wizard.questions().map(|(field, question)| {
        let field = field.ident;
        let variant = &question.step;
        let inner = question.ty.inner;
        let value = match &question.ask.parse {
            Some(parse) => quote_spanned! {parse.span()=>
                #parse(&<::std::string::String as ::wizard::__private::Answer>::from_answer(value)?)?
            },
            None => quote_spanned! {inner.span()=>
                <#inner as ::wizard::__private::Answer>::from_answer(value)?
            },
        };
        quote!(#step::#variant => draft.#field = ::core::option::Option::Some(#value))
    });
    let finish = finish(wizard, &names);
    let summary = summary_expand::expand(wizard, &names);
    let single_form = single_form(wizard);

    quote! {
        #types

        #[automatically_derived]
        impl ::wizard::Wizard for #ident {
            type Draft = #draft;
            type Args = #args;
            type Step = #step;

            const INFO: ::wizard::WizardInfo = ::wizard::WizardInfo {
                tool: #tool,
                id: #id,
                alternative: #alternative,
                noun: #noun,
                doc: #doc,
            };
            const QUESTIONS: &'static [::wizard::__private::Question] = &[#(#questions,)*];
            const STEPS: &'static [#step] = &[#(#step::#steps,)*];

            fn index(step: #step) -> usize {
                step as usize
            }

            #is_asked

            fn apply(
                draft: &mut #draft,
                step: #step,
                value: &::wizard::__private::serde_json::Value,
            ) -> ::core::result::Result<(), ::std::string::String> {
                match step {
                    #(#apply,)*
                }
                ::core::result::Result::Ok(())
            }

            #finish

            #summary
        }

        // Evaluates the question table at compile time, so that bounds a kind cannot
        // take (`min` on text, `choices` on a float, ..) fail the build, not a request.
        const _: usize = <#ident as ::wizard::Wizard>::QUESTIONS.len();

        #single_form
    }
}

/// `impl SingleForm` under `#[wizard(single_form)]`: which choices show titles.
fn single_form(wizard: &Wizard) -> TokenStream {
    if wizard.container.single_form.is_none() {
        return TokenStream::new();
    }
    let ident = wizard.ident;
    let titles = wizard.questions().filter_map(|(_, question)| {
        let (titles, at) = question.ask.titles.as_ref()?;
        let key = &question.key;
        let variant = match titles {
            Titles::Titled => format_ident!("Titled", span = at.span()),
            Titles::EnumNames => format_ident!("EnumNames", span = at.span()),
        };
        let shape = shape(question);
        // Spanned at the attribute, so that titles on a question with none to show are
        // reported there.
        Some(quote_spanned!(at.span()=> (#key, ::wizard::__private::Titles::check(::wizard::__private::Titles::#variant, #shape))))
    });
    quote! {
        #[automatically_derived]
        impl ::wizard::single_form::SingleForm for #ident {
            const TITLES: &'static [(&'static str, ::wizard::__private::Titles)] = &[#(#titles,)*];
        }

        const _: usize = <#ident as ::wizard::single_form::SingleForm>::TITLES.len();
    }
}

/// The answer shape: text for a parsed field, else what the field type's `Answer` says.
fn shape(question: &Question) -> TokenStream {
    if question.ask.parse.is_some() {
        return quote!(::wizard::__private::Shape::Text);
    }
    let inner = question.ty.inner;
    quote_spanned!(inner.span()=> <#inner as ::wizard::__private::Answer>::SHAPE)
}

fn question_entry(wizard: &Wizard, question: &Question) -> TokenStream {
    let ask = &question.ask;
    let key = &question.key;
    let message = &ask.message;
    let shape = shape(question);
    let span = ask.bounds_span.unwrap_or_else(|| question.ty.inner.span());
    let bounds = if ask.bounds_span.is_none() {
        quote!(::wizard::__private::Bounds::NONE)
    } else {
        let option_f64 = |n: Option<f64>| match n {
            Some(n) => {
                let lit = f64_literal(n, span);
                quote!(::core::option::Option::Some(#lit))
            }
            None => quote!(::core::option::Option::None),
        };
        let option_u32 = |n: Option<u32>| match n {
            Some(n) => quote!(::core::option::Option::Some(#n)),
            None => quote!(::core::option::Option::None),
        };
        let (min, max) = (option_f64(ask.min), option_f64(ask.max));
        let (min_items, max_items) = (option_u32(ask.min_items), option_u32(ask.max_items));
        let choices = match &ask.choices {
            Some(values) => {
                let values = values.iter().map(|n| i64_literal(*n, span));
                quote!(::core::option::Option::Some(&[#(#values),*]))
            }
            None => quote!(::core::option::Option::None),
        };
        quote! {
            ::wizard::__private::Bounds {
                min: #min,
                max: #max,
                min_items: #min_items,
                max_items: #max_items,
                choices: #choices,
            }
        }
    };
    // Spanned at the bound, so that a bound the kind refuses is reported there.
    let kind = quote_spanned!(span=> ::wizard::__private::Kind::build(#shape, #bounds));
    let requirement = if question.ty.optional || question.is_yes_no() {
        quote!(Optional)
    } else if ask.allow_empty.is_some() {
        quote!(RequiredMayBeEmpty)
    } else {
        quote!(Required)
    };
    let when = match wizard.when_target(question) {
        Some(target) => {
            let key = target.question.as_ref().map_or(&target.name, |q| &q.key);
            quote!(::core::option::Option::Some(#key))
        }
        None => quote!(::core::option::Option::None),
    };
    let default = match &ask.default {
        Some(DefaultLit::Text(lit)) => {
            quote!(::core::option::Option::Some(::wizard::__private::DefaultValue::Text(#lit)))
        }
        Some(DefaultLit::Number(Number::Integer(n), span)) => {
            let lit = i64_literal(*n, *span);
            quote!(::core::option::Option::Some(::wizard::__private::DefaultValue::Integer(#lit)))
        }
        Some(DefaultLit::Number(Number::Float(n), span)) => {
            let lit = f64_literal(*n, *span);
            quote!(::core::option::Option::Some(::wizard::__private::DefaultValue::Number(#lit)))
        }
        // Shown only in a single form; asked on its own, every yes/no starts on no.
        Some(DefaultLit::Bool(lit)) if wizard.container.single_form.is_some() => {
            quote!(::core::option::Option::Some(::wizard::__private::DefaultValue::Bool(#lit)))
        }
        Some(DefaultLit::Bool(_)) | None => quote!(::core::option::Option::None),
    };
    quote! {
        ::wizard::__private::Question {
            key: #key,
            message: #message,
            kind: #kind,
            requirement: ::wizard::__private::Requirement::#requirement,
            when: #when,
            default: #default,
        }
    }
}

fn is_asked(wizard: &Wizard, Names { step, draft, .. }: &Names) -> TokenStream {
    let mut uses_draft = false;
    let arms: Vec<_> = wizard
        .questions()
        .map(|(_, question)| {
            let variant = &question.step;
            match wizard.when_target(question) {
                Some(target) => {
                    uses_draft = true;
                    let target = target.ident;
                    quote!(#step::#variant => draft.#target == ::core::option::Option::Some(true))
                }
                None => quote!(#step::#variant => true),
            }
        })
        .collect();
    let param = if uses_draft { quote!(draft) } else { quote!(_) };
    quote! {
        fn is_asked(#param: &#draft, step: #step) -> bool {
            match step {
                #(#arms,)*
            }
        }
    }
}

fn finish(wizard: &Wizard, Names { step, draft, args }: &Names) -> TokenStream {
    let mut conditions = Vec::new();
    let fields: Vec<_> = wizard
        .fields
        .iter()
        .map(|field| {
            let ident = field.ident;
            let Some(question) = &field.question else {
                return quote!(#ident: args.#ident);
            };
            let value = if question.ask.when.is_some() {
                // Only an answer to a question that was asked counts.
                let asked = format_ident!("asked_{}", field.name);
                let variant = &question.step;
                conditions.push(quote! {
                    let #asked = <Self as ::wizard::Wizard>::is_asked(&draft, #step::#variant);
                });
                quote!(if #asked { draft.#ident } else { ::core::option::Option::None })
            } else if question.ty.optional {
                quote!(draft.#ident)
            } else if question.is_yes_no() {
                quote!(draft.#ident.unwrap_or(false))
            } else {
                let missing = format!(
                    "missing the answer to `{}`, a required question",
                    question.key
                );
                quote!(draft.#ident.ok_or_else(|| ::std::string::String::from(#missing))?)
            };
            quote!(#ident: #value)
        })
        .collect();
    let args_param = if wizard.tool_args().next().is_some() {
        quote!(args)
    } else {
        quote!(_)
    };
    quote! {
        fn finish(draft: #draft, #args_param: #args) -> ::core::result::Result<Self, ::std::string::String> {
            #(#conditions)*
            ::core::result::Result::Ok(Self { #(#fields,)* })
        }
    }
}
