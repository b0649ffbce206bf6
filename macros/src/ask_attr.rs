//! The field attributes: `#[ask("question", ..)]` and `#[tool_arg]`.

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::ext::IdentExt;
use syn::parse::ParseStream;
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, ExprLit, Ident, Lit, LitBool, LitStr, Meta, Path, Token};

use crate::attr::{self, Entry, Number, list_keys};
use crate::case;
use crate::ctxt::Ctxt;

/// `key = "labels"`: the `inputRequests` key; defaults to the field name.
const KEY: &str = "key";
/// `summary = "Label"`: an optional summary row `Label: value`.
const SUMMARY: &str = "summary";
/// `yes = "removed"` / `no = "kept"`: what a yes/no's summary row says for each answer
/// (`Yes`, and no row for a no, without them).
const YES: &str = "yes";
const NO: &str = "no";
/// `title = "Source branch"`: the field's label in a form; defaults to the summary
/// label, else the key in words.
const TITLE: &str = "title";
/// `truncate = 100`: cut the value to this many characters wherever it is shown.
const TRUNCATE: &str = "truncate";
/// `when = field`: ask only after an earlier yes/no was answered yes.
const WHEN: &str = "when";
/// `allow_empty`: a required `String` that may be answered with "".
const ALLOW_EMPTY: &str = "allow_empty";
/// `parse = path::to::fn`: ask for text, convert with `fn(&str) -> Result<T, String>`.
const PARSE: &str = "parse";
/// `min = 1` / `max = 9.5`: inclusive bounds of a number.
const MIN: &str = "min";
const MAX: &str = "max";
/// `min_items = 1` / `max_items = 3`: how many options a multi-select takes.
const MIN_ITEMS: &str = "min_items";
const MAX_ITEMS: &str = "max_items";
/// `choices = [1, 2, 3]`: the integers an integer question offers.
const CHOICES: &str = "choices";
/// `default = "text"` / `default = 3` / `default = 2.5` / `default = false` (and
/// `default = true` in a single form).
const DEFAULT: &str = "default";
/// `titled`: in a single form, a choice shows its options' titles (`oneOf`, or
/// `items.anyOf` for a multi-select).
const TITLED: &str = "titled";
/// `enum_names`: in a single form, a choice shows its titles in the deprecated
/// `enumNames`, for clients from before SEP-1330.
const ENUM_NAMES: &str = "enum_names";
/// `check = path::to::fn`: a live check, `async fn(Live<'_, W>, &T) -> Verdict` (`&str`
/// for a `String`, `&[E]` for a `Vec<E>`), run on each well-formed answer; a refusal
/// asks the question again with the reason.
const CHECK: &str = "check";
/// `choices_from = path::to::fn`: live choices, `async fn(Live<'_, W>) -> Result<Vec<String>,
/// String>`, fetched when the question is asked; text with the check otherwise.
const CHOICES_FROM: &str = "choices_from";

const KEYS: [&str; 19] = [
    KEY,
    SUMMARY,
    YES,
    NO,
    TITLE,
    TRUNCATE,
    WHEN,
    ALLOW_EMPTY,
    PARSE,
    MIN,
    MAX,
    MIN_ITEMS,
    MAX_ITEMS,
    CHOICES,
    DEFAULT,
    TITLED,
    ENUM_NAMES,
    CHECK,
    CHOICES_FROM,
];
const SYNTAX: &str = r#"#[ask("question text", key = "..", summary = "Label", ..)]"#;

/// A number as written in the attribute, and where: a number the field's type cannot
/// hold is reported at it, from its first token to its last (`-1` is two).
#[derive(Clone, Copy)]
pub struct Written<T> {
    pub value: T,
    pub span: Span,
    pub end: Span,
}

impl<T> Written<T> {
    /// An error over the number as written.
    pub fn error(&self, message: impl std::fmt::Display) -> syn::Error {
        syn::Error::new_spanned(self.tokens(), message)
    }

    /// Two tokens standing for the number: the first spanned where it starts, the last
    /// where it ends, so that what is spanned over them covers it whole.
    pub fn tokens(&self) -> TokenStream {
        let (start, end) = (self.span, self.end);
        quote::quote_spanned!(start=> _)
            .into_iter()
            .chain(quote::quote_spanned!(end=> _))
            .collect()
    }

