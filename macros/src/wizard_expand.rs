//! `impl ::wizard::Wizard`: the question table and the glue around the draft.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::ask_attr::{DefaultLit, Titles, Written};
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
    let confirm = optional(&c.confirm);
    let questions = wizard
        .questions()
        .enumerate()
        .map(|(index, (_, question))| question_entry(wizard, index, question));
    let shapes = wizard
        .questions()
        .enumerate()
        .map(|(index, (_, question))| shape_const(index, question));
    let checks = wizard
        .questions()
        .enumerate()
        .map(|(index, (_, question))| checks(wizard, index, question));
    let steps: Vec<_> = wizard
        .questions()
        .map(|(_, question)| &question.step)
        .collect();
    let is_asked = is_asked(wizard, &names);
    let apply = wizard.questions().map(|(field, question)| {
        let field = field.ident;
        let variant = &question.step;
        let value = match &question.ask.parse {
            // Through a fn pointer of the documented signature, spanned at the path: a
            // function of another shape is one error there, showing both signatures.
            // What `parse` refuses, the user typed: asked again with the reason.
            Some(parse) => {
                let inner = question.ty.inner;
                let parse_fn = quote_spanned! {parse.span()=>
                    let parse: fn(&str) -> ::core::result::Result<#inner, ::std::string::String> = #parse;
                };
                quote! {{
                    #parse_fn
                    let text = <::std::string::String as ::wizard::__private::Askable>::from_answer(value)?;
                    parse(&text).map_err(::wizard::__private::Unusable::Refused)?
                }}
            }
            None => {
                let read = wizard_types::probe_call(question, "read_answer", quote!(value));
                quote!(#read?)
            }
        };
        quote!(#step::#variant => draft.#field = ::core::option::Option::Some(#value))
    });
    let finish = finish(wizard, &names);
    let summary = summary_expand::expand(wizard, &names);
    let live = live(wizard, &names);
    let context = match &c.context {
        Some(ty) => quote!(#ty),
        None => quote!(()),
    };
    let single_form = single_form(wizard);

    quote! {
        #types

        // Each question's shape, named once: a type that cannot be asked is reported
        // here, at the field, and nowhere else.
        #[automatically_derived]
        impl #draft {
            #(#shapes)*
        }

        #[automatically_derived]
        impl ::wizard::Wizard for #ident {
            type Draft = #draft;
            type Args = #args;
            type Context = #context;
            type Step = #step;

            const INFO: ::wizard::WizardInfo = ::wizard::WizardInfo {
                tool: #tool,
                id: #id,
                alternative: #alternative,
                confirm: #confirm,
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
            ) -> ::core::result::Result<(), ::wizard::__private::Unusable> {
                match step {
                    #(#apply,)*
                }
                ::core::result::Result::Ok(())
            }

            #finish

            #summary

            #live
        }

        #(#checks)*

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
        Some(quote!((#key, ::wizard::__private::Titles::#variant)))
    });
    quote! {
        #[automatically_derived]
        impl ::wizard::single_form::SingleForm for #ident {
            const TITLES: &'static [(&'static str, ::wizard::__private::Titles)] = &[#(#titles,)*];
        }

    }
}

