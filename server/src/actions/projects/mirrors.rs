//! A project's mirrors: its pull mirror (`/projects/:id/mirror/pull`, Premium) and its push
//! mirrors (`/projects/:id/remote_mirrors`).
//!
//! A pull mirror that overwrites diverged branches destroys the commits made only in the
//! project at every update, so configuring one asks the user first when the call would
//! leave such a mirror enabled where there was none ([`OVERWRITING_MIRROR`]). A push mirror
//! copies the repository to any host: adding one is destructive.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use url::Url;
use wizard::summary::escape_value;

use crate::catalog::asks::{Asks, Before};
use crate::catalog::params::{PageNumber, PerPage};
use crate::gitlab::text_without_credentials;
use crate::gitlab::{ApiRequest, ProjectId};

/// Configure the project's pull mirror (Premium, GitLab 17.6+): turn it on or off, where it
/// pulls from and with which credentials, and how it updates; only the settings given
/// change. Returns the mirror's settings, credentials hidden.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PullMirrorConfigure {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Turn pull mirroring on (`true`) or off (`false`).
    pub enabled: Option<bool>,
    /// The repository to pull from: `https://…`, `ssh://…` or `git://…`, credentials in it
    /// or in `auth_user` and `auth_password`.
    pub url: Option<String>,
    /// The user to pull as, when the URL has none.
    pub auth_user: Option<String>,
    /// The password or access token to pull with, when the URL has none.
    pub auth_password: Option<String>,
    /// Run pipelines for the commits each update brings.
    pub mirror_trigger_builds: Option<bool>,
    /// Pull only the protected branches.
    pub only_mirror_protected_branches: Option<bool>,
    /// Overwrite the project's branches that diverged from the source: commits made only
    /// here are lost at the next update.
    pub mirror_overwrites_diverged_branches: Option<bool>,
    /// Pull only the branches matching this regular expression (not with
    /// `only_mirror_protected_branches`).
    pub mirror_branch_regex: Option<String>,
}

/// What a pull mirror configuration must say, before anything is sent: at least one
/// setting, a URL GitLab mirrors over, one branch filter.
pub fn pull_mirror_rules(mirror: &PullMirrorConfigure) -> Result<(), String> {
    let settings = [
        mirror.enabled.is_some(),
        mirror.url.is_some(),
        mirror.auth_user.is_some(),
        mirror.auth_password.is_some(),
        mirror.mirror_trigger_builds.is_some(),
        mirror.only_mirror_protected_branches.is_some(),
        mirror.mirror_overwrites_diverged_branches.is_some(),
        mirror.mirror_branch_regex.is_some(),
    ];
    if !settings.contains(&true) {
        return Err(
            "nothing to configure; give at least one of `enabled`, `url`, `auth_user`, \
                    `auth_password`, `mirror_trigger_builds`, `only_mirror_protected_branches`, \
                    `mirror_overwrites_diverged_branches`, `mirror_branch_regex`"
                .to_owned(),
        );
    }
    if let Some(url) = &mirror.url {
        mirror_url("url", url)?;
    }
    if mirror.only_mirror_protected_branches == Some(true) && mirror.mirror_branch_regex.is_some() {
        return Err(
            "give one branch filter: `only_mirror_protected_branches` or `mirror_branch_regex`, not both"
                .to_owned(),
        );
    }
    Ok(())
}

/// How a push mirror signs in to its target.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MirrorAuthMethod {
    Password,
    SshPublicKey,
}

/// Add a push mirror: every push to the project is then copied to another repository, on
/// any host (destructive: it can send the project's code anywhere, and overwrite the
/// target's branches unless `keep_divergent_refs`). Returns the mirror, credentials hidden.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PushMirrorAdd {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The repository to push to, credentials included (`https://user:token@host/…`) or
    /// `ssh://…`.
    pub url: String,
    /// Start pushing now (GitLab's default: false).
    pub enabled: Option<bool>,
    /// Keep the target's branches that diverged instead of overwriting them.
    pub keep_divergent_refs: Option<bool>,
    /// Push only the protected branches.
    pub only_protected_branches: Option<bool>,
    /// Push only the branches matching this regular expression (Premium; not with
    /// `only_protected_branches`).
    pub mirror_branch_regex: Option<String>,
    /// `password` (GitLab's default) or `ssh_public_key`.
    pub auth_method: Option<MirrorAuthMethod>,
}