    /// `value`, as written in `tokens`.
    pub fn new(value: T, tokens: &impl ToTokens) -> Self {
        let tokens: Vec<_> = tokens.to_token_stream().into_iter().collect();
        let span = tokens.first().map_or_else(Span::call_site, TokenTree::span);
        let end = tokens.last().map_or(span, TokenTree::span);
        Written { value, span, end }
    }
}

/// A pre-filled answer as written.
pub enum DefaultLit {
    Text(LitStr),
    Number(Written<Number>),
    Bool(LitBool),
}

pub struct Ask {
    pub message: LitStr,
    pub key: Option<LitStr>,
    pub label: Option<LitStr>,
    /// The summary row's words for a yes and for a no.
    pub yes: Option<LitStr>,
    pub no: Option<LitStr>,
    pub title: Option<LitStr>,
    pub truncate: Option<usize>,
    pub when: Option<Ident>,
    pub allow_empty: Option<Ident>,
    pub parse: Option<Path>,
    pub min: Option<Written<f64>>,
    pub max: Option<Written<f64>>,
    pub min_items: Option<Written<u32>>,
    pub max_items: Option<Written<u32>>,
    pub choices: Option<Vec<Written<i64>>>,
    pub default: Option<DefaultLit>,
    /// `titled` or `enum_names`, and where it was written.
    pub titles: Option<(Titles, Ident)>,
    /// Where a bound was written, so that a bound the kind refuses is reported there.
    pub bounds_span: Option<Span>,
    /// The live check's function.
    pub check: Option<Path>,
    /// The live choices' function, and where `choices_from` was written.
    pub choices_from: Option<(Path, Ident)>,
}

/// How a choice shows its titles in a single form.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Titles {
    Titled,
    EnumNames,
}

impl Titles {
    pub const fn key(self) -> &'static str {
        match self {
            Titles::Titled => TITLED,
            Titles::EnumNames => ENUM_NAMES,
        }
    }
}

pub enum Role {
    Ask(Box<Ask>),
    ToolArg,
}

/// Reads the one `#[ask]` or `#[tool_arg]` a field must carry.
pub fn parse(cx: &mut Ctxt, field: &syn::Field) -> Option<Role> {
    let mut role: Option<(&Attribute, Option<Role>)> = None;
    for attr in &field.attrs {
        let is_ask = attr.path().is_ident("ask");
        if !is_ask && !attr.path().is_ident("tool_arg") {
            continue;
        }
        if let Some((first, _)) = &role {
            let first = first.path().get_ident().map(Ident::to_string);
            cx.error(
                attr,
                format!(
                    "this field already has `#[{}]`; a field is either one question `#[ask(\"..\")]` or one `#[tool_arg]`",
                    first.unwrap_or_default()
                ),
            );
            continue;
        }
        let parsed = if is_ask {
            parse_ask(cx, attr).map(|ask| Role::Ask(Box::new(ask)))
        } else if matches!(attr.meta, Meta::Path(_)) {
            Some(Role::ToolArg)
        } else {
            cx.error(attr, "expected `#[tool_arg]` without arguments");
            None
        };
        role = Some((attr, parsed));
    }
    match role {
        Some((_, parsed)) => parsed,
        None => {
            let name = field
                .ident
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default();
            cx.push(syn::Error::new(
                field.ident.as_ref().map_or(field.ty.span(), Ident::span),
                format!(
                    "field `{name}` needs `#[ask(\"question text\")]` to be a question or `#[tool_arg]` to be a tool argument"
                ),
            ));
            None
        }
    }
}

