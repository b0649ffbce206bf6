//! The user's answer to one question, as it arrives on either path.

use rmcp::model::{ElicitResult, ElicitationAction};
use serde::Deserialize as _;
use serde_json::{Map, Value};

use crate::flat::kind_of;

/// accept (with the form's content), decline or cancel.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    Accept(Option<Map<String, Value>>),
    Decline,
    Cancel,
}

impl Reply {
    /// Reads an `elicitation/create` result; accepted content must be an object.
    pub fn from_result(result: ElicitResult) -> Result<Self, String> {
        match result.action {
            ElicitationAction::Accept => match result.content {
                None | Some(Value::Null) => Ok(Reply::Accept(None)),
                Some(Value::Object(content)) => Ok(Reply::Accept(Some(content))),
                Some(other) => Err(format!(
                    "the accepted answer's content must be an object, got {}",
                    kind_of(&other)
                )),
            },
            ElicitationAction::Decline => Ok(Reply::Decline),
            ElicitationAction::Cancel => Ok(Reply::Cancel),
            other => Err(format!(
                "the answer's action {other:?} is not accept, decline or cancel"
            )),
        }
    }

    /// Reads one entry of `inputResponses`; anything but an elicitation result (a
    /// sampling result, a roots list, an unknown action) is an error, never re-asked.
    pub fn from_input_response(raw: &Value) -> Result<Self, String> {
        let result = ElicitResult::deserialize(raw).map_err(|error| {
            format!(
                "the input response is not an elicitation result ({error}); expected \
                 {{\"action\": \"accept\" | \"decline\" | \"cancel\", \"content\": {{…}}}}"
            )
        })?;
        Self::from_result(result)
    }

    /// The result this reply would arrive as, for storing answered exchanges.
    pub fn to_result(&self) -> ElicitResult {
        match self {
            Reply::Accept(content) => {
                let result = ElicitResult::new(ElicitationAction::Accept);
                match content {
                    Some(content) => result.with_content(Value::Object(content.clone())),
                    None => result,
                }
            }
            Reply::Decline => ElicitResult::new(ElicitationAction::Decline),
            Reply::Cancel => ElicitResult::new(ElicitationAction::Cancel),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn reads_the_three_actions() {
        let accept = Reply::from_input_response(&json!({"action": "accept", "content": {"a": 1}}));
        assert_eq!(
            accept,
            Ok(Reply::Accept(Some(
                json!({"a": 1}).as_object().cloned().unwrap()
            )))
        );
        assert_eq!(
            Reply::from_input_response(&json!({"action": "decline"})),
            Ok(Reply::Decline)
        );
        assert_eq!(
            Reply::from_input_response(&json!({"action": "cancel"})),
            Ok(Reply::Cancel)
        );
    }

    #[test]
    fn refuses_what_is_not_an_elicitation_result() {
        for raw in [
            json!({"role": "assistant", "content": {"type": "text", "text": "hi"}, "model": "m"}),
            json!({"roots": []}),
            json!({"action": "maybe"}),
            json!("accept"),
            json!({"action": "accept", "content": "yes"}),
        ] {
            assert!(Reply::from_input_response(&raw).is_err(), "{raw}");
        }
    }
}
