//! A credential that can change while the server runs: a stored OAuth sign-in, whose access
//! token is refreshed before it expires and when GitLab refuses it. The client asks it for
//! the token of each request (`GitLab::send`); how it refreshes is the sign-in's business.

use std::future::Future;
use std::pin::Pin;

use wizard::state::Caller;

use super::Token;

/// The token of the next request, renewed first when `renew` (GitLab just refused the
/// last one) or when it is about to expire; `Err` says why no token can be had.
pub type NextToken<'a> = Pin<Box<dyn Future<Output = Result<Token, String>> + Send + 'a>>;

pub trait Credential: Send + Sync {
    fn token(&self, renew: bool) -> NextToken<'_>;

    /// Who acts with it, the same across refreshes (the token's digest would change).
    fn caller(&self) -> Caller;
}
