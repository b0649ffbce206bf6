//! The catalog's reads for resources, prompts and completions, on the path a tool call
//! takes ([`super::admit`], then the checked request sent and its answer shaped,
//! [`super::send::fetch`]): the structured result a tool would return, or why there is
//! none. The actions read are named by [`ActionId`]s, which the registry is checked to
//! hold.

use std::fmt;

use serde_json::{Map, Value};
use wizard::state::Caller;

use super::admit::{Admitted, Ready, admit};
use super::refusal::Refusal;
use super::resolve::Nobody;
use super::send::fetch;
use crate::access::Access;
use crate::catalog::output::{Objects, Output};
use crate::gitlab::GitLab;
use crate::registry::{ActionId, catalog};

/// Why a read has no result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// The operator's settings do not offer the action or allow the project; nothing was
    /// sent to GitLab.
    Refused(String),
    /// The parameters do not validate; nothing was sent.
    Invalid(String),
    /// GitLab answered 404: the object does not exist, or the token cannot see it.
    NotFound(String),
    /// Anything else GitLab or the connection to it answered.
    Failed(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Refused(why)
            | ReadError::Invalid(why)
            | ReadError::NotFound(why)
            | ReadError::Failed(why) => f.write_str(why),
        }
    }
}

/// A structured result together with the body GitLab sent, for the one reader that needs
/// more than the shaped result (a binary file's bytes).
pub struct WithBody {
    pub result: Value,
    pub body: Value,
}

/// The catalog's reads, as the operator's settings allow them, through one GitLab client.
#[derive(Clone, Copy)]
pub struct Reads<'a> {
    gitlab: &'a GitLab,
    access: &'a Access,
}

impl<'a> Reads<'a> {
    pub fn new(gitlab: &'a GitLab, access: &'a Access) -> Self {
        Reads { gitlab, access }
    }

    pub fn access(&self) -> &'a Access {
        self.access
    }

    /// Who the reads are made for: what they see depends on it.
    pub fn caller(&self) -> Caller {
        self.gitlab.caller()
    }

    /// Why one of `ids` may not run here ([`refusal`]).
    pub fn refusal(&self, ids: &[ActionId]) -> Option<String> {
        refusal(self.access, ids)
    }

    /// Runs the read action `id` with `params` (a JSON object) and returns its structured
    /// result.
    pub async fn read(&self, id: ActionId, params: Value) -> Result<Value, ReadError> {
        self.run(id, params, false).await.map(|read| read.result)
    }

    /// [`Reads::read`], also keeping the body GitLab sent.
    pub async fn read_with_body(&self, id: ActionId, params: Value) -> Result<WithBody, ReadError> {
        self.run(id, params, true).await
    }

    async fn run(
        &self,
        id: ActionId,
        params: Value,
        keep_body: bool,
    ) -> Result<WithBody, ReadError> {
        let action = catalog().action(id);
        let Value::Object(params) = params else {
            panic!("the parameters of `{id}` are built as a JSON object")
        };
        // Nobody is asked here: a loose name matching several objects is refused.
        let (params, checked) =
            match admit(self.access, self.gitlab, action, &params, &mut Nobody).await {
                Ok(Admitted {
                    params,
                    ready: Ready::Request(checked),
                    ..
                }) => (params, checked),
                Ok(_) => {
                    unreachable!("`{id}` is a read: the ids of reads are checked to name reads")
                }
                Err(Refusal::Invalid(why) | Refusal::Unresolved(why)) => {
                    return Err(ReadError::Invalid(why));
                }
                Err(Refusal::Settings(why) | Refusal::Limits(why)) => {
                    return Err(ReadError::Refused(why));
                }
            };
        let what = checked.request.line();
        // A file's body tells a window of lines refused from a file that is not one.
        let is_file = action.output == Output::File;
        let objects = Objects::Whole;
        let answer = fetch(
            self.gitlab,
            checked.request,
            action.output,
            objects,
            &params,
            keep_body || is_file,
        )
        .await
        .map_err(|error| {
            if error.status() == Some(404) {
                ReadError::NotFound(error.to_string())
            } else {
                ReadError::Failed(error.to_string())
            }
        })?;
        let body = answer.body.unwrap_or_default();
        // A file GitLab sent fails to shape only for the window of lines asked for.
        let window_refused = is_file && body.is_object();
        let shaped = answer.result;
        let body = if keep_body { body } else { Value::Null };
        let text: String = shaped
            .content
            .iter()
            .filter_map(|block| block.as_text().map(|t| t.text.as_str()))
            .collect::<Vec<_>>()
            .join("\n");
        match (shaped.is_error, shaped.structured_content) {
            (Some(true), _) if window_refused => Err(ReadError::Invalid(text)),
            (Some(true), _) => Err(ReadError::Failed(text)),
            (_, Some(result)) => Ok(WithBody { result, body }),
            (_, None) => Err(ReadError::Failed(format!(
                "{what}: the answer has no structured result: {text}"
            ))),
        }
    }
}

/// Why one of the actions `ids` may not run under `access`, in the words a tool call would
/// get; `None` when every one may. Readers check it before they send anything.
pub fn refusal(access: &Access, ids: &[ActionId]) -> Option<String> {
    ids.iter()
        .find_map(|id| access.refusal(catalog().action(*id)))
}

/// The items of a list action's result (`{items, next_page, total}`).
pub fn items(page: &Value) -> &[Value] {
    page.get("items")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// Whether a list action's result has a next page.
pub fn has_next_page(page: &Value) -> bool {
    page.get("next_page").is_some_and(|next| !next.is_null())
}

/// `{"key": value, …}` as the parameters of a read.
pub fn params<const N: usize>(pairs: [(&str, Value); N]) -> Value {
    let map: Map<String, Value> = pairs
        .into_iter()
        .filter(|(_, value)| !value.is_null())
        .map(|(key, value)| (key.to_owned(), value))
        .collect();
    Value::Object(map)
}
