//! `#[wizard(tool = "..", noun = "..", summary = "..", id = "..", alternative = "..",
//! confirm = "..", context = Type, intro = path)]` or `#[wizard(tool = "..", single_form)]` on the struct,
//! and its doc comment.

use syn::{Attribute, DeriveInput, Expr, ExprLit, Ident, Lit, LitStr, Meta, Path, Type};

use crate::ask_attr::function;
use crate::attr::{self, TYPE_KEY, list_keys};
use crate::ctxt::Ctxt;

/// `tool = "gitlab_interactive_issue_create"`: the MCP tool name.
const TOOL: &str = "tool";
/// `id = "interactive.room_book"`: an id the server knows the wizard by (optional).
const ID: &str = "id";
/// `alternative = "room.book"`: the action doing the same work in one call, named to a
/// client that cannot be asked (optional: without one, none is named).
const ALTERNATIVE: &str = "alternative";
/// `noun = "Booking"`: what the wizard makes, as the texts name it (`Booking cancelled.`).
const NOUN: &str = "noun";
/// `summary = "Book {room}?"`: the summary template.
const SUMMARY: &str = "summary";
/// `confirm = "Book the room"`: the label of the summary's yes/no, saying what a tick
/// does (optional).
const CONFIRM: &str = "confirm";
/// `single_form`: every question in one form (`wizard::single_form`); then only `tool`
/// is required, since such a form has no summary step.
const SINGLE_FORM: &str = "single_form";
/// `context = Type`: what the server hands the live checks, live choices and intro
/// (`()` without it).
const CONTEXT: &str = TYPE_KEY;
/// `intro = path::to::fn`: `async fn(Live<'_, W>) -> Intro`, run once before the first
/// question.
const INTRO: &str = "intro";

const KEYS: [&str; 9] = [
    TOOL,
    NOUN,
    SUMMARY,
    ID,
    ALTERNATIVE,
    CONFIRM,
    SINGLE_FORM,
    CONTEXT,
    INTRO,
];
const SYNTAX: &str = r#"#[wizard(tool = "..", noun = "..", summary = "..")]"#;
const SINGLE_FORM_SYNTAX: &str = r#"#[wizard(tool = "..", single_form)]"#;

/// The container keys. A missing or broken key is reported and read as `""` (and a
/// missing summary as `None`), so that the field checks still run in the same compile.
pub struct Container {
    pub tool: LitStr,
    pub noun: LitStr,
    pub summary: Option<LitStr>,
    pub id: Option<LitStr>,
    pub alternative: Option<LitStr>,
    pub confirm: Option<LitStr>,
    /// `single_form` was given, here.
    pub single_form: Option<Ident>,
    /// `context = Type`.
    pub context: Option<Type>,
    /// `intro = path`, and where `intro` was written.
    pub intro: Option<(Path, Ident)>,
}

