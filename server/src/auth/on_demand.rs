//! Signing in from inside a session: on stdio, a tool call made while the server has no
//! credential asks the user, in url mode, to open GitLab's device sign-in page (GitLab's
//! own page, on the configured instance: the runtime checks the URL), waits for GitLab to
//! say yes, keeps the sign-in as `auth login` does, and goes on with the call as the user.
//!
//! A token is never asked for in a form: secrets go through GitLab's page, never through
//! the client. A client without url mode is told, in the call's answer, to run
//! `gitlab-mcp-server auth login`; a user who declines is not asked again this session,
//! and calls act anonymously (public projects only).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rmcp::model::CallToolResponse;
use tokio::sync::Mutex;
use wizard::prompt::{PromptError, Prompter};
use wizard::state::Caller;

use super::device;
use super::oauth::{Device, DeviceAuthorization, OAuth};
use super::printable::printable;
use super::signed_in::SignedIn;
use super::store::{Choice, Login, Store};
use crate::catalog::output::error_result;
use crate::gitlab::{Credential, GitLab, NextToken};

/// The question's key in the call's answers.
const KEY: &str = "gitlab_sign_in";

/// The sign-in a stdio server without a credential offers its user.
pub struct OnDemand {
    /// GitLab's OAuth endpoints with the application to sign in with; `Err`: why there is
    /// none (no `GITLAB_OAUTH_CLIENT_ID`).
    oauth: Result<OAuth, String>,
    store: Choice,
    /// The instance's base URL, the key its sign-in is kept under.
    host: String,
    state: Mutex<State>,
    /// Whether a call's answer already said how to sign in.
    told: AtomicBool,
}

#[derive(Default)]
struct State {
    signed_in: Option<Arc<dyn Credential>>,
    declined: bool,
    /// A device authorization shown to the user and not yet finished, with when it ends.
    pending: Option<(DeviceAuthorization, Instant)>,
}

/// What a call goes on with.
pub enum Signing {
    /// The user's sign-in.
    As(GitLab),
    /// No credential; the line to add to the answer, if any.
    Anonymous(Option<String>),
    /// The call ends here: the question's round, or why the sign-in failed.
    Answered(CallToolResponse),
}

impl OnDemand {
    pub fn new(oauth: Result<OAuth, String>, store: Choice, host: &str) -> OnDemand {
        OnDemand {
            oauth,
            store,
            host: host.to_owned(),
            state: Mutex::default(),
            told: AtomicBool::new(false),
        }
    }

