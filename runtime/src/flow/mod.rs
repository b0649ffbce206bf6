//! Running a wizard inside an rmcp tool call, on whichever wire path the client
//! declared: one `elicitation/create` per question while the call runs (2025-11-25 and
//! earlier), or one `input_required` round per question (2026-07-28), the answers so
//! far riding in a signed `requestState` bound to the tool and its exact arguments.
//!
//! The path is decided by what the client *declared*: the version and capabilities in
//! a request's own `_meta` first, else those it sent in `initialize` (the version it
//! asked for, not the one negotiated: [`Serve`](crate::Serve) records it).

mod client;
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

use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::service::{RequestContext, RoleServer};
#[cfg(feature = "url-mode")]
use url::Url;

pub use client::{ClientView, Elicitation, WirePath};
pub use outcome::{Failure, Outcome, Refusal, Stage};
pub use reply::Reply;

use crate::once::{Claims, MemoryClaims};
use crate::prompt::Prompter;
use crate::state::{CallDigest, Caller, Sealer, StateKeys};
use crate::texts::{DefaultTexts, Texts};
use crate::wizard::Wizard;

/// Runs wizards and primitives; build one per server and share it (cloning is cheap).
///
/// ```
/// use std::time::Duration;
/// use wizard::{Flow, StateKeys};
///
/// let flow = Flow::new(StateKeys::random())
///     .with_elicitation_timeout(Duration::from_secs(300))
///     // Stateless HTTP: no request from the server reaches a 2025-11-25 client.
///     .with_server_requests(false);
/// assert_eq!(flow.elicitation_timeout(), Duration::from_secs(300));
/// ```
///
/// In a tool handler, [`Flow::call`] runs a wizard whole; [`Flow::run`] when you read the
/// arguments yourself; [`Flow::prompter`] for single questions.
#[derive(Debug, Clone)]
pub struct Flow {
    pub(crate) config: Arc<Config>,
    /// Who the calls run through this flow are made by ([`Flow::for_caller`]).
    caller: Caller,
}

#[derive(Clone)]
pub(crate) struct Config {
    pub(crate) sealer: Sealer,
    pub(crate) timeout: Duration,
    texts: Arc<dyn Texts>,
    pub(crate) claims: Arc<dyn Claims>,
    pub(crate) server_requests: bool,
    #[cfg(feature = "url-mode")]
    pub(crate) url_base: Option<Url>,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("sealer", &self.sealer)
            .field("timeout", &self.timeout)
            .field("server_requests", &self.server_requests)
            .finish_non_exhaustive()
    }
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
                texts: Arc::new(DefaultTexts),
                claims: Arc::new(MemoryClaims::new()),
                server_requests: true,
                #[cfg(feature = "url-mode")]
                url_base: None,
            }),
            caller: Caller::ANYONE,
        }
    }

    /// This flow, for calls made by `caller`: each round's state is sealed for that
    /// caller and opens for that caller only, so another caller replaying it is asked
    /// the questions afresh, and can neither read nor spoil the result of a confirmed
    /// round (see [`once`](crate::once)). A host serving several people over one
    /// endpoint derives the caller from each request's credential
    /// ([`Caller::of`]); without it every call is [`Caller::ANYONE`]'s. Cheap: the
    /// configuration is shared.
    ///
    /// ```
    /// use wizard::{Flow, StateKeys};
    /// use wizard::state::Caller;
    ///
    /// let flow = Flow::new(StateKeys::random());
    /// let alices = flow.for_caller(Caller::of(b"alice's token"));
    /// assert_eq!(alices.caller(), Caller::of(b"alice's token"));
    /// ```
    #[must_use]
    pub fn for_caller(&self, caller: Caller) -> Flow {
        Flow {
            config: Arc::clone(&self.config),
            caller,
        }
    }

    /// Who the calls run through this flow are made by.
    pub fn caller(&self) -> Caller {
        self.caller
    }

    /// The digest binding `request`'s state: its caller, tool and arguments.
    pub(crate) fn call_digest(&self, request: &CallToolRequestParams) -> CallDigest {
        CallDigest::of(&self.caller, &request.name, request.arguments.as_ref())
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

    /// The texts of every ending but a finished wizard, and of the guard.
    #[must_use]
    pub fn with_texts(mut self, texts: impl Texts) -> Self {
        Arc::make_mut(&mut self.config).texts = Arc::new(texts);
        self
    }

    /// Where the rounds that act on a yes are claimed ([`Flow::once`]): this process's
    /// memory unless told otherwise; replicas share one store
    /// ([`RedisClaims`](crate::once::RedisClaims)).
    #[must_use]
    pub fn with_claims(mut self, claims: impl Claims) -> Self {
        Arc::make_mut(&mut self.config).claims = Arc::new(claims);
        self
    }

    /// The texts this flow shows.
    pub fn texts(&self) -> &dyn Texts {
        &*self.config.texts
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
                if let Some((number, key)) = round.asked {
                    wire::progress(context, number, key).await;
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

    /// The primitives (confirm, text, number, choices, gather, url) for this call.
    pub fn prompter(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Prompter {
        Prompter::new(self.clone(), request, context)
    }
}
