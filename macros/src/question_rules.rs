//! The rules one question can break on its own: a secret asked for, a type no flat
//! form carries, keys that do not go together, a default of the wrong kind, live
//! functions where they cannot run.

use crate::ask_attr::DefaultLit;
use crate::ctxt::Ctxt;
use crate::model::Question;
use crate::{secret, ty};

/// Reports every rule `question` (of `field`, named `name`) breaks on its own.
pub fn question(
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
    for words in [&ask.yes, &ask.no].into_iter().flatten() {
        if !yes_no || ask.label.is_none() {
            cx.error(
                words,
                "`yes` and `no` word a yes/no's summary row: they apply only to a yes/no question with `summary = \"Label\"`",
            );
        }
    }
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
        Some(DefaultLit::Number(number)) if yes_no => {
            cx.push(number.error("a yes/no question takes only `default = false`"));
        }
        Some(DefaultLit::Number(number)) if ty.string || ask.parse.is_some() => cx.push(
            number.error("a text question takes a text default: expected `default = \"..\"`"),
        ),
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
