//! The 2026-07-28 path of a wizard: one `input_required` round per question. Each round
//! resumes from the place sealed last round, applies the one answer it carries, and
//! seals the next question's place; earlier steps are never re-run. A refused answer's
//! round asks the same key again, with the reason first and the earlier answers as they
//! were.

use std::borrow::Cow;

use rmcp::model::CallToolRequestParams;

use crate::flow::config::Flow;
use crate::flow::machine::{Machine, Place};
use crate::flow::outcome::{Ended, Stage};
use crate::flow::rounds::Rounds;
use crate::flow::wire;
use crate::state::StateKind;
use crate::wizard::Wizard;

/// One round's ending, and the question it asks (number, label) when it asks one.
pub(crate) struct Round<W> {
    pub(crate) ended: Ended<W>,
    pub(crate) asked: Option<(usize, Cow<'static, str>)>,
}

impl<W> From<Ended<W>> for Round<W> {
    fn from(ended: Ended<W>) -> Self {
        Round { ended, asked: None }
    }
}

pub(crate) async fn round<W: Wizard>(
    flow: &Flow,
    context: &W::Context,
    args: W::Args,
    request: &CallToolRequestParams,
) -> Round<W> {
    let rounds = Rounds::new(flow, StateKind::Wizard, request);
    let machine = Machine::<W> {
        context,
        args: &args,
        texts: flow.texts(),
    };
    let resumed = match rounds.resume::<Place<W>>() {
        Ok(resumed) => resumed,
        Err(refused) => return Ended::Failed(Stage::State, refused).into(),
    };
    // Answers only count against a state that says which question they answer.
    let mut place = match resumed {
        Some(resumed) => {
            let mut place = resumed.body;
            match rounds.answer(&resumed.asked) {
                None => {}
                Some(Err(why)) => {
                    return Ended::Failed(Machine::<W>::stage(&place), why).into();
                }
                Some(Ok(reply)) => {
                    if let Some(ended) = machine.answer(&mut place, reply).await.ended() {
                        return ended.into();
                    }
                }
            }
            place
        }
        None => match machine.start().await {
            Ok(place) => place,
            Err(reason) => return Ended::Refused(Stage::Intro, reason).into(),
        },
    };
    let ask = match machine.ask(&mut place).await {
        Ok(ask) => ask,
        Err(next) => return next.ended().unwrap_or(Ended::Cancelled).into(),
    };
    let stage = Machine::<W>::stage(&place);
    let params = match ask
        .schema
        .map(|schema| wire::form(ask.message.into_owned(), schema))
    {
        Ok(params) => params,
        Err(why) => return Ended::Failed(stage, why).into(),
    };
    match rounds.ask(ask.key, params, &place) {
        Ok(input) => Round {
            ended: Ended::Pending(input),
            asked: Some((ask.number, ask.label)),
        },
        Err(why) => Ended::Failed(stage, why).into(),
    }
}
