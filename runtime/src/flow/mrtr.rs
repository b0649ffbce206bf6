//! The 2026-07-28 path of a wizard: one `input_required` round per question. Each round
//! resumes from the draft sealed last round, applies the one answer it carries, and
//! seals the next question's draft; earlier steps are never re-run.

use rmcp::model::CallToolRequestParams;

use crate::flow::Flow;
use crate::flow::machine::{Machine, Next, Place};
use crate::flow::outcome::{Ended, Stage};
use crate::flow::rounds::Rounds;
use crate::flow::wire;
use crate::state::StateKind;
use crate::wizard::Wizard;

/// One round's ending, and the question it asks (number, key) when it asks one.
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
    let rounds = Rounds::new(flow, StateKind::Wizard, request);
    let machine = Machine::<W> { args: &args };
    let resumed = match rounds.resume::<(usize, W::Draft)>() {
        Ok(resumed) => resumed,
        Err(refused) => return Ended::Failed(Stage::State, refused).into(),
    };
    // Answers only count against a state that says which question they answer.
    let place = match resumed {
        Some(resumed) => {
            let (at, draft) = resumed.body;
            let mut place = Place::<W> { at, draft };
            match rounds.answer(&resumed.asked) {
                None => {}
                Some(Err(why)) => {
                    return Ended::Failed(Machine::<W>::stage(&place), why).into();
                }
                Some(Ok(reply)) => match machine.answer(&mut place, reply) {
                    Next::Ask => {}
                    Next::Finished(wizard) => return Ended::Finished(wizard).into(),
                    Next::Cancelled => return Ended::Cancelled.into(),
                    Next::Failed(stage, why) => return Ended::Failed(stage, why).into(),
                },
            }
            place
        }
        None => Place::start(),
    };
    let stage = Machine::<W>::stage(&place);
    let ask = machine.ask(&place);
    let params = match ask
        .schema
        .map(|schema| wire::form(ask.message.into_owned(), schema))
    {
        Ok(params) => params,
        Err(why) => return Ended::Failed(stage, why).into(),
    };
    match rounds.ask(ask.key, params, (place.at, &place.draft)) {
        Ok(input) => Round {
            ended: Ended::Pending(input),
            asked: Some((ask.number, ask.key)),
        },
        Err(why) => Ended::Failed(stage, why).into(),
    }
}
