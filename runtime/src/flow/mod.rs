//! Running a wizard inside an rmcp tool call, on whichever wire path the client
//! declared (SPEC.md §4–§6), and the primitives for code that is not a whole wizard.
//!
//! Build one [`Flow`] per server, serve the handler wrapped in
//! [`Serve`](crate::Serve), and in a tool handler:
//!
//! ```no_run
//! use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock};
//! use rmcp::service::{RequestContext, RoleServer};
//! use wizard::guard::{Destructive, autonomy, confirm_flag, guard};
//! use wizard::{Flow, Wizard};
//!
//! async fn create<W: Wizard>(
//!     flow: &Flow,
//!     args: W::Args,
//!     request: &CallToolRequestParams,
//!     context: &RequestContext<RoleServer>,
//! ) -> CallToolResponse {
//!     let wizard: W = match flow.run::<W>(args, request, context).await.into_response() {
//!         Ok(wizard) => wizard,
//!         // input_required, or cancelled / failed / unsupported with the exact texts
//!         Err(response) => return response,
//!     };
//!     // … make the real call from `wizard` …
//!     CallToolResult::success(vec![ContentBlock::text("created")]).into()
//! }
//!
//! async fn delete(
//!     flow: &Flow,
//!     request: &CallToolRequestParams,
//!     context: &RequestContext<RoleServer>,
//! ) -> CallToolResponse {
//!     let yolo = std::env::var("MY_YOLO").ok();
//!     let call = Destructive {
//!         autonomous: autonomy(yolo.as_deref(), None),
//!         confirmed: confirm_flag(request.arguments.as_ref()),
//!         may_elicit: true,
//!         refusal: "action \"issue.delete\" is destructive.",
//!         question: "Delete issue #1?",
//!     };
//!     if let Some(response) = guard(&mut flow.prompter(request, context), call).await {
//!         return response;
//!     }
//!     CallToolResult::success(vec![ContentBlock::text("deleted")]).into()
//! }
//! ```

mod client;
mod machine;
mod mrtr;
pub(crate) mod outcome;
mod prompter;
mod reply;
mod sync;
#[cfg(feature = "url-mode")]
mod url_check;
mod wire;

use std::sync::Arc;
use std::time::Duration;

use rmcp::model::CallToolRequestParams;
use rmcp::service::{RequestContext, RoleServer};
#[cfg(feature = "url-mode")]
use url::Url;

pub use client::{ClientView, Elicitation, WirePath};
pub use outcome::{Failure, FlowTexts, Outcome, Stage, cancelled_text};
pub use prompter::{PromptError, Prompter};
pub use reply::Reply;

use crate::state::{Sealer, StateKeys};
use crate::wizard::Wizard;

/// Runs wizards and primitives; build one per server and share it (cloning is cheap).
#[derive(Debug, Clone)]
pub struct Flow {
    config: Arc<Config>,
}

#[derive(Debug, Clone)]
struct Config {
    sealer: Sealer,
    timeout: Duration,
    texts: FlowTexts,
    server_requests: bool,
    #[cfg(feature = "url-mode")]
    url_base: Option<Url>,
}

impl Flow {
    /// How long the sync path waits for one answer unless told otherwise.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10 * 60);
    /// How long a requestState stays valid unless told otherwise; renewed each round.
    pub const DEFAULT_STATE_TTL: Duration = Duration::from_secs(10 * 60);

    /// A flow signing its state with `keys` ([`StateKeys::random`] for one process,
    /// [`StateKeys::parse`] for an operator's key ring).
    pub fn new(keys: StateKeys) -> Self {
        Flow {
            config: Arc::new(Config {
                sealer: Sealer::new(keys, Self::DEFAULT_STATE_TTL),
                timeout: Self::DEFAULT_TIMEOUT,
                texts: FlowTexts::default(),
                server_requests: true,
                #[cfg(feature = "url-mode")]
                url_base: None,
            }),
        }
    }

    /// How long the sync path waits for each answer.
    #[must_use]
    pub fn with_elicitation_timeout(mut self, timeout: Duration) -> Self {
        Arc::make_mut(&mut self.config).timeout = timeout;
        self
    }

    /// How long a requestState stays valid after each round.
    #[must_use]
    pub fn with_state_ttl(mut self, ttl: Duration) -> Self {
        let config = Arc::make_mut(&mut self.config);
        config.sealer = config.sealer.with_ttl(ttl);
        self
    }

    /// The texts that name the deployment's own actions.
    #[must_use]
    pub fn with_texts(mut self, texts: FlowTexts) -> Self {
        Arc::make_mut(&mut self.config).texts = texts;
        self
    }

    /// Whether a request from the server can reach the client while a call runs;
    /// `false` on stateless HTTP, where a legacy client then counts as unable to elicit.
    #[must_use]
    pub fn with_server_requests(mut self, available: bool) -> Self {
        Arc::make_mut(&mut self.config).server_requests = available;
        self
    }

    /// The base URL that url-mode elicitation may send users to (same scheme, host
    /// and port, and a path under the base's path); without one, url mode is refused.
    #[cfg(feature = "url-mode")]
    #[must_use]
    pub fn with_url_base(mut self, base: Url) -> Self {
        Arc::make_mut(&mut self.config).url_base = Some(base);
        self
    }

    pub fn elicitation_timeout(&self) -> Duration {
        self.config.timeout
    }

    pub fn state_ttl(&self) -> Duration {
        self.config.sealer.ttl()
    }

    /// Runs wizard `W` for this tool call on the path the client declared. On MRTR
    /// this is one round: it returns [`Outcome::Pending`] until the last answer.
    pub async fn run<W: Wizard>(
        &self,
        args: W::Args,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Outcome<W> {
        let texts = &self.config.texts;
        match ClientView::of(context).path(self.config.server_requests) {
            WirePath::Unsupported => {
                Outcome::Unsupported(FlowTexts::fill(&texts.unsupported, &W::INFO))
            }
            WirePath::FormUnsupported => {
                Outcome::FormUnsupported(FlowTexts::fill(&texts.form_unsupported, &W::INFO))
            }
            WirePath::Sync => sync::run(self, args, context).await,
            WirePath::Mrtr => {
                let round = mrtr::round(self, args, request);
                if let Some((number, key)) = round.asked {
                    wire::progress(context, number, key).await;
                }
                round.outcome
            }
        }
    }

    /// One MRTR round without IO: what [`Flow::run`] does on the 2026-07-28 path once
    /// the path is chosen. Public so benchmarks and tests can measure and drive it.
    pub fn mrtr_round<W: Wizard>(
        &self,
        args: W::Args,
        request: &CallToolRequestParams,
    ) -> Outcome<W> {
        mrtr::round(self, args, request).outcome
    }

    /// The primitives (confirm, text, number, choices, gather, url) for this call.
    pub fn prompter(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Prompter {
        Prompter::new(self.clone(), request, context)
    }
}