/// `const __SHAPE_{index}`: the answer shape, text for a parsed field, else what the
/// field type's `Answer` says; the one place a question's type is checked (with
/// `Parsed` for a parsed field's type).
fn shape_const(index: usize, question: &Question) -> TokenStream {
    let name = shape_name(index);
    let inner = question.ty.inner;
    if question.ask.parse.is_some() {
        // A path to an associated const, not a call of a bounded function: an error
        // then names the type and what it lacks, and nothing inside the runtime.
        let check = quote_spanned!(inner.span()=> <#inner as ::wizard::__private::Parsed>::PARSED);
        return quote! {
            const #name: ::wizard::__private::Shape = {
                #check;
                ::wizard::__private::Shape::Text
            };
        };
    }
    let shape = quote_spanned!(inner.span()=> <#inner as ::wizard::__private::Answer>::SHAPE);
    quote!(const #name: ::wizard::__private::Shape = #shape;)
}

fn shape_name(index: usize) -> syn::Ident {
    format_ident!("__SHAPE_{}", index)
}

/// The question's shape, as its `__SHAPE_{index}` const of the draft.
fn shape(wizard: &Wizard, index: usize) -> TokenStream {
    let draft = wizard_types::names(wizard.ident).draft;
    let name = shape_name(index);
    quote!(#draft::#name)
}

fn question_entry(wizard: &Wizard, index: usize, question: &Question) -> TokenStream {
    let ask = &question.ask;
    let key = &question.key;
    let message = &ask.message;
    let shape = shape(wizard, index);
    let bounds = bounds(question);
    let kind = quote!(::wizard::__private::Kind::build(#shape, #bounds));
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
        Some(DefaultLit::Number(Written {
            value: Number::Integer(n),
            span,
            ..
        })) => {
            let lit = i64_literal(*n, *span);
            quote!(::core::option::Option::Some(::wizard::__private::DefaultValue::Integer(#lit)))
        }
        Some(DefaultLit::Number(Written {
            value: Number::Float(n),
            span,
            ..
        })) => {
            let lit = f64_literal(*n, *span);
            quote!(::core::option::Option::Some(::wizard::__private::DefaultValue::Number(#lit)))
        }
        // Shown only in a single form; asked on its own, every yes/no starts on no.
        Some(DefaultLit::Bool(lit)) if wizard.container.single_form.is_some() => {
            quote!(::core::option::Option::Some(::wizard::__private::DefaultValue::Bool(#lit)))
        }
        Some(DefaultLit::Bool(_)) | None => quote!(::core::option::Option::None),
    };
    let checked = ask.check.is_some();
    let live_choices = ask.choices_from.is_some();
    // The field's label: as written, else the summary row's label, else (at run time)
    // the key in words.
    let title = match ask.title.as_ref().or(ask.label.as_ref()) {
        Some(title) => quote!(::core::option::Option::Some(#title)),
        None => quote!(::core::option::Option::None),
    };
    quote! {
        ::wizard::__private::Question {
            key: #key,
            message: #message,
            title: #title,
            kind: #kind,
            requirement: ::wizard::__private::Requirement::#requirement,
            when: #when,
            default: #default,
            checked: #checked,
            live_choices: #live_choices,
            each: ::core::option::Option::None,
        }
    }
}

/// The bounds written on a question's field, as a `Bounds` value.
fn bounds(question: &Question) -> TokenStream {
    let ask = &question.ask;
    let Some(span) = ask.bounds_span else {
        return quote!(::wizard::__private::Bounds::NONE);
    };
    let option_f64 = |n: Option<Written<f64>>| match n {
        Some(n) => {
            let lit = f64_literal(n.value, span);
            quote!(::core::option::Option::Some(#lit))
        }
        None => quote!(::core::option::Option::None),
    };
    let option_u32 = |n: Option<Written<u32>>| match n {
        Some(n) => {
            let n = n.value;
            quote!(::core::option::Option::Some(#n))
        }
        None => quote!(::core::option::Option::None),
    };
    let (min, max) = (option_f64(ask.min), option_f64(ask.max));
    let (min_items, max_items) = (option_u32(ask.min_items), option_u32(ask.max_items));
    let choices = match &ask.choices {
        Some(values) => {
            let values = values.iter().map(|n| i64_literal(n.value, span));
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
}

/// The compile-time checks of one question, each evaluated in the author's crate and
/// reported at the attribute at fault: bounds its type cannot take, a number its type
/// cannot hold, a default it does not offer, titles it has none to show.
fn checks(wizard: &Wizard, index: usize, question: &Question) -> TokenStream {
    let ident = wizard.ident;
    let ask = &question.ask;
    let mut checks = Vec::new();
    // The panic's call spans the attribute at fault, from `start` to `end`: a const
    // evaluation that panics is reported there.
    let fail = |(start, end): (Span, Span), problem: TokenStream| {
        let args = quote_spanned!(end=> ("{}", problem));
        quote_spanned! {start=>
            const _: () = if let ::core::option::Option::Some(problem) = #problem {
                ::core::panic! #args
            };
        }
    };
    if let Some(span) = ask.bounds_span {
        let (shape, bounds) = (shape(wizard, index), bounds(question));
        checks.push(fail(
            (span, span),
            quote!(::wizard::__private::bounds_problem(#shape, #bounds)),
        ));
    }
    // Each number at its own token: a bound, an offered integer or a default that the
    // field's type cannot hold could never be answered.
    let choices = ask.choices.iter().flatten().map(|n| Written {
        #[allow(
            clippy::cast_precision_loss,
            reason = "offered integers are compared as JSON numbers"
        )]
        value: n.value as f64,
        span: n.span,
        end: n.end,
    });
    for number in ask.min.into_iter().chain(ask.max).chain(choices) {
        let (shape, lit) = (shape(wizard, index), f64_literal(number.value, number.span));
        checks.push(fail(
            (number.span, number.end),
            quote!(::wizard::__private::number_problem(#shape, #lit)),
        ));
    }
    let default_span = match &ask.default {
        Some(DefaultLit::Text(lit)) => Some((lit.span(), lit.span())),
        Some(DefaultLit::Number(number)) => Some((number.span, number.end)),
        // A yes/no's default is checked by the derive itself.
        Some(DefaultLit::Bool(_)) | None => None,
    };
    if let Some(span) = default_span {
        let question = quote!(<#ident as ::wizard::Wizard>::QUESTIONS[#index]);
        // A number the type cannot hold is said first: it says more than a bound.
        let in_type = match &ask.default {
            Some(DefaultLit::Number(number)) => {
                let shape = shape(wizard, index);
                let lit = f64_literal(number.value.as_f64(), number.span);
                quote!(::wizard::__private::number_problem(#shape, #lit))
            }
            _ => quote!(::core::option::Option::None),
        };
        checks.push(fail(
            span,
            quote!(match #in_type {
                ::core::option::Option::Some(problem) => ::core::option::Option::Some(problem),
                ::core::option::Option::None => ::wizard::__private::default_problem(#question.kind, #question.default),
            }),
        ));
    }
    if let Some((titles, at)) = &ask.titles {
        let variant = match titles {
            Titles::Titled => format_ident!("Titled"),
            Titles::EnumNames => format_ident!("EnumNames"),
        };
        let shape = shape(wizard, index);
        checks.push(fail(
            (at.span(), at.span()),
            quote!(::wizard::__private::titles_problem(::wizard::__private::Titles::#variant, #shape)),
        ));
    }
    quote!(#(#checks)*)
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

/// `check`, `choices` and `intro`: each named function is first bound to a fn pointer
/// of the documented arguments, spanned at the path, so that a function of another
/// shape is one error there, showing the signature expected; its future then goes
/// through `LiveFuture`, so that one that is not a future of the documented output is
/// one error there too, in the runtime's words, before it is boxed into the `Pending`
/// the trait returns. Left to the trait's defaults when the struct declares none.
fn live(wizard: &Wizard, Names { step, .. }: &Names) -> TokenStream {
    let live = quote!(::wizard::live::Live<'a, Self>);
    let optional =
        |output: &TokenStream| quote!(::core::option::Option<::wizard::live::Pending<'a, #output>>);
    let verdict = quote!(::wizard::live::Verdict);
    let options = quote!(
        ::core::result::Result<::std::vec::Vec<::wizard::live::Offer>, ::std::string::String>
    );
    let intro = quote!(::wizard::live::Intro);
    let mut methods = Vec::new();
    let checks: Vec<_> = wizard
        .questions()
        .filter_map(|(field, question)| {
            let path = question.ask.check.as_ref()?;
            let (ident, variant) = (field.ident, &question.step);
            // The answer's type is the field's; the check may take it borrowed
            // (`CheckArgument`), which the pointer's `&'a _` leaves open.
            let call = quote_spanned! {path.span()=>
                let check: fn(#live, &'a _) -> _ = #path;
                let answer = ::wizard::live::CheckArgument::<_, Self>::argument(answer);
                let future = ::wizard::live::LiveFuture::<#verdict>::future(check(live, answer));
                let pending: ::wizard::live::Pending<'a, #verdict> = ::std::boxed::Box::pin(future);
            };
            Some(quote! {
                #step::#variant => {
                    let answer = live.draft.#ident.as_ref()?;
                    #call
                    ::core::option::Option::Some(pending)
                }
            })
        })
        .collect();
    if !checks.is_empty() {
        let output = optional(&verdict);
        methods.push(quote! {
            fn check<'a>(live: #live, step: #step) -> #output {
                #[allow(unreachable_patterns, reason = "every question may have a check")]
                match step {
                    #(#checks)*
                    _ => ::core::option::Option::None,
                }
            }
        });
    }
    let choices: Vec<_> = wizard
        .questions()
        .filter_map(|(_, question)| {
            let (path, _) = question.ask.choices_from.as_ref()?;
            let variant = &question.step;
            // Plain values or labelled offers: whatever `LiveOptions` turns into offers.
            let call = quote_spanned! {path.span()=>
                let function: fn(#live) -> _ = #path;
                let pending: ::wizard::live::Pending<'a, #options> =
                    ::std::boxed::Box::pin(::wizard::live::offers(function(live)));
            };
            Some(quote!(#step::#variant => { #call ::core::option::Option::Some(pending) }))
        })
        .collect();
    if !choices.is_empty() {
        let output = optional(&options);
        methods.push(quote! {
            fn choices<'a>(live: #live, step: #step) -> #output {
                #[allow(unreachable_patterns, reason = "every question may be a live choice")]
                match step {
                    #(#choices)*
                    _ => ::core::option::Option::None,
                }
            }
        });
    }
    if let Some((path, _)) = &wizard.container.intro {
        let output = optional(&intro);
        let call = live_call(path, &live, &intro);
        methods.push(quote! {
            fn intro<'a>(live: #live) -> #output {
                #call
                ::core::option::Option::Some(pending)
            }
        });
    }
    quote!(#(#methods)*)
}

/// `let pending = ..` for a live function that takes only the `Live` view.
fn live_call(path: &syn::Path, live: &TokenStream, output: &TokenStream) -> TokenStream {
    quote_spanned! {path.span()=>
        let function: fn(#live) -> _ = #path;
        let future = ::wizard::live::LiveFuture::<#output>::future(function(live));
        let pending: ::wizard::live::Pending<'a, #output> = ::std::boxed::Box::pin(future);
    }
}