    /// The GitLab client a call acts with: the sign-in made earlier in the session, one
    /// made now (asking the user), or none.
    pub async fn gitlab(&self, anonymous: &GitLab, prompter: &mut Prompter) -> Signing {
        let mut state = self.state.lock().await;
        if let Some(credential) = &state.signed_in {
            return Signing::As(anonymous.with_credential(Arc::clone(credential)));
        }
        if state.declined {
            return Signing::Anonymous(None);
        }
        let oauth = match &self.oauth {
            Ok(oauth) if prompter.can_open_url() => oauth,
            Ok(_) => return Signing::Anonymous(self.tell(&format!(
                "Not signed in to GitLab ({}): this call acted anonymously, so only public projects can be read and nothing can be written. Your client cannot open GitLab's sign-in page for you (it has no url-mode elicitation): run `gitlab-mcp-server auth login` in a terminal (or set GITLAB_TOKEN), then restart the server.",
                self.host
            ))),
            Err(why) => return Signing::Anonymous(self.tell(&format!(
                "Not signed in to GitLab ({}): this call acted anonymously. {why}",
                self.host
            ))),
        };
        let device = match &state.pending {
            Some((device, until)) if Instant::now() < *until => device.clone(),
            _ => match oauth.device("api").await {
                Ok(device) => {
                    let until = Instant::now() + Duration::from_secs(device.expires_in);
                    state.pending = Some((device.clone(), until));
                    device
                }
                Err(Device::Off(why)) => {
                    return Signing::Anonymous(self.tell(&format!(
                        "Not signed in to GitLab ({}): GitLab's device sign-in is not available ({why}), so it cannot be done from here; run `gitlab-mcp-server auth login --browser` in a terminal, then restart the server. This call acted anonymously.",
                        self.host
                    )));
                }
                Err(Device::Failed(why)) => {
                    return ended(&format!("Signing in to GitLab failed: {why}"));
                }
            },
        };
        let page = device
            .verification_uri_complete
            .clone()
            .unwrap_or_else(|| device.verification_uri.clone());
        let message = format!(
            "Sign in to GitLab ({}) to go on: open its page, sign in, and approve the code {}. This call continues once GitLab says yes.",
            self.host,
            printable(&device.user_code)
        );
        match prompter.open_url(KEY, &message, &page).await {
            Ok(()) => {}
            Err(PromptError::Pending) => {
                return match prompter.input_required() {
                    Some(round) => Signing::Answered(CallToolResponse::InputRequired(round)),
                    None => {
                        ended("The sign-in page could not be offered; nothing was sent to GitLab.")
                    }
                };
            }
            Err(PromptError::Declined | PromptError::Cancelled) => {
                state.declined = true;
                state.pending = None;
                return Signing::Anonymous(self.tell(
                    "Not signed in: you declined GitLab's sign-in, so calls act anonymously (public projects only) and you are not asked again this session; run `gitlab-mcp-server auth login` to sign in.",
                ));
            }
            Err(other) => {
                return ended(&format!(
                    "GitLab's sign-in page could not be offered ({other}); nothing was sent to GitLab."
                ));
            }
        }
        let login = match device::poll(oauth, &device).await {
            Ok(login) => login,
            Err(why) => {
                state.pending = None;
                return ended(&format!(
                    "Not signed in: {why}. Nothing was sent to GitLab."
                ));
            }
        };
        state.pending = None;
        let kept = match self.keep(oauth, login).await {
            Ok(kept) => kept,
            Err(why) => {
                return ended(&format!(
                    "Signed in, but {why}. Nothing was sent to GitLab."
                ));
            }
        };
        let credential: Arc<dyn Credential> = Arc::new(OneUser(kept));
        state.signed_in = Some(Arc::clone(&credential));
        Signing::As(anonymous.with_credential(credential))
    }

    /// Asks GitLab who signed in and keeps the sign-in where `auth login` keeps it, so the
    /// next start of the server uses it too.
    async fn keep(&self, oauth: &OAuth, login: Login) -> Result<SignedIn, String> {
        let username = oauth.username(&login.access_token).await?;
        let login = Login { username, ..login };
        let (choice, host, kept) = (self.store, self.host.clone(), login.clone());
        let store = tokio::task::spawn_blocking(move || {
            let store = Store::for_user(choice)?;
            let place = store.put(&host, &kept)?;
            tracing::info!(gitlab = %host, user = %kept.username, kept_in = %place, "signed in from the session");
            Ok::<_, String>(store)
        })
        .await
        .map_err(|error| format!("keeping the sign-in failed: {error}"))?
        .map_err(|why| format!("the sign-in could not be kept ({why})"))?;
        Ok(SignedIn::new(store, &self.host, oauth.clone(), login))
    }

    /// `text` the first time a call is answered without a sign-in; later calls say nothing.
    fn tell(&self, text: &str) -> Option<String> {
        (!self.told.swap(true, Ordering::Relaxed)).then(|| text.to_owned())
    }
}

fn ended(text: &str) -> Signing {
    Signing::Answered(error_result(text.to_owned()).into())
}

/// The sign-in as the credential of the one user a stdio server has: its caller is the
/// anonymous one, so a question asked before the sign-in and answered after it belongs to
/// the same caller.
struct OneUser(SignedIn);

impl Credential for OneUser {
    fn token(&self, renew: bool) -> NextToken<'_> {
        self.0.token(renew)
    }

    fn caller(&self) -> Caller {
        Caller::ANYONE
    }
}
