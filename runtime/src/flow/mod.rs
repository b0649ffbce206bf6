//! Running a wizard inside an rmcp tool call, on whichever wire path the client
//! declared: one `elicitation/create` per question while the call runs (2025-11-25 and
//! earlier), or one `input_required` round per question (2026-07-28), the answers so
//! far riding in a signed `requestState` bound to the tool and its exact arguments.
//!
//! The path is decided by what the client *declared*: the version and capabilities in
//! a request's own `_meta` first, else those it sent in `initialize` (the version it
//! asked for, not the one negotiated: [`Serve`](crate::Serve) records it).

mod client;
pub(crate) mod config;
mod machine;
mod mrtr;
pub(crate) mod outcome;
mod reply;
pub(crate) mod rounds;
mod sync;
#[cfg(feature = "terminal")]
pub(crate) mod terminal;
#[cfg(feature = "url-mode")]
pub(crate) mod url_check;
pub(crate) mod wire;

use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::service::{RequestContext, RoleServer};

pub use client::{ClientView, Elicitation, WirePath};
pub use config::Flow;
pub use outcome::{Failure, Outcome, Refusal, Stage};
pub use reply::Reply;

use crate::wizard::Wizard;

// Running is here, the flow and its settings in `config`: the drivers this runs
// (`sync`, `mrtr`) take a `Flow`, and name it from there.
impl Flow {
    /// Runs wizard `W` for this tool call on the path the client declared. On MRTR
    /// this is one round: it returns [`Outcome::Pending`] until the last answer. A wizard
    /// with a context (`#[wizard(context = Type)]`) runs with [`Flow::run_with`].
    pub async fn run<W: Wizard<Context = ()>>(
        &self,
        args: W::Args,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Outcome<W> {
        self.run_with::<W>(&(), args, request, context).await
    }

    /// [`Flow::run`] for a wizard whose live checks, live choices or intro need the
    /// server's context `with` (see [`live`](crate::live)).
    pub async fn run_with<W: Wizard>(
        &self,
        with: &W::Context,
        args: W::Args,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Outcome<W> {
        let texts = self.texts();
        match ClientView::of(context).path(self.config.server_requests) {
            WirePath::Unsupported => Outcome::Unsupported(texts.unsupported(&W::INFO)),
            WirePath::FormUnsupported => Outcome::FormUnsupported(texts.form_unsupported(&W::INFO)),
            WirePath::Sync => sync::run(self, with, args, context).await.with_texts(texts),
            WirePath::Mrtr => {
                let round = mrtr::round(self, with, args, request).await;
                if let Some((number, label)) = round.asked {
                    let total = Some(machine::Turn::total::<W>());
                    let mut progress = wire::Progress::new();
                    progress.asking(context, number, total, &label).await;
                }
                round.ended.with_texts(texts)
            }
        }
    }

    /// Runs wizard `W` for a call to its tool, all in one: the arguments
    /// ([`arguments`](crate::arguments)), the questions ([`Flow::run`]) and the ending
    /// ([`Outcome::into_response`]). `Ok` is the finished wizard after the user's yes;
    /// `Err` the response to return as it is: bad arguments, the next question's
    /// round, or an ending with its text.
    #[allow(
        clippy::result_large_err,
        reason = "the response goes straight back to rmcp, which takes it by value"
    )]
    pub async fn call<W: Wizard<Context = ()>>(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<W, CallToolResponse> {
        self.call_with::<W>(&(), request, context).await
    }

    /// [`Flow::call`] for a wizard with a context (see [`Flow::run_with`]).
    #[allow(
        clippy::result_large_err,
        reason = "the response goes straight back to rmcp, which takes it by value"
    )]
    pub async fn call_with<W: Wizard>(
        &self,
        with: &W::Context,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<W, CallToolResponse> {
        let args = crate::tool::arguments::<W>(request)?;
        self.run_with::<W>(with, args, request, context)
            .await
            .into_response()
    }

    /// One MRTR round without the client: what [`Flow::run_with`] does on the 2026-07-28
    /// path once the path is chosen (the only IO is the wizard's own live functions).
    /// Public so benchmarks and tests can measure and drive it.
    pub async fn mrtr_round<W: Wizard>(
        &self,
        with: &W::Context,
        args: W::Args,
        request: &CallToolRequestParams,
    ) -> Outcome<W> {
        mrtr::round(self, with, args, request)
            .await
            .ended
            .with_texts(self.texts())
    }
}
