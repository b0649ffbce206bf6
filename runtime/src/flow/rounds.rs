//! The one engine of the 2026-07-28 path, for wizards and primitives alike: a call
//! resumes from the body it sealed last round (a wizard's draft, a prompter's answers)
//! and the key it asked, reads the client's answer to that key, and seals the next
//! round's body beside the one question it asks.
//!
//! A state this server did not sign is refused the same way everywhere: one error text,
//! which ends the call as an error result; the state is never used. A state that is
//! authentic but expired, issued for another call, or written by another version
//! starts the questions again.

use rmcp::model::{
    CallToolRequestParams, ElicitRequestParams, InputRequiredResult, InputResponses,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::flow::config::Flow;
use crate::flow::reply::Reply;
use crate::flow::wire;
use crate::state::{CallDigest, Opened, StateKind};

/// One call's view of its rounds.
pub(crate) struct Rounds {
    flow: Flow,
    kind: StateKind,
    digest: CallDigest,
    state: Option<String>,
    responses: Option<InputResponses>,
}

/// What rides in requestState: the key asked last round, and the caller's body.
#[derive(Serialize, Deserialize)]
struct Sealed<B> {
    #[serde(rename = "k")]
    asked: String,
    #[serde(rename = "b")]
    body: B,
}

/// Where a call resumes: the key asked last round and the body sealed with it.
pub(crate) struct Resumed<B> {
    pub(crate) asked: String,
    pub(crate) body: B,
}

impl Rounds {
    /// The rounds of `request`, sealed under `kind` so that a wizard's state and a
    /// prompter's never read each other.
    pub(crate) fn new(flow: &Flow, kind: StateKind, request: &CallToolRequestParams) -> Self {
        Rounds {
            flow: flow.clone(),
            kind,
            digest: flow.call_digest(request),
            state: request.request_state.clone(),
            responses: request.input_responses.clone(),
        }
    }

    /// The round this call resumes, `None` to start again; `Err` with the one refusal
    /// text when the echoed state was not signed by this server.
    pub(crate) fn resume<B: DeserializeOwned>(&self) -> Result<Option<Resumed<B>>, String> {
        let Some(sealed) = self.state.as_deref() else {
            return Ok(None);
        };
        let sealer = &self.flow.config.sealer;
        match sealer.open(self.kind, &self.digest, sealed) {
            Err(refused) => Err(refused.to_string()),
            Ok(Opened::Stale) => Ok(None),
            // A body this build cannot read was still signed by a server holding our
            // key (an older version): start again rather than refuse.
            Ok(Opened::Valid { body, .. }) => Ok(serde_json::from_slice::<Sealed<B>>(&body)
                .ok()
                .map(|sealed| Resumed {
                    asked: sealed.asked,
                    body: sealed.body,
                })),
        }
    }

    /// The client's answer to `key` in this request, if it sent one; `Err` when it is
    /// not an elicitation result (never re-asked).
    pub(crate) fn answer(&self, key: &str) -> Option<Result<Reply, String>> {
        let raw = self.responses.as_ref()?.get(key)?;
        Some(Reply::from_input_response(raw))
    }

    /// The round asking `key` with `params`, `body` sealed beside it for the next call.
    pub(crate) fn ask<B: Serialize>(
        &self,
        key: &str,
        params: ElicitRequestParams,
        body: B,
    ) -> Result<InputRequiredResult, String> {
        let sealed = Sealed {
            asked: key.to_owned(),
            body,
        };
        let bytes = serde_json::to_vec(&sealed)
            .map_err(|error| format!("the answers so far could not be stored: {error}"))?;
        let state = self
            .flow
            .config
            .sealer
            .seal(self.kind, &self.digest, &bytes);
        Ok(wire::input_required(key, params, state))
    }
}
