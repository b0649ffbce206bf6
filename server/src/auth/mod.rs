//! Signing in to GitLab like `glab auth login`: OAuth's device grant (or, where it is
//! off, the authorization code grant with PKCE in a browser) with an application the user
//! or operator registered, the tokens kept for the user ([`store`]: the system keyring,
//! else a file only they can read), refreshed before they expire and when GitLab refuses
//! them ([`SignedIn`]), revoked by `auth logout`.

mod browser;
mod callback_listener;
mod command;
mod credentials_file;
mod device;
mod keyring;
mod oauth;
mod on_demand;
pub(crate) mod printable;
mod signed_in;
pub mod store;

pub use command::{AuthAction, AuthRequest, run};
pub use oauth::OAuth;
pub use on_demand::{OnDemand, Signing};
pub use signed_in::SignedIn;