/// A push mirror's URL must be one GitLab mirrors over; one branch filter.
pub fn push_mirror_rules(mirror: &PushMirrorAdd) -> Result<(), String> {
    mirror_url("url", &mirror.url)?;
    if mirror.only_protected_branches == Some(true) && mirror.mirror_branch_regex.is_some() {
        return Err(
            "give one branch filter: `only_protected_branches` or `mirror_branch_regex`, not both"
                .to_owned(),
        );
    }
    Ok(())
}

/// The schemes GitLab mirrors over.
const MIRROR_SCHEMES: &[&str] = &["http", "https", "ssh", "git"];

fn mirror_url(field: &str, url: &str) -> Result<Url, String> {
    let parsed = Url::parse(url).map_err(|_| {
        format!("`{field}` is not a URL; expected a repository such as `https://gitlab.example.com/group/project.git`")
    })?;
    if !MIRROR_SCHEMES.contains(&parsed.scheme()) || parsed.host_str().is_none() {
        return Err(format!(
            "`{field}` must be an http, https, ssh or git URL with a host, got `{}`",
            text_without_credentials(url)
        ));
    }
    Ok(parsed)
}

/// Whether two mirror URLs name the same repository, whatever credentials they carry
/// (GitLab shows its own as `*****`).
fn same_source(a: &str, b: &str) -> bool {
    let bare = |url: &str| {
        let url = text_without_credentials(url);
        url.trim_end_matches('/')
            .trim_end_matches(".git")
            .to_owned()
    };
    bare(a) == bare(b)
}

/// Asks before a configuration that leaves an enabled pull mirror overwriting diverged
/// branches where there was none: arming the flag, enabling a mirror that overwrites
/// already, or pointing an overwriting mirror at another URL. Disabling the mirror,
/// clearing the flag or any other change never asks.
pub const OVERWRITING_MIRROR: Asks<PullMirrorConfigure> = Asks {
    when: "leave an enabled pull mirror that overwrites diverged branches",
    loses_work: true,
    read: read_pull_mirror,
    question: overwriting_question,
};

/// Disabling the mirror or clearing the flag can never leave it overwriting: nothing to
/// read.
fn read_pull_mirror(mirror: &PullMirrorConfigure) -> Before {
    if mirror.enabled == Some(false) || mirror.mirror_overwrites_diverged_branches == Some(false) {
        return Before::Nothing;
    }
    Before::Read(
        ApiRequest::get()
            .project(&mirror.project_id)
            .segment("mirror")
            .segment("pull"),
    )
}

