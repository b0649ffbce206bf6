//! The legacy path: one `elicitation/create` per question while the call runs; a refused
//! answer's question is sent again, with the reason first. A call the client gives up
//! on asks nothing more.

use rmcp::service::{RequestContext, RoleServer};

use crate::flow::config::Flow;
use crate::flow::machine::{Machine, Turn};
use crate::flow::outcome::{Ended, Stage};
use crate::flow::wire;
use crate::wizard::Wizard;

pub(crate) async fn run<W: Wizard>(
    flow: &Flow,
    live: &W::Context,
    args: W::Args,
    context: &RequestContext<RoleServer>,
) -> Ended<W> {
    let machine = Machine::<W> {
        context: live,
        args: &args,
        texts: flow.texts(),
    };
    let mut place = match machine.start().await {
        Ok(place) => place,
        Err(reason) => return Ended::Refused(Stage::Intro, reason),
    };
    let mut progress = wire::Progress::new();
    loop {
        let ask = match machine.ask(&mut place).await {
            Ok(ask) => ask,
            Err(next) => return next.ended().unwrap_or(Ended::Cancelled),
        };
        let stage = Machine::<W>::stage(&place);
        let failed = |why: String| Ended::Failed(stage, why);
        let params = match ask
            .schema
            .map(|schema| wire::form(ask.message.into_owned(), schema))
        {
            Ok(params) => params,
            Err(why) => return failed(why),
        };
        let total = Some(Turn::total::<W>());
        progress
            .asking(context, ask.number, total, &ask.label)
            .await;
        let config = &flow.config;
        let reply = wire::elicit(
            context,
            params,
            config.timeout,
            config.keepalive,
            &mut progress,
        );
        let reply = match reply.await {
            Ok(reply) => reply,
            Err(why) => return failed(why),
        };
        if let Some(ended) = machine.answer(&mut place, reply).await.ended() {
            return ended;
        }
    }
}
