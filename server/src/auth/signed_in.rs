//! A stored sign-in as the server's credential: its access token for each request,
//! refreshed (and the refreshed pair stored) a minute before it expires and when GitLab
//! refuses it — one refresh at a time, however many requests wait for it.

use tokio::sync::Mutex;
use wizard::state::Caller;

use super::oauth::OAuth;
use super::store::{Login, Store};
use crate::gitlab::{Credential, NextToken, Token};

/// How long before its expiry an access token is renewed.
const MARGIN_SECONDS: u64 = 60;

pub struct SignedIn {
    store: Store,
    host: String,
    oauth: OAuth,
    login: Mutex<Login>,
    caller: Caller,
}

impl SignedIn {
    pub fn new(store: Store, host: &str, oauth: OAuth, login: Login) -> SignedIn {
        // Stable across refreshes: the sign-in, not its token of the moment.
        let caller = Caller::of(format!("sign-in {host} {}", login.username).as_bytes());
        SignedIn {
            store,
            host: host.to_owned(),
            oauth,
            login: Mutex::new(login),
            caller,
        }
    }
}

impl Credential for SignedIn {
    fn token(&self, renew: bool) -> NextToken<'_> {
        Box::pin(async move {
            let mut login = self.login.lock().await;
            if renew || login.expires_within(MARGIN_SECONDS) {
                let fresh = self.oauth.refresh(&login).await?;
                // The old refresh token no longer works: keep the new one for next time —
                // off the runtime's thread, as a keyring may wait for the user to unlock it.
                let (store, host, kept) = (self.store.clone(), self.host.clone(), fresh.clone());
                tokio::task::spawn_blocking(move || store.put(&host, &kept))
                    .await
                    .map_err(|error| format!("keeping the refreshed sign-in failed: {error}"))??;
                tracing::info!(gitlab = %self.host, "refreshed the stored GitLab sign-in");
                *login = fresh;
            }
            Token::bearer(&login.access_token).map_err(|error| error.to_string())
        })
    }

    fn caller(&self) -> Caller {
        self.caller
    }
}
