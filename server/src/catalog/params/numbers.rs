//! Numbers a JSON client cannot send exactly are refused before any parameter is read.
//!
//! A JSON number beyond 2^53 − 1 loses digits in every JavaScript client and in any
//! parser that reads numbers as doubles: `18446744073709551616` arrives as a float and a
//! cast would saturate it to `18446744073709551615`, a different id. No GitLab id is that
//! large, so such a number is a mistake to report, naming the field, never a value to
//! round.

use serde_json::{Map, Number, Value};

use crate::gitlab::MAX_EXACT_INTEGER;

/// Refuses any number, at any depth of `args`, whose magnitude is beyond
/// [`MAX_EXACT_INTEGER`]; the error names the field (`labels[2]`, `position.new_line`).
pub fn check_numbers(args: &Map<String, Value>) -> Result<(), String> {
    let mut path = Vec::new();
    for (key, value) in args {
        path.push(Segment::Key(key));
        check(value, &mut path)?;
        path.pop();
    }
    Ok(())
}

enum Segment<'a> {
    Key(&'a str),
    Index(usize),
}

fn check<'a>(value: &'a Value, path: &mut Vec<Segment<'a>>) -> Result<(), String> {
    match value {
        Value::Number(number) if !exact(number) => Err(format!(
            "`{}`: {number} is beyond {MAX_EXACT_INTEGER} (2^53 − 1), the largest integer JSON \
             carries exactly, so it cannot be an id or a count; check the value",
            shown(path)
        )),
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                path.push(Segment::Index(index));
                check(item, path)?;
                path.pop();
            }
            Ok(())
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                path.push(Segment::Key(key));
                check(item, path)?;
                path.pop();
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn exact(number: &Number) -> bool {
    if let Some(n) = number.as_u64() {
        return n <= MAX_EXACT_INTEGER;
    }
    if let Some(n) = number.as_i64() {
        return n.unsigned_abs() <= MAX_EXACT_INTEGER;
    }
    #[allow(clippy::cast_precision_loss, reason = "2^53 − 1 is exact as a double")]
    let limit = MAX_EXACT_INTEGER as f64;
    number.as_f64().is_some_and(|n| n.abs() <= limit)
}

fn shown(path: &[Segment<'_>]) -> String {
    let mut text = String::new();
    for segment in path {
        match segment {
            Segment::Key(key) => {
                if !text.is_empty() {
                    text.push('.');
                }
                text.push_str(key);
            }
            Segment::Index(index) => text.push_str(&format!("[{index}]")),
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn checked(args: Value) -> Result<(), String> {
        check_numbers(args.as_object().expect("an object"))
    }

    #[test]
    fn numbers_up_to_two_to_the_53_minus_one_pass() {
        for ok in [
            json!({"project_id": 9_007_199_254_740_991_u64}),
            json!({"project_id": -9_007_199_254_740_991_i64}),
            json!({"project_id": 42.0, "weight": 1.5, "labels": ["a", 3]}),
            json!({"position": {"new_line": 12}}),
        ] {
            assert_eq!(checked(ok.clone()), Ok(()), "{ok}");
        }
    }

    #[test]
    fn larger_numbers_are_refused_naming_the_field() {
        let error = checked(json!({"project_id": 9_007_199_254_740_992_u64})).unwrap_err();
        assert!(
            error.starts_with("`project_id`: 9007199254740992 is beyond 9007199254740991"),
            "{error}"
        );
        // What `18446744073709551616` becomes once read: a float, refused, not saturated.
        let saturating: Value = serde_json::from_str(r#"{"project_id":18446744073709551616}"#)
            .expect("JSON reads it as a float");
        let error = checked(saturating).unwrap_err();
        assert!(
            error.starts_with("`project_id`: 1.8446744073709552e+19 is beyond"),
            "{error}"
        );
        let error = checked(json!({"iids": [1, 2, u64::MAX]})).unwrap_err();
        assert!(error.starts_with("`iids[2]`: "), "{error}");
        let error = checked(json!({"position": {"old_line": -1e300}})).unwrap_err();
        assert!(error.starts_with("`position.old_line`: "), "{error}");
    }
}
