//! What a field's type says about its question, read from the syntax: optional or
//! not, yes/no or not, and whether it can be a flat form value at all.
//!
//! The syntax is all a derive sees; a type alias of `bool` is not recognised as a
//! yes/no. Everything beyond the shape below is checked by the `Answer` trait.

use syn::{GenericArgument, PathArguments, Type, TypePath};

pub struct FieldType<'a> {
    /// The field is `Option<T>`: the question may be skipped.
    pub optional: bool,
    /// `T` without the `Option`.
    pub inner: &'a Type,
    /// `T` is `bool`.
    pub yes_no: bool,
    /// `T` is `String`.
    pub string: bool,
}

pub fn classify(ty: &Type) -> FieldType<'_> {
    let (optional, inner) = match generic_arg(ty, "Option") {
        Some(inner) => (true, inner),
        None => (false, ungroup(ty)),
    };
    FieldType {
        optional,
        inner,
        yes_no: is_plain(inner, "bool"),
        string: is_plain(inner, "String"),
    }
}

/// Refuses the shapes a flat MCP form cannot carry.
pub fn check_flat(ty: &Type) -> syn::Result<()> {
    match generic_arg(ty, "Option") {
        Some(inner) if generic_arg(inner, "Option").is_some() => Err(syn::Error::new_spanned(
            ty,
            "a nested `Option` cannot be asked: a question is answered or skipped; use one `Option<T>`",
        )),
        Some(inner) => check_value(inner),
        None => check_value(ty),
    }
}

const MAPS: [&str; 6] = [
    "HashMap", "BTreeMap", "IndexMap", "HashSet", "BTreeSet", "IndexSet",
];

/// Types a list of which is not a multi-select: no `#[derive(Choice)]` enum among them.
const PLAIN: [&str; 16] = [
    "String", "str", "bool", "char", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16",
    "i32", "i64", "f32", "f64",
];

fn check_value(ty: &Type) -> syn::Result<()> {
    let ty = ungroup(ty);
    let message = match ty {
        Type::Path(path) => {
            let last = last_segment(path);
            if MAPS.contains(&last.as_str()) {
                "a map or set cannot be asked in a flat MCP form (one value per question); ask each entry as its own question, or ask for text and convert it with `parse = path::to::fn`"
            } else if last == "Option" {
                "`Option` is allowed only around the whole field type: `Option<T>`"
            } else if let Some(item) = generic_arg(ty, "Vec") {
                let item_last = match ungroup(item) {
                    Type::Path(path) => last_segment(path),
                    _ => String::new(),
                };
                if item_last == "Vec" || item_last == "Option" {
                    "a list of lists or of optional items cannot be asked; a multi-select is `Vec<E>` of a `#[derive(Choice)]` enum"
                } else if PLAIN.contains(&item_last.as_str()) {
                    "a list of text or numbers cannot be one form question: a multi-select is `Vec<E>` of a `#[derive(Choice)]` enum; for a free list, ask for text and split it with `parse = wizard::parse::comma_list` (or your own `parse` function)"
                } else {
                    return check_value(item);
                }
            } else {
                return Ok(());
            }
        }
        Type::Reference(_) => {
            "a reference cannot be asked in an MCP form; use an owned type such as `String`"
        }
        Type::Tuple(_) => {
            "a tuple cannot be asked in a flat MCP form; ask each part as its own question"
        }
        Type::Array(_) | Type::Slice(_) => {
            "an array cannot be asked in a flat MCP form; a multi-select is `Vec<E>` of a `#[derive(Choice)]` enum"
        }
        _ => {
            "this type cannot be asked in an MCP form; expected `String`, `bool`, a number, a `#[derive(Choice)]` enum or a `Vec` of one"
        }
    };
    Err(syn::Error::new_spanned(ty, message))
}

/// `T` of `Name<T>` when `ty` is that path (any prefix, e.g. `std::option::Option`).
pub fn generic_arg<'a>(ty: &'a Type, name: &str) -> Option<&'a Type> {
    let Type::Path(TypePath { qself: None, path }) = ungroup(ty) else {
        return None;
    };
    let last = path.segments.last()?;
    if last.ident != name {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.iter().collect::<Vec<_>>().as_slice() {
        [GenericArgument::Type(inner)] => Some(ungroup(inner)),
        _ => None,
    }
}

fn is_plain(ty: &Type, name: &str) -> bool {
    matches!(ungroup(ty), Type::Path(TypePath { qself: None, path })
        if path.segments.last().is_some_and(|last| last.ident == name && last.arguments.is_none()))
}

fn last_segment(path: &TypePath) -> String {
    path.path
        .segments
        .last()
        .map(|segment| segment.ident.to_string())
        .unwrap_or_default()
}

/// Sees through the invisible groups `macro_rules!` leaves and through parentheses.
fn ungroup(ty: &Type) -> &Type {
    match ty {
        Type::Group(group) => ungroup(&group.elem),
        Type::Paren(paren) => ungroup(&paren.elem),
        _ => ty,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(text: &str) -> Type {
        syn::parse_str(text).unwrap()
    }

    #[test]
    fn classifies_the_question_shapes() {
        let t = ty("Option<bool>");
        let c = classify(&t);
        assert!(c.optional && c.yes_no && !c.string);
        let t = ty("std::string::String");
        let c = classify(&t);
        assert!(!c.optional && c.string);
        let t = ty("Option<Vec<Label>>");
        let c = classify(&t);
        assert!(c.optional && !c.yes_no && !c.string);
    }

    #[test]
    fn refuses_what_a_flat_form_cannot_carry() {
        for bad in [
            "HashMap<String, String>",
            "Option<BTreeMap<String, u8>>",
            "(String, u8)",
            "[u8; 4]",
            "&'static str",
            "Option<Option<String>>",
            "Vec<Vec<Color>>",
            "Vec<Option<Color>>",
            "Vec<HashSet<Color>>",
            "Vec<String>",
            "Option<Vec<u32>>",
            "fn()",
        ] {
            assert!(check_flat(&ty(bad)).is_err(), "{bad} should be refused");
        }
        for good in [
            "String",
            "Option<u32>",
            "Vec<Color>",
            "Option<Vec<Color>>",
            "Nested",
        ] {
            assert!(check_flat(&ty(good)).is_ok(), "{good} should pass");
        }
    }
}
