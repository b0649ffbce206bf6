//! Grape's checks of a request's parameters, declared once per route as data: which values a
//! parameter takes, which parameters exclude each other, which come only together. Grape
//! runs them all before the endpoint does anything and answers `400 {"error": "…"}` with
//! every failed check, in the order they are declared, joined by `, `.

use serde_json::{Map, Value};

use crate::reply::ApiError;

/// One of Grape's checks.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Rule {
    /// `requires`: `<name> is missing` when not sent.
    Required(&'static str),
    /// `values:`, for a parameter that is sent: `<name> does not have a valid value`.
    Values(&'static str, &'static [&'static str]),
    /// `allow_blank: false`, for a parameter that is sent: `<name> is empty`.
    Filled(&'static str),
    /// `mutually_exclusive`: `a, b are mutually exclusive` when more than one is sent.
    Exclusive(&'static [&'static str]),
    /// `mutually_exclusive … message:`: `a, b <message>` when more than one is sent.
    ExclusiveSaying(&'static [&'static str], &'static str),
    /// `exactly_one_of`: none sent is `a, b are missing, exactly one parameter must be
    /// provided`; more than one is `a, b are mutually exclusive`.
    ExactlyOne(&'static [&'static str]),
    /// `at_least_one_of`: `a, b are missing, at least one parameter must be provided`.
    AtLeastOne(&'static [&'static str]),
    /// `given a do requires b end`: `b is missing` when `a` is sent without `b`.
    Given(&'static str, &'static str),
    /// `absence: { message: }`: `<name> <message>` when the parameter is sent at all.
    Absent(&'static str, &'static str),
    /// `all_or_none_of`: `a, b provide all or none of parameters` when some are sent.
    AllOrNone(&'static [&'static str]),
}

/// Every failed rule, in order, as Grape's one `400 {"error": …}`.
pub(crate) fn check(rules: &[Rule], params: &Map<String, Value>) -> Result<(), ApiError> {
    let problems: Vec<String> = rules
        .iter()
        .filter_map(|rule| problem(*rule, params))
        .collect();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(ApiError::error(problems.join(", ")))
    }
}

/// Sent, as Grape counts it: the key is there, whatever its value.
fn sent(params: &Map<String, Value>, name: &str) -> bool {
    params.contains_key(name)
}

fn problem(rule: Rule, params: &Map<String, Value>) -> Option<String> {
    let count = |names: &[&str]| names.iter().filter(|n| sent(params, n)).count();
    match rule {
        Rule::Required(name) => (!sent(params, name)).then(|| format!("{name} is missing")),
        Rule::Values(name, allowed) => {
            let value = params.get(name)?;
            let text = match value {
                Value::Null => return None,
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            (!allowed.contains(&text.as_str()))
                .then(|| format!("{name} does not have a valid value"))
        }
        Rule::Filled(name) => {
            let blank = match params.get(name)? {
                Value::Null => true,
                Value::String(s) => s.trim().is_empty(),
                _ => false,
            };
            blank.then(|| format!("{name} is empty"))
        }
        Rule::Exclusive(names) => {
            (count(names) > 1).then(|| format!("{} are mutually exclusive", names.join(", ")))
        }
        Rule::ExclusiveSaying(names, message) => {
            (count(names) > 1).then(|| format!("{} {message}", names.join(", ")))
        }
        Rule::ExactlyOne(names) => match count(names) {
            0 => Some(format!(
                "{} are missing, exactly one parameter must be provided",
                names.join(", ")
            )),
            1 => None,
            _ => Some(format!("{} are mutually exclusive", names.join(", "))),
        },
        Rule::AtLeastOne(names) => (count(names) == 0).then(|| {
            format!(
                "{} are missing, at least one parameter must be provided",
                names.join(", ")
            )
        }),
        Rule::Given(given, required) => (sent(params, given) && !sent(params, required))
            .then(|| format!("{required} is missing")),
        Rule::Absent(name, message) => sent(params, name).then(|| format!("{name} {message}")),
        Rule::AllOrNone(names) => (count(names) != 0 && count(names) != names.len())
            .then(|| format!("{} provide all or none of parameters", names.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn answer(rules: &[Rule], params: Value) -> Option<String> {
        let Value::Object(params) = params else {
            unreachable!()
        };
        check(rules, &params).err().map(|e| format!("{e:?}"))
    }

    #[test]
    fn every_failed_rule_is_told_in_order() {
        let rules = [
            Rule::Values("tier", &["production", "staging"]),
            Rule::ExclusiveSaying(&["name", "search"], "cannot be used together"),
            Rule::ExactlyOne(&["files", "content"]),
        ];
        let refusal = answer(
            &rules,
            json!({"tier": "moon", "name": "a", "search": "abc"}),
        );
        let refusal = refusal.expect("refused");
        assert!(
            refusal.contains(
                "tier does not have a valid value, name, search cannot be used together, \
                 files, content are missing, exactly one parameter must be provided"
            ),
            "{refusal}"
        );
        assert_eq!(answer(&rules, json!({"content": "x", "tier": null})), None);
    }
}
