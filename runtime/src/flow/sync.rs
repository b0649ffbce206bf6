//! The legacy path: one `elicitation/create` per question while the call runs.

use rmcp::service::{RequestContext, RoleServer};

use crate::flow::Flow;
use crate::flow::machine::{Machine, Next, Place};
use crate::flow::outcome::Ended;
use crate::flow::wire;
use crate::wizard::Wizard;

pub(crate) async fn run<W: Wizard>(
    flow: &Flow,
    args: W::Args,
    context: &RequestContext<RoleServer>,
) -> Ended<W> {
    let machine = Machine::<W> { args: &args };
    let mut place = Place::<W>::start();
    loop {
        let ask = machine.ask(&place);
        let stage = Machine::<W>::stage(&place);
        let failed = |why: String| Ended::Failed(stage, why);
        let params = match ask
            .schema
            .map(|schema| wire::form(ask.message.into_owned(), schema))
        {
            Ok(params) => params,
            Err(why) => return failed(why),
        };
        wire::progress(context, ask.number, ask.key).await;
        let reply = match wire::elicit(context, params, flow.config.timeout).await {
            Ok(reply) => reply,
            Err(why) => return failed(why),
        };
        match machine.answer(&mut place, reply) {
            Next::Ask => {}
            Next::Finished(wizard) => return Ended::Finished(wizard),
            Next::Cancelled => return Ended::Cancelled,
            Next::Failed(stage, why) => return Ended::Failed(stage, why),
        }
    }
}
