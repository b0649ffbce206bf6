//! Refusing, before anything is sent, a question that cannot be asked.

use super::json::EXACT;
use super::prompt::{Options, Prompt, PromptKind};
use crate::question::{DefaultValue, Question};

/// Refuses a derived question that cannot be asked; see [`check_prompt`].
pub fn check_question(q: &Question) -> Result<(), String> {
    check_prompt(&Prompt::from(q))
}

/// Refuses, before anything is sent, a prompt no answer could satisfy or no client
/// could render: an empty or repeated option list, bounds that are not finite or cross,
/// an item count the options cannot meet, a default that is not on offer.
pub fn check_prompt(p: &Prompt<'_>) -> Result<(), String> {
    let key = p.key;
    if key.is_empty() {
        return Err("a question needs a non-empty key".into());
    }
    match p.kind {
        PromptKind::Text | PromptKind::YesNo => {}
        PromptKind::Choice(options) => check_options(key, options)?,
        PromptKind::IntegerChoice(values) => {
            if values.is_empty() {
                return Err(format!("`{key}` offers no options: give at least one"));
            }
            if let Some(n) = values
                .iter()
                .enumerate()
                .find_map(|(i, n)| values[..i].contains(n).then_some(n))
            {
                return Err(format!(
                    "`{key}` offers `{n}` twice: options must be distinct"
                ));
            }
        }
        PromptKind::Number { min, max, integer } => {
            for bound in [min, max].into_iter().flatten() {
                if !bound.is_finite() {
                    return Err(format!(
                        "`{key}` has a bound of {bound}: bounds must be finite, or `None` for unbounded"
                    ));
                }
                // The schema writes an integer's bounds as JSON integers, which clients
                // (rmcp's typed schema among them) read as 64-bit integers.
                if integer && (bound.fract() != 0.0 || bound.abs() > EXACT) {
                    return Err(format!(
                        "`{key}` asks for an integer but has a bound of {bound}: use a whole number within ±2^53"
                    ));
                }
            }
            if let (Some(min), Some(max)) = (min, max)
                && min > max
            {
                return Err(format!(
                    "`{key}` has a minimum {min} above its maximum {max}"
                ));
            }
        }
        PromptKind::MultiSelect {
            options,
            min_items,
            max_items,
        } => {
            check_options(key, options)?;
            if let (Some(min), Some(max)) = (min_items, max_items)
                && min > max
            {
                return Err(format!(
                    "`{key}` asks for at least {min} items but at most {max}"
                ));
            }
            if let Some(min) = min_items
                && usize::try_from(min).is_ok_and(|min| min > options.len())
            {
                let offered = options.len();
                return Err(format!(
                    "`{key}` asks for at least {min} items but offers only {offered}"
                ));
            }
        }
    }
    check_default(p)
}

fn check_options(key: &str, options: Options<'_>) -> Result<(), String> {
    if options.is_empty() {
        return Err(format!("`{key}` offers no options: give at least one"));
    }
    for (i, value) in options.values().enumerate() {
        if options.values().take(i).any(|earlier| earlier == value) {
            return Err(format!(
                "`{key}` offers `{value}` twice: options must be distinct"
            ));
        }
    }
    Ok(())
}

fn check_default(p: &Prompt<'_>) -> Result<(), String> {
    let Some(default) = p.default else {
        return Ok(());
    };
    let key = p.key;
    let fits = match (p.kind, default) {
        (PromptKind::Text, DefaultValue::Text(_)) | (PromptKind::YesNo, DefaultValue::Bool(_)) => {
            true
        }
        (PromptKind::Choice(options), DefaultValue::Text(text)) => options.contains(text),
        (PromptKind::IntegerChoice(values), DefaultValue::Integer(n)) => values.contains(&n),
        (PromptKind::Number { min, max, integer }, default) => {
            #[allow(
                clippy::cast_precision_loss,
                reason = "a bound check, exact below 2^53"
            )]
            let n = match default {
                DefaultValue::Integer(n) => n as f64,
                DefaultValue::Number(n) if n.is_finite() && (!integer || n.fract() == 0.0) => n,
                _ => {
                    return Err(format!(
                        "`{key}` has a default that is not a valid number for it"
                    ));
                }
            };
            min.is_none_or(|min| n >= min) && max.is_none_or(|max| n <= max)
        }
        _ => false,
    };
    if fits {
        Ok(())
    } else {
        let shown = match default {
            DefaultValue::Text(text) => format!("`{text}`"),
            DefaultValue::Integer(n) => n.to_string(),
            DefaultValue::Number(n) => n.to_string(),
            DefaultValue::Bool(yes) => yes.to_string(),
        };
        Err(format!(
            "`{key}` has a default of {shown} that its question does not offer"
        ))
    }
}
