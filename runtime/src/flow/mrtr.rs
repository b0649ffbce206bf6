//! The 2026-07-28 path: one `input_required` round per question. Each round opens the
//! signed state, applies the one answer it carries, and seals the next question's
//! state; earlier steps are never re-run.

use rmcp::model::CallToolRequestParams;

use crate::flow::Flow;
use crate::flow::machine::{Machine, Next, Progress};
use crate::flow::outcome::{Ended, Stage};
use crate::flow::reply::Reply;
use crate::flow::wire;
use crate::state::{CallDigest, Opened, StateKind};
use crate::wizard::Wizard;

/// One round's outcome, and the question it asks (number, key) when it asks one.
pub(crate) struct Round<W> {
    pub(crate) ended: Ended<W>,
    pub(crate) asked: Option<(usize, &'static str)>,
}

impl<W> From<Ended<W>> for Round<W> {
    fn from(ended: Ended<W>) -> Self {
        Round { ended, asked: None }
    }
}

pub(crate) fn round<W: Wizard>(
    flow: &Flow,
    args: W::Args,
    request: &CallToolRequestParams,
) -> Round<W> {
    let sealer = &flow.config.sealer;
    let digest = CallDigest::of(&request.name, request.arguments.as_ref());
    let machine = Machine::<W> { args: &args };
    let resumed = match request.request_state.as_deref() {
        None => None,
        Some(sealed) => match sealer.open(StateKind::Wizard, &digest, sealed) {
            Err(refused) => {
                return Ended::Failed(Stage::State, refused.to_string()).into();
            }
            Ok(Opened::Stale) => None,
            // A body this build cannot read was still signed by a server holding our
            // key (an older version): start again rather than refuse.
            Ok(Opened::Valid(body)) => decode::<W>(&body),
        },
    };
    // Answers only count against a state that says which question they answer.
    let progress = match resumed {
        Some(mut progress) => {
            let key = Machine::<W>::key(&progress);
            if let Some(raw) = request
                .input_responses
                .as_ref()
                .and_then(|responses| responses.get(key))
            {
                let reply = match Reply::from_input_response(raw) {
                    Ok(reply) => reply,
                    Err(why) => {
                        return Ended::Failed(Machine::<W>::stage(&progress), why).into();
                    }
                };
                match machine.answer(&mut progress, reply) {
                    Next::Ask => {}
                    Next::Finished(wizard) => return Ended::Finished(wizard).into(),
                    Next::Cancelled => return Ended::Cancelled.into(),
                    Next::Failed(stage, why) => return Ended::Failed(stage, why).into(),
                }
            }
            progress
        }
        None => Progress::start(),
    };
    let stage = Machine::<W>::stage(&progress);
    let ask = machine.ask(&progress);
    let params = match wire::form(ask.message.into_owned(), ask.schema.into()) {
        Ok(params) => params,
        Err(why) => return Ended::Failed(stage, why).into(),
    };
    let body = match encode(&progress) {
        Ok(body) => body,
        Err(why) => return Ended::Failed(stage, why).into(),
    };
    let state = sealer.seal(StateKind::Wizard, &digest, &body);
    Round {
        ended: Ended::Pending(wire::input_required(ask.key, params, state)),
        asked: Some((ask.number, ask.key)),
    }
}

/// `at` as two big-endian bytes, then the draft's JSON.
fn encode<W: Wizard>(progress: &Progress<W>) -> Result<Vec<u8>, String> {
    let at = u16::try_from(progress.at)
        .map_err(|_| "the wizard has too many questions to resume".to_owned())?;
    let mut body = at.to_be_bytes().to_vec();
    serde_json::to_writer(&mut body, &progress.draft)
        .map_err(|error| format!("the answers so far could not be stored: {error}"))?;
    Ok(body)
}

fn decode<W: Wizard>(body: &[u8]) -> Option<Progress<W>> {
    let (at, draft) = body.split_first_chunk::<2>()?;
    Some(Progress {
        at: usize::from(u16::from_be_bytes(*at)),
        draft: serde_json::from_slice(draft).ok()?,
    })
}