fn parse_ask(cx: &mut Ctxt, attr: &Attribute) -> Option<Ask> {
    if !matches!(attr.meta, Meta::List(_)) {
        cx.error(attr, format!("expected `{SYNTAX}`"));
        return None;
    }
    let parsed = attr.parse_args_with(|input: ParseStream| {
        if !input.peek(LitStr) {
            return Err(input.error(format!("expected the question text first: `{SYNTAX}`")));
        }
        let message: LitStr = input.parse()?;
        let entries = if input.is_empty() {
            Punctuated::new()
        } else {
            input.parse::<Token![,]>()?;
            attr::entries(input)?
        };
        Ok((message, entries))
    });
    let (message, entries) = match parsed {
        Ok(parsed) => parsed,
        Err(error) => {
            cx.push(error);
            return None;
        }
    };
    if message.value().trim().is_empty() {
        cx.error(&message, "the question text cannot be empty");
    }
    let mut ask = Ask {
        message,
        key: None,
        label: None,
        yes: None,
        no: None,
        title: None,
        truncate: None,
        when: None,
        allow_empty: None,
        parse: None,
        min: None,
        max: None,
        min_items: None,
        max_items: None,
        choices: None,
        default: None,
        titles: None,
        bounds_span: None,
        check: None,
        choices_from: None,
    };
    let mut seen: Vec<String> = Vec::new();
    for entry in &entries {
        let name = entry.name();
        if !KEYS.contains(&name.as_str()) {
            cx.error(
                &entry.key,
                format!(
                    "unknown key `{name}` in `#[ask(..)]`; expected one of {}",
                    list_keys(&KEYS)
                ),
            );
            continue;
        }
        if seen.contains(&name) {
            cx.error(
                &entry.key,
                format!("duplicate key `{name}` in `#[ask(..)]`; give it once"),
            );
            continue;
        }
        seen.push(name.clone());
        if let Err(error) = read(&mut ask, &name, entry) {
            cx.push(error);
        }
    }
    reversed(
        cx,
        ask.min,
        ask.max,
        (MIN, MAX),
        "no number could be answered",
    );
    reversed(
        cx,
        ask.min_items,
        ask.max_items,
        (MIN_ITEMS, MAX_ITEMS),
        "no selection could be made",
    );
    Some(ask)
}

/// Bounds are inclusive, so a lower bound above the upper one lets no answer through:
/// every answer would be refused when the wizard runs.
fn reversed<T: PartialOrd + std::fmt::Display + Copy>(
    cx: &mut Ctxt,
    lower: Option<Written<T>>,
    upper: Option<Written<T>>,
    (low, high): (&str, &str),
    outcome: &str,
) {
    if let (Some(lower), Some(upper)) = (lower, upper)
        && lower.value > upper.value
    {
        let (a, b) = (lower.value, upper.value);
        cx.push(lower.error(format!(
            "`{low} = {a}` is above `{high} = {b}`: the bounds are inclusive, so {outcome}; expected `{low}` at most `{high}`, such as `{low} = {b}, {high} = {a}`"
        )));
    }
}

/// Stores one known key's value.
fn read(ask: &mut Ask, name: &str, entry: &Entry) -> syn::Result<()> {
    match name {
        KEY => {
            let lit = entry.lit_str("key = \"..\"")?;
            if lit.value().is_empty() {
                return Err(syn::Error::new_spanned(&lit, "`key` cannot be empty"));
            }
            ask.key = Some(lit);
        }
        SUMMARY => ask.label = Some(entry.lit_str("summary = \"Label\"")?),
        YES | NO => {
            let lit = entry.lit_str(&format!("{name} = \"..\""))?;
            if lit.value().trim().is_empty() {
                return Err(syn::Error::new_spanned(
                    &lit,
                    format!("`{name}` cannot be empty: it is what the summary row says"),
                ));
            }
            *if name == YES {
                &mut ask.yes
            } else {
                &mut ask.no
            } = Some(lit);
        }
        TITLE => {
            let lit = entry.lit_str("title = \"Label\"")?;
            if lit.value().trim().is_empty() {
                return Err(syn::Error::new_spanned(
                    &lit,
                    "`title` cannot be empty: it labels the field in the form",
                ));
            }
            ask.title = Some(lit);
        }
        TRUNCATE => {
            let n = attr::unsigned::<usize>(entry, "truncate = <characters>")?;
            if n == 0 {
                return Err(syn::Error::new_spanned(
                    &entry.value,
                    "`truncate` needs at least 1 character",
                ));
            }
            ask.truncate = Some(n);
        }
        WHEN => ask.when = Some(entry.ident("when = <earlier yes/no field>")?),
        ALLOW_EMPTY => {
            entry.flag()?;
            ask.allow_empty = Some(entry.key.clone());
        }
        PARSE => ask.parse = Some(function(entry, "parse = path::to::fn")?),
        CHECK => ask.check = Some(function(entry, "check = path::to::async_fn")?),
        CHOICES_FROM => {
            let path = function(entry, "choices_from = path::to::async_fn")?;
            ask.choices_from = Some((path, entry.key.clone()));
        }
        MIN | MAX => {
            let syntax = format!("{name} = <number>");
            let expr = entry.value(&syntax)?;
            let n = attr::number(expr)
                .unwrap_or_else(|| {
                    Err(syn::Error::new_spanned(
                        expr,
                        format!("expected `{syntax}`"),
                    ))
                })?
                .as_f64();
            *if name == MIN {
                &mut ask.min
            } else {
                &mut ask.max
            } = Some(Written::new(n, expr));
            ask.bounds_span.get_or_insert(entry.key.span());
        }
        MIN_ITEMS | MAX_ITEMS => {
            let n = attr::unsigned::<u32>(entry, &format!("{name} = <count>"))?;
            *if name == MIN_ITEMS {
                &mut ask.min_items
            } else {
                &mut ask.max_items
            } = Some(Written::new(n, entry.value(name)?));
            ask.bounds_span.get_or_insert(entry.key.span());
        }
        CHOICES => {
            ask.choices = Some(choices(entry)?);
            ask.bounds_span.get_or_insert(entry.key.span());
        }
        DEFAULT => ask.default = Some(default(entry)?),
        TITLED | ENUM_NAMES => {
            entry.flag()?;
            let titles = if name == TITLED {
                Titles::Titled
            } else {
                Titles::EnumNames
            };
            if let Some((earlier, _)) = ask.titles {
                return Err(syn::Error::new_spanned(
                    &entry.key,
                    format!(
                        "`{}` and `{}` are two ways to show a choice's titles; keep one",
                        earlier.key(),
                        titles.key()
                    ),
                ));
            }
            ask.titles = Some((titles, entry.key.clone()));
        }
        _ => unreachable!("every key in KEYS is read"),
    }
    Ok(())
}

