//! A CI/CD variable GitLab marks masked or hidden keeps its value out of every answer,
//! whatever action read it (the guarded door included) and whether or not the call asked
//! for GitLab's whole object: a masked value is kept out of job logs for a reason, and a
//! model's context is a log of its own.

use serde_json::Value;

/// What a masked value reads as.
pub const MASKED: &str = "[masked: GitLab hides this variable's value]";

/// Replaces the `value` of every object marked `masked`, `hidden` or `masked_and_hidden`,
/// at any depth.
pub fn hide(value: &mut Value) {
    match value {
        Value::Object(object) => {
            let marked = ["masked", "hidden", "masked_and_hidden"]
                .iter()
                .any(|flag| object.get(*flag) == Some(&Value::Bool(true)));
            if marked && let Some(secret) = object.get_mut("value") {
                *secret = Value::String(MASKED.to_owned());
            }
            object.values_mut().for_each(hide);
        }
        Value::Array(items) => items.iter_mut().for_each(hide),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn masked_and_hidden_values_never_leave() {
        let mut page = json!([
            {"key": "TOKEN", "value": "s3cret", "masked": true},
            {"key": "HIDDEN", "value": "h1dden", "masked": false, "hidden": true},
            {"key": "PLAIN", "value": "visible", "masked": false},
            {"nested": {"variables": [{"key": "K", "value": "v", "masked_and_hidden": true}]}}
        ]);
        hide(&mut page);
        assert_eq!(page[0]["value"], MASKED);
        assert_eq!(page[1]["value"], MASKED);
        assert_eq!(page[2]["value"], "visible");
        assert_eq!(page[3]["nested"]["variables"][0]["value"], MASKED);
        assert!(!page.to_string().contains("s3cret"));
    }
}
