//! The [`Flow`] a server builds once: its state keys, timeouts, texts and claims store,
//! and the settings that change them. Running wizards on it is the parent module's.

use std::sync::Arc;
use std::time::Duration;

use rmcp::model::CallToolRequestParams;
#[cfg(feature = "url-mode")]
use url::Url;

// The store's vocabulary and its default, from the files that define them: `once`
// itself runs on a `Flow`, so naming it would close a loop.
use crate::once::claims::Claims;
use crate::once::memory::MemoryClaims;
use crate::state::{CallDigest, Caller, Sealer, StateKeys};
use crate::texts::{DefaultTexts, Texts};

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
    pub(crate) keepalive: Duration,
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
            .field("keepalive", &self.keepalive)
            .field("server_requests", &self.server_requests)
            .finish_non_exhaustive()
    }
}

impl Flow {
    /// How long the sync path waits for one answer unless told otherwise.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10 * 60);
    /// How often a question waiting for the user sends progress unless told otherwise:
    /// well within the shortest request timeout clients use (the MCP Inspector's and the
    /// TypeScript SDK's 60 s, and clients that wait 10 s).
    pub const DEFAULT_KEEPALIVE: Duration = Duration::from_secs(5);
    /// How long a requestState stays valid unless told otherwise; renewed each round.
    pub const DEFAULT_STATE_TTL: Duration = Duration::from_secs(10 * 60);

    /// A flow signing its state with `keys` ([`StateKeys::random`] for one process,
    /// [`StateKeys::parse`] for an operator's key ring).
    pub fn new(keys: StateKeys) -> Self {
        Flow {
            config: Arc::new(Config {
                sealer: Sealer::new(keys, Self::DEFAULT_STATE_TTL),
                timeout: Self::DEFAULT_TIMEOUT,
                keepalive: Self::DEFAULT_KEEPALIVE,
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

    /// How often a question on the sync path sends a progress notification while the
    /// user thinks, when the call carried a progress token: a client that resets its
    /// request timeout on progress then waits up to the elicitation timeout.
    /// `Duration::ZERO` sends none.
    #[must_use]
    pub fn with_keepalive(mut self, every: Duration) -> Self {
        Arc::make_mut(&mut self.config).keepalive = every;
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
}
