//! A project's mirrors: its pull mirror (GitLab's import state, Premium) and its push
//! mirrors (GitLab's "remote mirrors"), and their entities. GitLab never shows a mirror's
//! credentials: a URL's user and password come back as `*****`.

use serde_json::{Value, json};
use url::Url;

/// The pull mirror: where the project pulls from, and how.
#[derive(Debug, Clone, Default)]
pub(crate) struct PullMirror {
    pub id: u64,
    /// The source, credentials included (never shown).
    pub url: Option<String>,
    pub enabled: bool,
    pub mirror_trigger_builds: bool,
    pub only_mirror_protected_branches: Option<bool>,
    pub mirror_overwrites_diverged_branches: bool,
    pub mirror_branch_regex: Option<String>,
}

/// A push mirror: where the project pushes to.
#[derive(Debug, Clone)]
pub(crate) struct RemoteMirror {
    pub id: u64,
    /// The target, credentials included (never shown).
    pub url: String,
    pub enabled: bool,
    pub keep_divergent_refs: bool,
    pub only_protected_branches: bool,
    pub mirror_branch_regex: Option<String>,
    /// `password` or `ssh_public_key`.
    pub auth_method: String,
}

/// The schemes GitLab mirrors over.
pub(crate) const MIRROR_SCHEMES: &[&str] = &["http", "https", "ssh", "git"];

/// Why GitLab refuses `url` as a mirror's, as its URL validator words it.
pub(crate) fn url_problem(url: &str) -> Option<&'static str> {
    match Url::parse(url) {
        Err(_) => Some("is blocked: URI is invalid"),
        Ok(parsed) if !MIRROR_SCHEMES.contains(&parsed.scheme()) => {
            Some("is blocked: Only allowed schemes are http, https, ssh, git")
        }
        Ok(parsed) if parsed.host_str().is_none_or(str::is_empty) => {
            Some("is blocked: URI is invalid")
        }
        Ok(_) => None,
    }
}

/// `url` as GitLab shows it: `https://*****:*****@host/path` when it has credentials.
pub(crate) fn masked(url: &str) -> String {
    match Url::parse(url) {
        Ok(mut parsed) if !parsed.username().is_empty() || parsed.password().is_some() => {
            let had_password = parsed.password().is_some();
            let _ = parsed.set_username("*****");
            if had_password {
                let _ = parsed.set_password(Some("*****"));
            }
            parsed.to_string()
        }
        _ => url.to_owned(),
    }
}

impl PullMirror {
    /// GitLab's pull mirror entity.
    pub fn json(&self) -> Value {
        json!({
            "id": self.id,
            "last_error": null,
            "last_successful_update_at": null,
            "last_update_at": null,
            "last_update_started_at": null,
            "update_status": if self.enabled { "scheduled" } else { "none" },
            "url": self.url.as_deref().map(masked),
            "enabled": self.enabled,
            "mirror_trigger_builds": self.mirror_trigger_builds,
            "only_mirror_protected_branches": self.only_mirror_protected_branches,
            "mirror_overwrites_diverged_branches": self.mirror_overwrites_diverged_branches,
            "mirror_branch_regex": self.mirror_branch_regex,
        })
    }
}

impl RemoteMirror {
    /// GitLab's remote mirror entity.
    pub fn json(&self) -> Value {
        json!({
            "enabled": self.enabled,
            "id": self.id,
            "auth_method": self.auth_method,
            "last_error": null,
            "last_successful_update_at": null,
            "last_update_at": null,
            "last_update_started_at": null,
            "only_protected_branches": self.only_protected_branches,
            "keep_divergent_refs": self.keep_divergent_refs,
            "update_status": "none",
            "url": masked(&self.url),
            "mirror_branch_regex": self.mirror_branch_regex,
            "host_keys": [],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credentials_never_show() {
        assert_eq!(
            masked("https://bot:glpat-secret@gitlab.example.com/up/stream.git"),
            "https://*****:*****@gitlab.example.com/up/stream.git"
        );
        assert_eq!(
            masked("https://gitlab.example.com/up.git"),
            "https://gitlab.example.com/up.git"
        );
    }

    #[test]
    fn only_mirror_schemes_are_taken() {
        assert_eq!(url_problem("https://example.com/a.git"), None);
        assert_eq!(url_problem("ssh://git@example.com/a.git"), None);
        assert!(url_problem("file:///etc/passwd").is_some());
        assert!(url_problem("not a url").is_some());
    }
}
