//! The IO-free machine that walks one wizard: which question comes next, and what an
//! answer does. Both wire drivers are thin loops over it, so the same questions come
//! in the same order on both paths.

use std::borrow::Cow;

use rmcp::model::ElicitationSchema;
use serde_json::Value;

use crate::flow::outcome::Stage;
use crate::flow::reply::Reply;
use crate::form::{CONFIRM_KEY, Prompt, is_unset, typed_schema, validate_answer, validate_prompt};
use crate::summary::render_summary;
use crate::wizard::Wizard;

/// How far a wizard got: the answers so far and the position from which the next
/// question is looked for. A declined optional question leaves its field unset, so
/// the draft alone cannot say which questions were asked.
#[derive(Debug, Clone)]
pub(crate) struct Place<W: Wizard> {
    pub(crate) at: usize,
    pub(crate) draft: W::Draft,
}

impl<W: Wizard> Place<W> {
    pub(crate) fn start() -> Self {
        Place {
            at: 0,
            draft: W::Draft::default(),
        }
    }
}

/// The question to send: its exchange key, message and `requestedSchema`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Turn {
    pub key: &'static str,
    pub message: Cow<'static, str>,
    /// The `requestedSchema`, or why it cannot be sent.
    pub schema: Result<ElicitationSchema, String>,
    /// 1-based position among the wizard's questions (the summary comes last).
    pub number: usize,
}

/// What an answer led to.
#[derive(Debug)]
pub(crate) enum Next<W> {
    /// Ask the question now current.
    Ask,
    Finished(W),
    Cancelled,
    Failed(Stage, String),
}

/// A wizard plus its tool arguments (needed by the summary and by `finish`).
pub(crate) struct Machine<'a, W: Wizard> {
    pub(crate) args: &'a W::Args,
}

impl<W: Wizard> Machine<'_, W> {
    fn current(place: &Place<W>) -> Option<W::Step> {
        W::next_step(&place.draft, place.at)
    }

    /// The stage a failure at the current question is reported under.
    pub(crate) fn stage(place: &Place<W>) -> Stage {
        match Self::current(place) {
            Some(step) => Stage::Question(W::question(step).key),
            None => Stage::Summary,
        }
    }

    pub(crate) fn ask(&self, place: &Place<W>) -> Turn {
        match Self::current(place) {
            Some(step) => {
                let question = W::question(step);
                Turn {
                    key: question.key,
                    message: Cow::Borrowed(question.message),
                    schema: typed_schema(&Prompt::from(question)),
                    number: W::index(step) + 1,
                }
            }
            None => {
                let message = render_summary(&W::summary(&place.draft, self.args));
                Turn {
                    key: CONFIRM_KEY,
                    schema: typed_schema(&Prompt::confirm(&message)),
                    message: Cow::Owned(message),
                    number: W::QUESTIONS.len() + 1,
                }
            }
        }
    }

    pub(crate) fn answer(&self, place: &mut Place<W>, reply: Reply) -> Next<W> {
        let Some(step) = Self::current(place) else {
            return self.confirm(place, reply);
        };
        let question = W::question(step);
        let content = match reply {
            Reply::Cancel => return Next::Cancelled,
            Reply::Decline if question.is_required() => return Next::Cancelled,
            Reply::Decline => None,
            Reply::Accept(content) => Some(content),
        };
        if let Some(content) = content {
            let failed = |why: String| Next::Failed(Stage::Question(question.key), why);
            let value = match validate_answer(question, content.as_ref()) {
                Ok(value) => value,
                Err(malformed) => return failed(malformed.to_string()),
            };
            if !is_unset(question, &value)
                && let Err(why) = W::apply(&mut place.draft, step, &value)
            {
                return failed(why);
            }
        }
        place.at = W::index(step) + 1;
        Next::Ask
    }

    /// The final yes/no: yes builds the wizard, no / decline / cancel end the flow.
    fn confirm(&self, place: &mut Place<W>, reply: Reply) -> Next<W> {
        let content = match reply {
            Reply::Cancel | Reply::Decline => return Next::Cancelled,
            Reply::Accept(content) => content,
        };
        let failed = |why: String| Next::Failed(Stage::Summary, why);
        match validate_prompt(&Prompt::confirm(""), content.as_ref()) {
            Ok(Value::Bool(true)) => {}
            Ok(_) => return Next::Cancelled,
            Err(malformed) => return failed(malformed.to_string()),
        }
        match W::finish(std::mem::take(&mut place.draft), self.args.clone()) {
            Ok(wizard) => Next::Finished(wizard),
            Err(why) => failed(why),
        }
    }
}
