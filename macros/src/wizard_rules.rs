//! The rules that span several fields: keys, conditions, and the summary. They run once
//! every field is read, each question already checked on its own (`question_rules`).

use std::collections::HashMap;

use quote::ToTokens;
use syn::ext::IdentExt;

use crate::ctxt::Ctxt;
use crate::model::Wizard;
use crate::template::{self, Piece};

/// The final yes/no the runtime adds after the last question.
const CONFIRM_KEY: &str = "confirm";

pub fn wizard(cx: &mut Ctxt, wizard: &mut Wizard) {
    if wizard.questions().next().is_none() {
        cx.error(
            wizard.ident,
            "a wizard needs at least one question: `#[ask(\"question text\")] field: Type`",
        );
    }
    keys(cx, wizard);
    conditions(cx, wizard);
    summary(cx, wizard);
}

fn keys(cx: &mut Ctxt, wizard: &Wizard) {
    let mut first: HashMap<&str, &str> = HashMap::new();
    let mut steps: HashMap<String, &str> = HashMap::new();
    for (field, question) in wizard.questions() {
        let step = question.step.to_string();
        if let Some(earlier) = steps.get(&step) {
            cx.error(
                field.ident,
                format!(
                    "fields `{earlier}` and `{}` both name the step `{step}`; rename one of them",
                    field.name
                ),
            );
        } else {
            steps.insert(step, &field.name);
        }
        let at: &dyn ToTokens = match &question.ask.key {
            Some(key) => key,
            None => field.ident,
        };
        if question.key == CONFIRM_KEY {
            cx.error(
                at,
                "the key `confirm` is reserved for the summary's final yes/no, which the runtime asks itself; rename the field or set `key = \"..\"`",
            );
        }
        if let Some(earlier) = first.get(question.key.as_str()) {
            cx.error(
                at,
                format!(
                    "duplicate question key `{}`: field `{earlier}` already uses it; every question needs its own key, set one with `key = \"..\"`",
                    question.key
                ),
            );
        } else {
            first.insert(&question.key, &field.name);
        }
    }
}

fn conditions(cx: &mut Ctxt, wizard: &Wizard) {
    const SYNTAX: &str = "expected `when = <earlier yes/no field>`";
    let position = |name: &str| wizard.fields.iter().position(|field| field.name == name);
    for (index, (field, question)) in wizard.fields.iter().enumerate().filter_map(|(i, field)| {
        field
            .question
            .as_ref()
            .map(|question| (i, (field, question)))
    }) {
        let Some(when) = &question.ask.when else {
            continue;
        };
        if wizard.container.single_form.is_some() {
            cx.error(
                when,
                "`when` cannot be used in a `#[wizard(single_form)]` wizard: the form asks every question at once",
            );
            continue;
        }
        let target = when.unraw().to_string();
        let target = target.as_str();
        if !question.ty.optional {
            cx.error(
                &field.field.ty,
                format!(
                    "a conditional question must be optional: `{}` is not asked when `{target}` is no, so write `Option<..>`",
                    field.name
                ),
            );
        }
        let Some(target_index) = position(target) else {
            cx.error(
                when,
                format!("`when` names `{target}`, which is not a field of this struct; {SYNTAX}"),
            );
            continue;
        };
        let target_field = &wizard.fields[target_index];
        let problem = match &target_field.question {
            _ if target_index == index => "a question cannot depend on itself".to_owned(),
            // Its own attribute error was reported; saying more would guess.
            None if target_field.broken => continue,
            None => format!("`{target}` is a tool argument, not a question"),
            Some(_) if target_index > index => {
                format!("`{target}` is asked after this question, so its answer is not known yet")
            }
            Some(q) if !q.is_yes_no() => {
                format!("`{target}` is not a yes/no question (`bool` or `Option<bool>`)")
            }
            Some(_) => continue,
        };
        cx.error(when, format!("{problem}; {SYNTAX}"));
    }
}

fn summary(cx: &mut Ctxt, wizard: &mut Wizard) {
    // A missing `summary` was reported with the container keys.
    let Some(template) = &wizard.container.summary else {
        return;
    };
    let pieces = match template::parse(&template.value()) {
        Ok(pieces) => pieces,
        Err(message) => {
            cx.error(template, message);
            return;
        }
    };
    let names: Vec<String> = wizard
        .fields
        .iter()
        .map(|field| field.name.clone())
        .collect();
    let mut shown = Vec::new();
    for piece in &pieces {
        if let Piece::Field(name) = piece {
            if names.contains(name) {
                shown.push(name.clone());
            } else {
                cx.error(
                    template,
                    format!(
                        "the summary template names `{{{name}}}`, which is not a field of this struct; expected one of {}",
                        names.iter().map(|n| format!("`{{{n}}}`")).collect::<Vec<_>>().join(", ")
                    ),
                );
            }
        }
    }
    for (field, question) in wizard.questions() {
        let in_template = shown.contains(&field.name);
        match &question.ask.label {
            Some(label) if in_template => cx.error(
                label,
                format!(
                    "`{}` is already in the summary template as `{{{}}}`; keep the placeholder or this label, not both",
                    field.name, field.name
                ),
            ),
            Some(_) => {}
            None if in_template => {}
            None => cx.error(
                field.ident,
                format!(
                    "question `{}` is not shown in the summary; add `summary = \"Label\"` to its `#[ask(..)]` for an optional row, or `{{{}}}` to the `summary` template",
                    field.name, field.name
                ),
            ),
        }
    }
    wizard.summary = pieces;
}