fn overwriting_question(
    mirror: &PullMirrorConfigure,
    current: &Value,
) -> Result<Option<String>, String> {
    // `Null`: the project was never set to pull.
    let flag = |key: &str| match current.get(key) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(on)) => Ok(*on),
        Some(other) => Err(format!(
            "GitLab's pull mirror shows `{key}` as {other}, not true or false"
        )),
    };
    let was_enabled = flag("enabled")?;
    let was_overwriting = flag("mirror_overwrites_diverged_branches")?;
    let enabled = mirror.enabled.unwrap_or(was_enabled);
    let overwrites = mirror
        .mirror_overwrites_diverged_branches
        .unwrap_or(was_overwriting);
    if !(enabled && overwrites) {
        return Ok(None);
    }
    let current_url = current.get("url").and_then(Value::as_str);
    let moving = mirror
        .url
        .as_deref()
        .is_some_and(|url| current_url.is_none_or(|current| !same_source(url, current)));
    if was_enabled && was_overwriting && !moving {
        return Ok(None);
    }
    let project = escape_value(&mirror.project_id.to_string());
    let source = match &mirror.url {
        Some(url) => escape_value(&text_without_credentials(url)),
        None => "its configured mirror source".to_owned(),
    };
    Ok(Some(format!(
        "Set the pull mirror of project {project} to pull from {source} and overwrite diverged \
         branches? Every branch of {project} that has diverged from the source will be \
         overwritten at each update: commits made only in {project} will be lost."
    )))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn configure(args: Value) -> PullMirrorConfigure {
        let mut args = args;
        args["project_id"] = json!("demo/sandbox");
        serde_json::from_value(args).unwrap()
    }

    fn asks(args: Value, current: Value) -> bool {
        let mirror = configure(args);
        matches!(read_pull_mirror(&mirror), Before::Read(_))
            && overwriting_question(&mirror, &current).unwrap().is_some()
    }

    const SOURCE: &str = "https://*****:*****@gitlab.example.com/up/stream.git";

    #[test]
    fn asks_when_an_enabled_mirror_starts_overwriting() {
        let off =
            json!({"enabled": false, "mirror_overwrites_diverged_branches": false, "url": SOURCE});
        let safe =
            json!({"enabled": true, "mirror_overwrites_diverged_branches": false, "url": SOURCE});
        let overwriting_off =
            json!({"enabled": false, "mirror_overwrites_diverged_branches": true, "url": SOURCE});
        let overwriting =
            json!({"enabled": true, "mirror_overwrites_diverged_branches": true, "url": SOURCE});
        // Arming the flag on an enabled mirror, or enabling with it.
        assert!(asks(
            json!({"mirror_overwrites_diverged_branches": true}),
            safe.clone()
        ));
        assert!(asks(
            json!({"enabled": true, "mirror_overwrites_diverged_branches": true}),
            off.clone()
        ));
        assert!(asks(
            json!({"mirror_overwrites_diverged_branches": true, "url": "https://x.example/a.git", "enabled": true}),
            Value::Null
        ));
        // Enabling a mirror that overwrites already.
        assert!(asks(json!({"enabled": true}), overwriting_off.clone()));
        // Pointing an overwriting mirror elsewhere.
        assert!(asks(
            json!({"url": "https://gitlab.example.com/other.git"}),
            overwriting.clone()
        ));
        // The same source with other credentials is no move.
        assert!(!asks(
            json!({"url": "https://bot:new-token@gitlab.example.com/up/stream"}),
            overwriting.clone()
        ));
        // Disabling, clearing the flag, unrelated edits.
        assert!(!asks(json!({"enabled": false}), overwriting.clone()));
        assert!(!asks(
            json!({"mirror_overwrites_diverged_branches": false}),
            overwriting.clone()
        ));
        assert!(!asks(
            json!({"mirror_trigger_builds": true}),
            overwriting.clone()
        ));
        assert!(!asks(json!({"mirror_trigger_builds": true}), safe.clone()));
        assert!(!asks(json!({"enabled": true}), safe));
        assert!(!asks(
            json!({"mirror_overwrites_diverged_branches": true}),
            off
        ));
    }

    #[test]
    fn the_question_names_the_source_without_credentials() {
        let mirror = configure(json!({
            "url": "https://bot:glpat-secret@gitlab.example.com/up/stream.git",
            "enabled": true,
            "mirror_overwrites_diverged_branches": true
        }));
        let question = overwriting_question(&mirror, &Value::Null)
            .unwrap()
            .unwrap();
        assert_eq!(
            question,
            "Set the pull mirror of project `demo/sandbox` to pull from \
             `https[:]//gitlab.example.com/up/stream.git` and overwrite diverged branches? \
             Every branch of `demo/sandbox` that has diverged from the source will be \
             overwritten at each update: commits made only in `demo/sandbox` will be lost."
        );
        let mirror = configure(json!({"mirror_overwrites_diverged_branches": true}));
        let current = json!({"enabled": true, "mirror_overwrites_diverged_branches": false});
        let question = overwriting_question(&mirror, &current).unwrap().unwrap();
        assert!(
            question.contains("to pull from its configured mirror source and"),
            "{question}"
        );
    }

    #[test]
    fn settings_it_cannot_read_are_refused() {
        let mirror = configure(json!({"enabled": true}));
        let error = overwriting_question(&mirror, &json!({"enabled": "yes"})).unwrap_err();
        assert!(error.contains("`enabled`"), "{error}");
    }
}

/// Get a project's pull mirror: where it pulls from (credentials hidden), whether it is
/// enabled, which branches it mirrors, whether it overwrites diverged branches, and how the
/// last update went.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PullMirrorGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}

/// List a project's push mirrors: where each pushes (credentials hidden), whether it is
/// enabled, and how the last update went.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PushMirrorList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one push mirror of a project by id: where it pushes (credentials hidden), whether it
/// is enabled, and how the last update went.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PushMirrorGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The mirror's id (`id` in `project.push_mirror_list`).
    pub mirror_id: u64,
}
