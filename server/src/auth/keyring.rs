//! The system keyring: the macOS Keychain, the Windows Credential Manager, elsewhere the
//! Secret Service (GNOME Keyring, KWallet, KeePassXC…) on the user's D-Bus session. One
//! entry per GitLab instance — service `gitlab-mcp-server`, account the instance's URL —
//! whose secret is the sign-in as JSON, so the tokens never touch the disk in clear.

use std::collections::HashMap;
use std::sync::Arc;

use keyring_core::{CredentialStore, Entry, Error};

use super::store::Login;

/// The service every entry is filed under, as keyring tools show it.
const SERVICE: &str = "gitlab-mcp-server";

/// An open keyring: a connection to the platform's store, cheap to clone.
#[derive(Clone)]
pub struct Keyring {
    store: Arc<CredentialStore>,
}

impl Keyring {
    /// The user's keyring, or why there is none here (on Linux: no D-Bus session, or no
    /// Secret Service on it — a server, a container, CI).
    pub fn open() -> Result<Keyring, String> {
        platform::store()
            .map(|store| Keyring { store })
            .map_err(|error| format!("{} cannot be used: {error}", platform::NAME))
    }

    /// What the user knows it as: "the macOS Keychain", …
    pub fn name() -> &'static str {
        platform::NAME
    }

    pub fn get(&self, host: &str) -> Result<Option<Login>, String> {
        match self.entry(host)?.get_password() {
            Ok(text) => serde_json::from_str(&text).map(Some).map_err(|error| {
                format!(
                    "the entry for {host} in {} was not written by this server ({error}); run `gitlab-mcp-server auth logout`, then sign in again",
                    platform::NAME
                )
            }),
            Err(Error::NoEntry) => Ok(None),
            Err(error) => Err(failed("read the sign-in for", host, &error)),
        }
    }

    /// Keeps `login` for `host`, replacing the one there was.
    pub fn put(&self, host: &str, login: &Login) -> Result<(), String> {
        let text = serde_json::to_string(login).expect("a login serialises");
        self.entry(host)?
            .set_password(&text)
            .map_err(|error| failed("keep the sign-in for", host, &error))
    }

    /// Forgets `host`'s login; whether there was one.
    pub fn remove(&self, host: &str) -> Result<bool, String> {
        match self.entry(host)?.delete_credential() {
            Ok(()) => Ok(true),
            Err(Error::NoEntry) => Ok(false),
            Err(error) => Err(failed("remove the sign-in for", host, &error)),
        }
    }

    fn entry(&self, host: &str) -> Result<Entry, String> {
        // What a keyring manager (Seahorse, KWallet) shows for a Secret Service entry. The
        // Keychain and the Credential Manager name an entry by service and account alone,
        // and refuse a label.
        let label =
            cfg!(all(unix, not(target_os = "macos"))).then(|| format!("GitLab sign-in for {host}"));
        let modifiers = label
            .as_deref()
            .map(|label| HashMap::from([("label", label)]));
        self.store
            .build(SERVICE, host, modifiers.as_ref())
            .map_err(|error| failed("name an entry for", host, &error))
    }
}

fn failed(what: &str, host: &str, error: &Error) -> String {
    let hint = match error {
        // Locked, or the user dismissed the unlock prompt.
        Error::NoStorageAccess(_) => "; unlock it and try again",
        _ => "",
    };
    format!("{} could not {what} {host}: {error}{hint}", platform::NAME)
}

#[cfg(target_os = "macos")]
mod platform {
    use std::sync::Arc;

    use keyring_core::CredentialStore;

    pub const NAME: &str = "the macOS Keychain";

    pub fn store() -> keyring_core::Result<Arc<CredentialStore>> {
        Ok(apple_native_keyring_store::keychain::Store::new()?)
    }
}

#[cfg(windows)]
mod platform {
    use std::sync::Arc;

    use keyring_core::CredentialStore;

    pub const NAME: &str = "the Windows Credential Manager";

    pub fn store() -> keyring_core::Result<Arc<CredentialStore>> {
        Ok(windows_native_keyring_store::Store::new()?)
    }
}

#[cfg(all(unix, not(target_os = "macos")))]
mod platform {
    use std::sync::Arc;

    use keyring_core::CredentialStore;

    pub const NAME: &str = "the Secret Service keyring";

    pub fn store() -> keyring_core::Result<Arc<CredentialStore>> {
        Ok(zbus_secret_service_keyring_store::Store::new()?)
    }
}

#[cfg(not(any(unix, windows)))]
mod platform {
    use std::sync::Arc;

    use keyring_core::{CredentialStore, Error};

    pub const NAME: &str = "a system keyring";

    pub fn store() -> keyring_core::Result<Arc<CredentialStore>> {
        Err(Error::NotSupportedByStore(
            "this platform has none the server knows".to_owned(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::store::now_seconds;

    /// The machine's own keyring, only where `GITLAB_MCP_TESTS_PLATFORM_KEYRING` says the
    /// run may use it: the release workflow's macOS and Windows runners (Linux's is tested
    /// through the binary, on a private Secret Service). Never a developer's by surprise.
    #[test]
    fn a_login_is_kept_replaced_read_and_removed_in_the_platforms_keyring() {
        if std::env::var_os("GITLAB_MCP_TESTS_PLATFORM_KEYRING").is_none() {
            eprintln!(
                "SKIPPED: set GITLAB_MCP_TESTS_PLATFORM_KEYRING=1 to use this machine's keyring"
            );
            return;
        }
        let keyring = Keyring::open().expect("this machine's keyring");
        let host = format!("https://gitlab-mcp-test-{}.invalid/", std::process::id());
        let login = |token: &str| Login {
            client_id: "app".to_owned(),
            access_token: token.to_owned(),
            refresh_token: Some(format!("{token}-refresh")),
            expires_at: Some(now_seconds() + 7200),
            scope: "api".to_owned(),
            username: "jane".to_owned(),
        };
        assert!(keyring.get(&host).unwrap().is_none());
        keyring.put(&host, &login("one")).unwrap();
        keyring.put(&host, &login("two")).unwrap();
        assert!(keyring.get(&host).unwrap() == Some(login("two")));
        assert!(keyring.remove(&host).unwrap());
        assert!(!keyring.remove(&host).unwrap());
        assert!(keyring.get(&host).unwrap().is_none());
    }
}