/// `key = path::to::fn`.
pub fn function(entry: &Entry, syntax: &str) -> syn::Result<Path> {
    match entry.value(syntax)? {
        Expr::Path(path) if path.qself.is_none() => Ok(path.path.clone()),
        other => Err(syn::Error::new_spanned(
            other,
            format!("expected `{syntax}`"),
        )),
    }
}

fn choices(entry: &Entry) -> syn::Result<Vec<Written<i64>>> {
    const SYNTAX: &str = "choices = [1, 2, 3]";
    let Expr::Array(array) = entry.value(SYNTAX)? else {
        return Err(syn::Error::new_spanned(
            &entry.value,
            format!("expected `{SYNTAX}`"),
        ));
    };
    let mut values = Vec::new();
    for item in &array.elems {
        match attr::number(item) {
            Some(Ok(Number::Integer(n))) if values.iter().any(|v: &Written<i64>| v.value == n) => {
                return Err(syn::Error::new_spanned(
                    item,
                    format!("`{n}` is offered twice"),
                ));
            }
            Some(Ok(Number::Integer(n))) => values.push(Written::new(n, item)),
            Some(Err(error)) => return Err(error),
            _ => {
                return Err(syn::Error::new_spanned(
                    item,
                    format!("expected an integer: `{SYNTAX}`"),
                ));
            }
        }
    }
    if values.is_empty() {
        return Err(syn::Error::new_spanned(
            array,
            format!("offer at least one integer: `{SYNTAX}`"),
        ));
    }
    Ok(values)
}

fn default(entry: &Entry) -> syn::Result<DefaultLit> {
    const SYNTAX: &str = r#"default = "text" | <number> | false"#;
    let expr = entry.value(SYNTAX)?;
    if let Expr::Lit(ExprLit { lit, .. }) = expr {
        match lit {
            Lit::Str(lit) => return Ok(DefaultLit::Text(lit.clone())),
            Lit::Bool(lit) => return Ok(DefaultLit::Bool(lit.clone())),
            _ => {}
        }
    }
    match attr::number(expr) {
        Some(number) => Ok(DefaultLit::Number(Written::new(number?, expr))),
        None => Err(syn::Error::new_spanned(expr, not_a_default(expr))),
    }
}

/// Why a default is not one of the literals it can be; an enum variant gets the
/// string its choice is answered with.
fn not_a_default(expr: &Expr) -> String {
    const SYNTAX: &str = r#"default = "text" | <number> | false"#;
    let variant = match expr {
        Expr::Path(path) if path.qself.is_none() && path.path.segments.len() > 1 => path
            .path
            .segments
            .last()
            .map(|last| last.ident.unraw().to_string()),
        _ => None,
    };
    match variant {
        // An enum variant is `UpperCamelCase`; `Self::MAX` and `u8::MAX` are constants.
        Some(variant)
            if variant.starts_with(char::is_uppercase) && variant.contains(char::is_lowercase) =>
        {
            let value = case::snake_case(&variant);
            format!(
                "the default of a choice is its wire value as a string: `default = \"{value}\"` (a variant's wire value is its name in snake_case, unless `#[choice(value = \"..\")]` sets another)"
            )
        }
        _ => format!("expected `{SYNTAX}`"),
    }
}
