//! What a prompt's builder answers: its messages, or why there are none.

use rmcp::ErrorData as McpError;
use rmcp::model::{ContentBlock, PromptMessage, Role};

use crate::call::ReadError;

/// Why a prompt could not be built.
#[derive(Debug)]
pub enum Failure {
    /// An argument names nothing GitLab knows, or the operator's settings refuse it.
    Argument(String),
    /// GitLab failed.
    GitLab(String),
}

impl Failure {
    /// `what` (such as "merge request !7 of `demo/sandbox`"), named by the prompt's
    /// `arguments`, was read and `error` came back: a 404 blames those arguments, by name.
    pub fn read(what: &str, arguments: &[&str], error: ReadError) -> Failure {
        match error {
            ReadError::NotFound(why) => {
                let unknown =
                    format!("GitLab does not know {what}, or the token cannot see it ({why})");
                Failure::Argument(match arguments {
                    [] => unknown,
                    _ => format!("{}: {unknown}", named(arguments)),
                })
            }
            ReadError::Refused(why) | ReadError::Invalid(why) => Failure::Argument(why),
            ReadError::Failed(why) => Failure::GitLab(format!("reading {what} failed: {why}")),
        }
    }

    pub(super) fn into_error(self, prompt: &str) -> McpError {
        match self {
            Failure::Argument(why) => {
                McpError::invalid_params(format!("prompt `{prompt}`: {why}"), None)
            }
            Failure::GitLab(why) => {
                McpError::internal_error(format!("prompt `{prompt}`: {why}"), None)
            }
        }
    }
}

/// `` `project`, `iid` ``: the arguments an error is about.
fn named(arguments: &[&str]) -> String {
    let names: Vec<String> = arguments.iter().map(|name| format!("`{name}`")).collect();
    names.join(", ")
}

/// A message from the user.
pub fn user(text: impl Into<String>) -> PromptMessage {
    PromptMessage::new_text(Role::User, text)
}

/// A message from the user embedding a resource.
pub fn embedded(contents: rmcp::model::ResourceContents) -> PromptMessage {
    PromptMessage::new(Role::User, ContentBlock::resource(contents))
}
