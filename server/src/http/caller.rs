//! Who an HTTP request acts as, as the credentials layer found it: the request's own
//! token, and its caller (that token's, or the server's when a tokenless request is
//! served with the server's credentials). Both travel in the request's extensions to the
//! handler, which calls GitLab with the token, and to the session gate.

use wizard::state::Caller;

use crate::gitlab::Token;

/// The token of the request being served; its `Debug` shows nothing of the value.
#[derive(Debug, Clone)]
pub struct RequestToken(pub Token);

/// Who the request being served acts as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestCaller(pub Caller);
