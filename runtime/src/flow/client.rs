//! What the client declared for this request: its protocol version and its
//! elicitation support, and the wire path that follows from them.

use rmcp::model::{ClientCapabilities, ProtocolVersion};
use rmcp::service::{RequestContext, RoleServer};

use crate::serve::InitializeVersion;

/// The declared version and capabilities behind one request.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClientView {
    /// Per-request `_meta` first, then the version asked for in `initialize` (recorded
    /// by [`Serve`](crate::serve::Serve)), then whatever rmcp negotiated.
    pub declared: Option<ProtocolVersion>,
    /// Per-request `_meta` first, then `initialize`; `None` when the client sent none.
    pub capabilities: Option<ClientCapabilities>,
}

/// How the client can take a form question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Elicitation {
    /// No elicitation capability at all.
    None,
    /// Url mode only: a form would be a request the client has not declared support for.
    UrlOnly,
    /// Form mode (declared, or implied by an empty `elicitation: {}`), maybe url mode too.
    Form { url: bool },
}

/// The wire path a call takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WirePath {
    /// One `elicitation/create` per question while the call runs (legacy).
    Sync,
    /// One `input_required` round per question (2026-07-28).
    Mrtr,
    /// The client declared no elicitation, or no channel can reach it.
    Unsupported,
    /// The client declared url mode only.
    FormUnsupported,
}

impl ClientView {
    pub fn of(context: &RequestContext<RoleServer>) -> Self {
        let declared = context
            .meta
            .protocol_version()
            .or_else(|| {
                context
                    .extensions
                    .get::<InitializeVersion>()
                    .map(|asked| asked.0.clone())
            })
            .or_else(|| context.protocol_version());
        ClientView {
            declared,
            capabilities: context.client_capabilities(),
        }
    }

    /// Whether the declared version is 2026-07-28 or later.
    pub fn uses_mrtr(&self) -> bool {
        self.declared
            .as_ref()
            .is_some_and(|version| *version >= ProtocolVersion::V_2026_07_28)
    }

    pub fn elicitation(&self) -> Elicitation {
        let Some(elicitation) = self
            .capabilities
            .as_ref()
            .and_then(|capabilities| capabilities.elicitation.as_ref())
        else {
            return Elicitation::None;
        };
        match (elicitation.form.is_some(), elicitation.url.is_some()) {
            (false, true) => Elicitation::UrlOnly,
            (_, url) => Elicitation::Form { url },
        }
    }

    /// The path for a form question. `server_requests` says whether a request from the
    /// server can reach the client while the call runs (false on stateless HTTP).
    pub fn path(&self, server_requests: bool) -> WirePath {
        match self.elicitation() {
            Elicitation::None => WirePath::Unsupported,
            Elicitation::UrlOnly => WirePath::FormUnsupported,
            Elicitation::Form { .. } if self.uses_mrtr() => WirePath::Mrtr,
            Elicitation::Form { .. } if server_requests => WirePath::Sync,
            Elicitation::Form { .. } => WirePath::Unsupported,
        }
    }
}