/// Reads every `#[wizard(..)]` on the struct.
pub fn parse(cx: &mut Ctxt, input: &DeriveInput) -> Container {
    let attrs: Vec<&Attribute> = input
        .attrs
        .iter()
        .filter(|attr| attr.path().is_ident("wizard"))
        .collect();
    let Some(first) = attrs.first() else {
        cx.error(
            &input.ident,
            format!("missing the container attribute; expected `{SYNTAX}`"),
        );
        return container(Default::default(), Extra::default(), input);
    };
    let mut values: [Option<LitStr>; 6] = Default::default();
    let mut extra = Extra::default();
    let mut seen = [false; KEYS.len()];
    // After a syntax error the keys that follow it were never read: do not call them missing.
    let mut complete = true;
    for attr in &attrs {
        let entries = match attr.parse_args_with(attr::entries) {
            Ok(entries) => entries,
            Err(error) => {
                cx.push(error);
                complete = false;
                continue;
            }
        };
        for entry in entries {
            let name = entry.name();
            let Some(slot) = KEYS.iter().position(|key| *key == name) else {
                cx.error(
                    &entry.key,
                    format!(
                        "unknown key `{name}` in `#[wizard(..)]`; expected one of {}",
                        list_keys(&KEYS)
                    ),
                );
                continue;
            };
            if seen[slot] {
                cx.error(
                    &entry.key,
                    format!("duplicate key `{name}` in `#[wizard(..)]`; give it once"),
                );
                continue;
            }
            seen[slot] = true;
            if name == SINGLE_FORM {
                match entry.flag() {
                    Ok(()) => extra.single_form = Some(entry.key.clone()),
                    Err(error) => cx.push(error),
                }
                continue;
            }
            if name == CONTEXT {
                let syntax = "expected `context = Type`";
                match &entry.value {
                    Some(Expr::Verbatim(tokens)) => match syn::parse2::<Type>(tokens.clone()) {
                        Ok(ty) => extra.context = Some(ty),
                        Err(error) => cx.push(error),
                    },
                    Some(other) => cx.error(other, syntax),
                    None => cx.error(&entry.key, syntax),
                }
                continue;
            }
            if name == INTRO {
                match function(&entry, "intro = path::to::async_fn") {
                    Ok(path) => extra.intro = Some((path, entry.key.clone())),
                    Err(error) => cx.push(error),
                }
                continue;
            }
            match entry.lit_str(&format!("{name} = \"..\"")) {
                Ok(lit) if lit.value().trim().is_empty() => {
                    cx.error(&lit, format!("`{name}` cannot be empty"));
                }
                Ok(lit) => values[slot] = Some(lit),
                Err(error) => cx.push(error),
            }
        }
    }
    // A single form has no summary step: only the tool name is needed. An id and an
    // alternative are the server's business, and a server may have neither.
    let single_form = extra.single_form.is_some();
    if single_form && let Some((_, at)) = &extra.intro {
        cx.error(
            at,
            "`intro` cannot be used in a `#[wizard(single_form)]` wizard: its one form has no first question to show it before",
        );
    }
    if single_form && let Some(confirm) = &values[5] {
        cx.error(
            confirm,
            "`confirm` cannot be used in a `#[wizard(single_form)]` wizard: its one form has no summary yes/no to label",
        );
    }
    let required: &[&str] = if single_form {
        &[TOOL]
    } else {
        &[TOOL, NOUN, SUMMARY]
    };
    let syntax = if single_form {
        SINGLE_FORM_SYNTAX
    } else {
        SYNTAX
    };
    for (key, seen) in KEYS.iter().zip(seen) {
        if !seen && complete && required.contains(key) {
            cx.error(
                first,
                format!("missing `{key} = \"..\"`; expected `{syntax}`"),
            );
        }
    }
    container(values, extra, input)
}

/// The container keys that are not text.
#[derive(Default)]
struct Extra {
    single_form: Option<Ident>,
    context: Option<Type>,
    intro: Option<(Path, Ident)>,
}

fn container(values: [Option<LitStr>; 6], extra: Extra, input: &DeriveInput) -> Container {
    let [tool, noun, summary, id, alternative, confirm] = values;
    let or_empty = |lit: Option<LitStr>| lit.unwrap_or_else(|| LitStr::new("", input.ident.span()));
    Container {
        tool: or_empty(tool),
        noun: or_empty(noun),
        summary,
        id,
        alternative,
        confirm,
        single_form: extra.single_form,
        context: extra.context,
        intro: extra.intro,
    }
}

/// The doc comment: trimmed lines joined with spaces, blank lines dropped.
pub fn doc(attrs: &[Attribute]) -> String {
    attrs
        .iter()
        .filter(|attr| attr.path().is_ident("doc"))
        .filter_map(|attr| match &attr.meta {
            Meta::NameValue(nv) => match &nv.value {
                Expr::Lit(ExprLit {
                    lit: Lit::Str(lit), ..
                }) => Some(lit.value()),
                _ => None,
            },
            _ => None,
        })
        .flat_map(|text| {
            text.lines()
                .map(|line| line.trim().to_owned())
                .collect::<Vec<_>>()
        })
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
