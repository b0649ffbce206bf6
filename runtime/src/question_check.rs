//! The checks `#[derive(Wizard)]` evaluates at compile time for every question, in
//! the author's crate and at the attribute at fault: bounds the field's type cannot
//! take, a number its type cannot hold, titles on a question with none to show, a
//! default the question does not offer. Each returns what is wrong, in words an author
//! can act on.
//!
//! They run here rather than in the derive because only the compiler knows what a
//! field's type is (an alias of `u8` is a `u8`); the derive evaluates them in `const`
//! items spanned at the attribute.

use crate::answer::{Bounds, Shape};
use crate::question::{ChoiceOption, DefaultValue, Kind, Titles};

/// What is wrong with the bounds written on a field of this shape.
pub const fn bounds_problem(shape: Shape, bounds: Bounds) -> Option<&'static str> {
    let numeric = bounds.min.is_some() || bounds.max.is_some();
    let items = bounds.min_items.is_some() || bounds.max_items.is_some();
    match shape {
        Shape::Text | Shape::YesNo | Shape::Choice(_) if numeric || items => Some(
            "`min`, `max`, `min_items` and `max_items` apply only to numbers and multi-selects",
        ),
        Shape::Integer(_) | Shape::Float(_) if items => Some(
            "`min_items` and `max_items` apply only to a multi-select (`Vec` of a choice enum)",
        ),
        Shape::MultiSelect(_) if numeric => Some(
            "`min` and `max` apply only to numbers; a multi-select takes `min_items` and `max_items`",
        ),
        Shape::Integer(_) if bounds.choices.is_some() && numeric => {
            Some("`choices = [..]` offers its integers: leave out `min` and `max`")
        }
        Shape::Integer(_) if matches!(bounds.choices, Some(&[])) => {
            Some("`choices = [..]` needs at least one integer")
        }
        Shape::Integer(_) if bounds.choices.is_some() => None,
        _ if bounds.choices.is_some() => Some("`choices = [..]` applies only to an integer field"),
        Shape::Choice(options) | Shape::MultiSelect(options) if options.is_empty() => {
            Some("a choice enum needs at least one variant")
        }
        Shape::MultiSelect(options) => match bounds.min_items {
            Some(min) if min as usize > options.len() => {
                Some("`min_items` is more than the options the enum offers")
            }
            _ => match (bounds.min_items, bounds.max_items) {
                (Some(min), Some(max)) if min > max => Some("`min_items` is above `max_items`"),
                _ => None,
            },
        },
        _ => match (bounds.min, bounds.max) {
            (Some(min), Some(max)) if min > max => Some("`min` is above `max`"),
            _ => None,
        },
    }
}

/// What is wrong with a number written on a field of this shape (a bound, an offered
/// integer or a default): one its type cannot hold, or a fraction for an integer. Any
/// other shape has its numbers refused by [`bounds_problem`] or [`default_problem`].
pub const fn number_problem(shape: Shape, n: f64) -> Option<&'static str> {
    let (range, integer) = match shape {
        Shape::Integer(range) => (range, true),
        Shape::Float(range) => (range, false),
        _ => return None,
    };
    if n < range.min || n > range.max {
        Some(range.outside)
    } else if integer && n % 1.0 != 0.0 {
        Some("an integer question takes whole numbers: write this one without a fraction")
    } else if integer && (n > EXACT || n < -EXACT) {
        // The form writes an integer question's numbers as JSON integers, which clients
        // read as exact only this far; the runtime refuses such a question when asked.
        Some(
            "this number is beyond ±2^53 (9007199254740992), where JSON integers stop being exact: an integer question's numbers must lie within it",
        )
    } else {
        None
    }
}

/// 2^53: every integer up to it is exact as an `f64`.
const EXACT: f64 = 9_007_199_254_740_992.0;

/// What is wrong with `titled` or `enum_names` on a question of this shape.
pub const fn titles_problem(titles: Titles, shape: Shape) -> Option<&'static str> {
    match (titles, shape) {
        (Titles::Titled, Shape::Choice(_) | Shape::MultiSelect(_))
        | (Titles::EnumNames, Shape::Choice(_)) => None,
        (Titles::Titled, _) => {
            Some("`titled` applies only to a `#[derive(Choice)]` enum or a `Vec` of one")
        }
        (Titles::EnumNames, _) => Some(
            "`enum_names` applies only to one `#[derive(Choice)]` enum; a multi-select shows titles with `titled`",
        ),
    }
}

/// What is wrong with a question's default: one the question does not offer, out of
/// its bounds, or of another kind.
pub const fn default_problem(
    kind: Kind,
    default: Option<DefaultValue<'_>>,
) -> Option<&'static str> {
    let Some(default) = default else {
        return None;
    };
    match (kind, default) {
        (Kind::Text, DefaultValue::Text(_)) | (Kind::YesNo, DefaultValue::Bool(_)) => None,
        (Kind::Text, _) => Some("a text question takes a text default: `default = \"..\"`"),
        (Kind::YesNo, _) => Some("a yes/no question takes only `default = false`"),
        (Kind::Choice(options), DefaultValue::Text(text)) => {
            if offers(options, text) {
                None
            } else {
                Some(
                    "the default is not one of the options: give the wire value of a variant (by default its name in snake_case)",
                )
            }
        }
        (Kind::Choice(_), _) => {
            Some("a choice takes the wire value of one of its options: `default = \"..\"`")
        }
        (Kind::IntegerChoice(values), DefaultValue::Integer(n)) => {
            let mut i = 0;
            while i < values.len() {
                if values[i] == n {
                    return None;
                }
                i += 1;
            }
            Some("the default is not one of `choices = [..]`")
        }
        (Kind::IntegerChoice(_), _) => {
            Some("an integer choice takes one of its integers as default")
        }
        (
            Kind::Number { min, max, integer },
            DefaultValue::Integer(_) | DefaultValue::Number(_),
        ) => {
            #[allow(
                clippy::cast_precision_loss,
                reason = "a bound check, exact below 2^53"
            )]
            let n = match default {
                DefaultValue::Integer(n) => n as f64,
                DefaultValue::Number(n) if integer && n % 1.0 != 0.0 => {
                    return Some("an integer question takes a whole number as default");
                }
                DefaultValue::Number(n) => n,
                _ => return None,
            };
            match (min, max) {
                (Some(min), _) if n < min => Some("the default is below `min`"),
                (_, Some(max)) if n > max => Some("the default is above `max`"),
                _ => None,
            }
        }
        (Kind::Number { .. }, _) => Some("a number question takes a number as default"),
        (Kind::MultiSelect { .. }, _) => Some("a multi-select takes no default"),
    }
}

/// Whether `options` offers the wire value `value`.
const fn offers(options: &[ChoiceOption], value: &str) -> bool {
    let mut i = 0;
    while i < options.len() {
        if same(options[i].value, value) {
            return true;
        }
        i += 1;
    }
    false
}

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
