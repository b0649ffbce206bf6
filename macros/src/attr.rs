//! The `key = value` lists every helper attribute shares, and typed readers for the values.
//!
//! Values are parsed as whole expressions so that one bad value is reported and the
//! rest of the list is still read: every error of a derive shows in one compile.

use proc_macro2::{Literal, Span};
use quote::ToTokens;
use syn::ext::IdentExt;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Expr, ExprLit, ExprUnary, Ident, Lit, LitStr, Token, UnOp};

/// The one key whose value is a type: `#[wizard(context = Type)]`.
pub const TYPE_KEY: &str = "context";

/// One `key` or `key = value` of an attribute.
pub struct Entry {
    pub key: Ident,
    pub value: Option<Expr>,
}

impl Parse for Entry {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        // `parse_any` so that a keyword used as a key gets the "unknown key" message.
        let key = Ident::parse_any(input)?;
        let value = if input.peek(Token![=]) {
            input.parse::<Token![=]>()?;
            if key == TYPE_KEY {
                // A type such as `Arc<Store>` is no expression: kept as its tokens.
                let ty: syn::Type = input.parse().map_err(|error| {
                    syn::Error::new(
                        error.span(),
                        "expected `context = Type`, a type such as `context = crate::Store` (not a string)",
                    )
                })?;
                Some(Expr::Verbatim(ty.into_token_stream()))
            } else {
                Some(input.parse()?)
            }
        } else {
            None
        };
        Ok(Entry { key, value })
    }
}

pub fn entries(input: ParseStream) -> syn::Result<Punctuated<Entry, Token![,]>> {
    Punctuated::parse_terminated(input)
}

impl Entry {
    pub fn name(&self) -> String {
        self.key.unraw().to_string()
    }

    /// The value, or an error showing `syntax` when the key stands alone.
    pub fn value(&self, syntax: &str) -> syn::Result<&Expr> {
        self.value
            .as_ref()
            .ok_or_else(|| syn::Error::new_spanned(&self.key, format!("expected `{syntax}`")))
    }

    /// `key = "text"`.
    pub fn lit_str(&self, syntax: &str) -> syn::Result<LitStr> {
        match self.value(syntax)? {
            Expr::Lit(ExprLit {
                lit: Lit::Str(lit), ..
            }) => Ok(lit.clone()),
            other => Err(syn::Error::new_spanned(
                other,
                format!("expected `{syntax}`"),
            )),
        }
    }

    /// `key = field_name`.
    pub fn ident(&self, syntax: &str) -> syn::Result<Ident> {
        match self.value(syntax)? {
            Expr::Path(path) if path.qself.is_none() && path.path.get_ident().is_some() => {
                Ok(path.path.segments[0].ident.clone())
            }
            other => Err(syn::Error::new_spanned(
                other,
                format!("expected `{syntax}`"),
            )),
        }
    }

    /// A key that takes no value, e.g. `allow_empty`.
    pub fn flag(&self) -> syn::Result<()> {
        match &self.value {
            None => Ok(()),
            Some(value) => Err(syn::Error::new_spanned(
                value,
                format!("`{}` takes no value; write `{}` alone", self.key, self.key),
            )),
        }
    }
}

/// A numeric literal, possibly negative, as written in an attribute.
#[derive(Clone, Copy)]
pub enum Number {
    Integer(i64),
    Float(f64),
}

impl Number {
    pub fn as_f64(self) -> f64 {
        match self {
            #[allow(
                clippy::cast_precision_loss,
                reason = "bounds beyond 2^53 are not exact in JSON either"
            )]
            Number::Integer(n) => n as f64,
            Number::Float(n) => n,
        }
    }
}

/// Reads `3`, `-3`, `2.5` or `-2.5`.
pub fn number(expr: &Expr) -> Option<syn::Result<Number>> {
    let (negative, lit) = match expr {
        Expr::Lit(ExprLit { lit, .. }) => (false, lit),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr,
            ..
        }) => match &**expr {
            Expr::Lit(ExprLit { lit, .. }) => (true, lit),
            _ => return None,
        },
        _ => return None,
    };
    let sign = if negative { "-" } else { "" };
    let parsed = match lit {
        Lit::Int(int) => format!("{sign}{}", int.base10_digits())
            .parse::<i64>()
            .map(Number::Integer)
            .map_err(|_| syn::Error::new_spanned(expr, "this integer does not fit `i64`")),
        Lit::Float(float) => match format!("{sign}{}", float.base10_digits()).parse::<f64>() {
            Ok(n) if n.is_finite() => Ok(Number::Float(n)),
            _ => Err(syn::Error::new_spanned(
                expr,
                "this number does not fit `f64`",
            )),
        },
        _ => return None,
    };
    Some(parsed)
}

/// An unsigned integer literal that fits `T`, e.g. `truncate = 100`.
pub fn unsigned<T: std::str::FromStr>(entry: &Entry, syntax: &str) -> syn::Result<T> {
    let expr = entry.value(syntax)?;
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(int), ..
        }) => int.base10_digits().parse::<T>().map_err(|_| {
            syn::Error::new_spanned(
                expr,
                format!("this number is out of range; expected `{syntax}`"),
            )
        }),
        _ => Err(syn::Error::new_spanned(
            expr,
            format!("expected `{syntax}`"),
        )),
    }
}

/// A literal token for a value read at expansion time; written unsuffixed so that
/// it takes the type of the field it fills.
pub fn f64_literal(n: f64, span: Span) -> Literal {
    let mut lit = Literal::f64_unsuffixed(n);
    lit.set_span(span);
    lit
}

pub fn i64_literal(n: i64, span: Span) -> Literal {
    let mut lit = Literal::i64_unsuffixed(n);
    lit.set_span(span);
    lit
}

/// `` `a`, `b`, `c` ``: a list of keys for messages.
pub fn list_keys(keys: &[&str]) -> String {
    keys.iter()
        .map(|key| format!("`{key}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
