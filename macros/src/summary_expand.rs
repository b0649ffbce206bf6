//! `Wizard::summary`: the template's literals and values, then the labelled rows, one
//! per line as a list item (`- Label: value`), which reads as a list both where a client
//! shows the text as it is and where it renders Markdown (where lines without the
//! marker would run together into one paragraph).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::model::{Field, Wizard};
use crate::template::Piece;
use crate::wizard_types::{Names, probe_call};

pub fn expand(wizard: &Wizard, Names { step, draft, args }: &Names) -> TokenStream {
    let mut uses_args = false;
    let mut parts = Vec::new();
    for piece in &wizard.summary {
        match piece {
            Piece::Text(text) => parts.push(quote! {
                parts.push(::wizard::__private::SummaryPart::Literal(#text));
            }),
            Piece::Field(name) => {
                let field = wizard
                    .field(name)
                    .expect("checked: the template names fields");
                uses_args |= field.question.is_none();
                let text = text(field, step);
                let truncate = truncate(field);
                parts.push(quote! {
                    parts.push(::wizard::__private::SummaryPart::Value {
                        text: #text.unwrap_or_default(),
                        truncate: #truncate,
                    });
                });
            }
        }
    }
    for (field, question) in wizard.questions() {
        let Some(label) = &question.ask.label else {
            continue;
        };
        let label = label.value();
        if question.is_yes_no() {
            // A yes/no row says the server's own word, so nothing in it needs escaping:
            // `Yes` (or its `yes` words), and for a no its `no` words, else no row.
            let words = |lit: &Option<syn::LitStr>| lit.as_ref().map(syn::LitStr::value);
            let yes = format!(
                "\n- {label}: {}",
                words(&question.ask.yes).unwrap_or_else(|| "Yes".to_owned())
            );
            let no = match words(&question.ask.no) {
                Some(no) => {
                    let row = format!("\n- {label}: {no}");
                    quote!(parts.push(::wizard::__private::SummaryPart::Literal(#row)))
                }
                None => quote!({}),
            };
            let ident = field.ident;
            let asked = match question.ask.when {
                Some(_) => {
                    let variant = &question.step;
                    quote!(<Self as ::wizard::Wizard>::is_asked(draft, #step::#variant))
                }
                None => quote!(true),
            };
            parts.push(quote! {
                if #asked {
                    match draft.#ident {
                        ::core::option::Option::Some(true) => {
                            parts.push(::wizard::__private::SummaryPart::Literal(#yes));
                        }
                        ::core::option::Option::Some(false) => #no,
                        ::core::option::Option::None => {}
                    }
                }
            });
        } else {
            let text = text(field, step);
            let row = format!("\n- {label}: ");
            let truncate = truncate(field);
            parts.push(quote! {
                if let ::core::option::Option::Some(text) = #text {
                    parts.push(::wizard::__private::SummaryPart::Literal(#row));
                    parts.push(::wizard::__private::SummaryPart::Value { text, truncate: #truncate });
                }
            });
        }
    }
    let args_param = if uses_args { quote!(args) } else { quote!(_) };
    quote! {
        fn summary(draft: &#draft, #args_param: &#args) -> ::std::vec::Vec<::wizard::__private::SummaryPart> {
            let mut parts = ::std::vec::Vec::new();
            #(#parts)*
            parts
        }
    }
}

/// The field's summary text as an `Option<String>`; `None` for an unanswered,
/// declined or skipped question and whatever `SummaryValue` leaves out.
fn text(field: &Field, step: &syn::Ident) -> TokenStream {
    let ident = field.ident;
    let ty = &field.field.ty;
    let Some(question) = &field.question else {
        return quote_spanned!(ty.span()=> ::wizard::__private::SummaryValue::summary_text(&args.#ident));
    };
    let text = probe_call(question, "show_answer", quote!(&draft.#ident));
    if question.ask.when.is_some() {
        let variant = &question.step;
        quote! {
            (if <Self as ::wizard::Wizard>::is_asked(draft, #step::#variant) {
                #text
            } else {
                ::core::option::Option::None
            })
        }
    } else {
        text
    }
}

fn truncate(field: &Field) -> TokenStream {
    match field
        .question
        .as_ref()
        .and_then(|question| question.ask.truncate)
    {
        Some(n) => quote!(::core::option::Option::Some(#n)),
        None => quote!(::core::option::Option::None),
    }
}
