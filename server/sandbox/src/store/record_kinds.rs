//! The kinds of [records](super::records) the sandbox keeps, each as GitLab's API
//! documents its fields, defaults and checks.

use serde_json::{Map, Value, json};

use super::records::{Field, Filter, Kind, Owner, Parent, plain, unchecked};
use super::{Ids, Store, hex_id, now};
use crate::reply::ApiError;

use Field::{Bool, Integer, Optional, Text};

/// Every kind, for the routes.
pub(crate) static KINDS: [&Kind; 16] = [
    &GROUP_LABELS,
    &GROUP_MILESTONES,
    &FREEZE_PERIODS,
    &AWARD_EMOJI,
    &DRAFT_NOTES,
    &RELEASE_LINKS,
    &PROTECTED_TAGS,
    &VARIABLES,
    &HOOKS,
    &PIPELINE_SCHEDULES,
    &TRIGGERS,
    &ENVIRONMENTS,
    &DEPLOYMENTS,
    &DEPLOY_KEYS,
    &BADGES,
    &SNIPPETS,
];

/// CI/CD variables of a project or a group. GitLab shows a masked variable's value to
/// a maintainer; the server hides it from the model, not the sandbox.
pub(crate) static VARIABLES: Kind = Kind {
    segment: "variables",
    noun: "Variable",
    parents: &[Parent::Project, Parent::Group],
    updatable: true,
    key: "key",
    alias: None,
    fields: &[
        Text("key", ""),
        Text("value", ""),
        Text("variable_type", "env_var"),
        Bool("protected", false),
        Bool("masked", false),
        Bool("hidden", false),
        Bool("raw", false),
        Text("environment_scope", "*"),
        Optional("description"),
    ],
    required: &["key", "value"],
    filters: &[],
    secret: &[],
    check: variable_check,
    made: plain,
};

/// GitLab's rules: a key of letters, digits and `_`; a masked value of at least 8
/// characters with no whitespace; `env_var` or `file`.
fn variable_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    let text = |name: &str| record[name].as_str().unwrap_or_default().to_owned();
    let key = text("key");
    if key.len() > 255 || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(ApiError::fields(&[(
            "key",
            "can contain only letters, digits and '_'.",
        )]));
    }
    let value = text("value");
    if record["masked"] == json!(true)
        && (value.chars().count() < 8 || value.contains(char::is_whitespace))
    {
        return Err(ApiError::fields(&[("value", "is invalid")]));
    }
    if !["env_var", "file"].contains(&text("variable_type").as_str()) {
        return Err(ApiError::error("variable_type does not have a valid value"));
    }
    Ok(())
}

/// A project's webhooks; the secret token is taken and never shown.
pub(crate) static HOOKS: Kind = Kind {
    segment: "hooks",
    noun: "Hook",
    parents: &[Parent::Project],
    updatable: true,
    key: "id",
    alias: None,
    fields: &[
        Text("url", ""),
        Optional("name"),
        Optional("description"),
        Bool("push_events", true),
        Optional("push_events_branch_filter"),
        Bool("issues_events", false),
        Bool("confidential_issues_events", false),
        Bool("merge_requests_events", false),
        Bool("tag_push_events", false),
        Bool("note_events", false),
        Bool("confidential_note_events", false),
        Bool("job_events", false),
        Bool("pipeline_events", false),
        Bool("wiki_page_events", false),
        Bool("deployment_events", false),
        Bool("releases_events", false),
        Bool("emoji_events", false),
        Bool("enable_ssl_verification", true),
        Optional("token"),
    ],
    required: &["url"],
    filters: &[],
    secret: &["token"],
    check: hook_check,
    made: in_project,
};

fn hook_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    let url = record["url"].as_str().unwrap_or_default();
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return Err(ApiError::fields(&[(
            "url",
            "is blocked: Only allowed schemes are http, https",
        )]));
    }
    Ok(())
}

/// The events a webhook can be tested with (`POST …/hooks/:id/test/:trigger`).
pub(crate) const HOOK_TRIGGERS: &[&str] = &[
    "push_events",
    "tag_push_events",
    "issues_events",
    "confidential_issues_events",
    "note_events",
    "merge_requests_events",
    "job_events",
    "pipeline_events",
    "wiki_page_events",
    "releases_events",
    "emoji_events",
    "resource_access_token_events",
];

/// Pipelines run on a cron schedule, owned by whoever made (or took) them.
pub(crate) static PIPELINE_SCHEDULES: Kind = Kind {
    segment: "pipeline_schedules",
    noun: "Pipeline Schedule",
    parents: &[Parent::Project],
    updatable: true,
    key: "id",
    alias: None,
    fields: &[
        Text("description", ""),
        Text("ref", ""),
        Text("cron", ""),
        Text("cron_timezone", "UTC"),
        Bool("active", true),
    ],
    required: &["description", "ref", "cron"],
    filters: &[Filter::Flag("scope", "active", ["active", "inactive"])],
    secret: &[],
    check: schedule_check,
    made: owned_and_stamped,
};

/// Five fields, as cron has them.
fn schedule_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    let cron = record["cron"].as_str().unwrap_or_default();
    if cron.split_whitespace().count() != 5 {
        return Err(ApiError::fields(&[("cron", "is invalid syntax")]));
    }
    Ok(())
}

/// Pipeline trigger tokens; GitLab shows the token to its owner.
pub(crate) static TRIGGERS: Kind = Kind {
    segment: "triggers",
    noun: "Trigger",
    parents: &[Parent::Project],
    updatable: true,
    key: "id",
    alias: None,
    fields: &[Text("description", "")],
    required: &["description"],
    filters: &[],
    secret: &[],
    check: unchecked,
    made: trigger_made,
};

fn trigger_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    owned_and_stamped(store, owner, record);
    let token = hex_id(format!("trigger {}", record["id"]).as_bytes());
    record.insert("token".into(), json!(format!("glptt-{}", &token[..20])));
    record.insert("last_used".into(), Value::Null);
}

/// Where code is deployed; made `available`, stopped by `…/stop`.
pub(crate) static ENVIRONMENTS: Kind = Kind {
    segment: "environments",
    noun: "Environment",
    parents: &[Parent::Project],
    updatable: true,
    key: "id",
    alias: None,
    fields: &[
        Text("name", ""),
        Optional("external_url"),
        Text("tier", ""),
        Optional("description"),
    ],
    required: &["name"],
    filters: &[
        Filter::Equals("name", "name"),
        Filter::Contains("search", "name"),
        Filter::Equals("states", "state"),
    ],
    secret: &[],
    check: unchecked,
    made: environment_made,
};

/// GitLab guesses an environment's tier from its name when none is given.
fn environment_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    stamped(store, owner, record);
    let name = record["name"].as_str().unwrap_or_default().to_lowercase();
    let slug: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    record.insert("slug".into(), json!(slug));
    record.insert("state".into(), json!("available"));
    if record["tier"] == json!("") {
        let tier = [
            ("prod", "production"),
            ("stag", "staging"),
            ("test", "testing"),
            ("dev", "development"),
            ("review", "development"),
        ]
        .iter()
        .find(|(part, _)| name.contains(part))
        .map_or("other", |(_, tier)| tier);
        record.insert("tier".into(), json!(tier));
    }
}

/// Deployments to an environment, as a CI job or an outside tool reports them.
pub(crate) static DEPLOYMENTS: Kind = Kind {
    segment: "deployments",
    noun: "Deployment",
    parents: &[Parent::Project],
    updatable: true,
    key: "id",
    alias: None,
    fields: &[
        Text("environment", ""),
        Text("sha", ""),
        Text("ref", ""),
        Bool("tag", false),
        Text("status", ""),
    ],
    required: &["environment", "sha", "ref", "tag", "status"],
    filters: &[
        Filter::Equals("environment", "environment"),
        Filter::Equals("status", "status"),
    ],
    secret: &[],
    check: deployment_check,
    made: deployment_made,
};

fn deployment_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    let statuses = ["created", "running", "success", "failed", "canceled"];
    if !statuses.contains(&record["status"].as_str().unwrap_or_default()) {
        return Err(ApiError::error("status does not have a valid value"));
    }
    Ok(())
}

/// A deployment to an environment the project does not have yet makes it, as GitLab
/// does; the answer names the environment as an object.
fn deployment_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    stamped(store, owner, record);
    record.insert("iid".into(), record["id"].clone());
    record.insert("user".into(), store.me());
    let name = record["environment"].clone();
    let existing = store
        .record_list(owner, &ENVIRONMENTS)
        .into_iter()
        .find(|environment| environment["name"] == name);
    let environment = match existing {
        Some(environment) => Ok(environment),
        None => {
            let params = Map::from_iter([("name".to_owned(), name)]);
            store.record_create(owner, &ENVIRONMENTS, &params)
        }
    };
    if let Ok(environment) = environment {
        let brief = ["id", "name", "slug", "external_url", "tier", "state"]
            .into_iter()
            .map(|field| (field.to_owned(), environment[field].clone()))
            .collect();
        record.insert("environment".into(), Value::Object(brief));
    }
}

/// Deploy keys: SSH keys that read (or push to) one project.
pub(crate) static DEPLOY_KEYS: Kind = Kind {
    segment: "deploy_keys",
    noun: "Deploy Key",
    parents: &[Parent::Project],
    updatable: true,
    key: "id",
    alias: None,
    fields: &[
        Text("title", ""),
        Text("key", ""),
        Bool("can_push", false),
        Optional("expires_at"),
    ],
    required: &["title", "key"],
    filters: &[],
    secret: &[],
    check: deploy_key_check,
    made: deploy_key_made,
};

fn deploy_key_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    let key = record["key"].as_str().unwrap_or_default();
    if !key.starts_with("ssh-") && !key.starts_with("ecdsa-") {
        return Err(ApiError::fields(&[(
            "key",
            "type is forbidden. Must be RSA, DSA, ECDSA, ED25519, ECDSA_SK, or ED25519_SK",
        )]));
    }
    Ok(())
}

fn deploy_key_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    stamped(store, owner, record);
    let key = record["key"].as_str().unwrap_or_default();
    let fingerprint = hex_id(key.as_bytes());
    record.insert(
        "fingerprint_sha256".into(),
        json!(format!("SHA256:{fingerprint}")),
    );
}

/// Badges shown on a project's or a group's page.
pub(crate) static BADGES: Kind = Kind {
    segment: "badges",
    noun: "Badge",
    parents: &[Parent::Project, Parent::Group],
    updatable: true,
    key: "id",
    alias: None,
    fields: &[
        Text("link_url", ""),
        Text("image_url", ""),
        Optional("name"),
    ],
    required: &["link_url", "image_url"],
    filters: &[Filter::Equals("name", "name")],
    secret: &[],
    check: unchecked,
    made: badge_made,
};

fn badge_made(_: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    record.insert("rendered_link_url".into(), record["link_url"].clone());
    record.insert("rendered_image_url".into(), record["image_url"].clone());
    let kind = match owner {
        Owner::Group(_) => "group",
        _ => "project",
    };
    record.insert("kind".into(), json!(kind));
}

/// Emoji reactions on an issue or a merge request, one per name and user.
pub(crate) static AWARD_EMOJI: Kind = Kind {
    segment: "award_emoji",
    noun: "Award Emoji",
    parents: &[Parent::Issue, Parent::MergeRequest],
    updatable: false,
    key: "id",
    alias: None,
    fields: &[Text("name", "")],
    required: &["name"],
    filters: &[],
    secret: &[],
    check: emoji_check,
    made: emoji_made,
};

/// A name as GitLab spells emoji: lower-case letters, digits, `_`, `+` and `-`
/// (`thumbsup`, `+1`, `white_check_mark`).
fn emoji_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    let name = record["name"].as_str().unwrap_or_default();
    let known = name
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_+-".contains(c));
    if name.is_empty() || !known {
        return Err(ApiError::fields(&[("name", "is not a valid emoji name")]));
    }
    Ok(())
}

fn emoji_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    stamped(store, owner, record);
    record.insert("user".into(), store.me());
    let (kind, iid) = match owner {
        Owner::Issue(_, iid) => ("Issue", *iid),
        Owner::MergeRequest(_, iid) => ("MergeRequest", *iid),
        _ => ("Note", 0),
    };
    record.insert("awardable_type".into(), json!(kind));
    record.insert("awardable_id".into(), json!(iid));
}

/// A merge request's draft notes: review comments only their author sees until
/// published (`…/publish`, `…/bulk_publish`).
pub(crate) static DRAFT_NOTES: Kind = Kind {
    segment: "draft_notes",
    noun: "Draft Note",
    parents: &[Parent::MergeRequest],
    updatable: true,
    key: "id",
    alias: None,
    fields: &[
        Text("note", ""),
        Optional("in_reply_to_discussion_id"),
        Optional("commit_id"),
        Bool("resolve_discussion", false),
    ],
    required: &["note"],
    filters: &[],
    secret: &[],
    check: unchecked,
    made: draft_made,
};

fn draft_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    record.insert("author_id".into(), json!(super::CURRENT_USER));
    if let Owner::MergeRequest(project, iid) = owner {
        let id = store.projects[project].merge_requests[iid].id;
        record.insert("merge_request_id".into(), json!(id));
    }
}

/// A release's asset links (`…/releases/:tag_name/assets/links`).
pub(crate) static RELEASE_LINKS: Kind = Kind {
    segment: "links",
    noun: "Link",
    parents: &[Parent::ReleaseAssets],
    updatable: true,
    key: "id",
    alias: None,
    fields: &[
        Text("name", ""),
        Text("url", ""),
        Optional("direct_asset_path"),
        Text("link_type", "other"),
    ],
    required: &["name", "url"],
    filters: &[],
    secret: &[],
    check: link_check,
    made: link_made,
};

fn link_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    let url = record["url"].as_str().unwrap_or_default();
    if !(url.starts_with("http://") || url.starts_with("https://") || url.starts_with("ftp://")) {
        return Err(ApiError::fields(&[(
            "url",
            "is blocked: Only allowed schemes are http, https, ftp",
        )]));
    }
    if !["other", "runbook", "image", "package"]
        .contains(&record["link_type"].as_str().unwrap_or_default())
    {
        return Err(ApiError::error("link_type does not have a valid value"));
    }
    Ok(())
}

/// A link is external unless it points into this GitLab.
fn link_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    let url = record["url"].as_str().unwrap_or_default().to_owned();
    record.insert("external".into(), json!(!url.starts_with(&store.base)));
    let direct = match (owner, record["direct_asset_path"].as_str()) {
        (Owner::Release(project, tag), Some(path)) => {
            let project = store.full_path(&store.projects[project]);
            format!(
                "{}/{project}/-/releases/{tag}/downloads/{}",
                store.base,
                path.trim_start_matches('/')
            )
        }
        _ => url,
    };
    record.insert("direct_asset_url".into(), json!(direct));
}

/// Protected tags: who may create tags matching a name or a wildcard (`v*`).
pub(crate) static PROTECTED_TAGS: Kind = Kind {
    segment: "protected_tags",
    noun: "Protected Tag",
    parents: &[Parent::Project],
    updatable: false,
    key: "name",
    alias: None,
    fields: &[Text("name", ""), Integer("create_access_level", 40)],
    required: &["name"],
    filters: &[],
    secret: &[],
    check: protected_tag_check,
    made: protected_tag_made,
};

/// 0 (no one), 30 (developers), 40 (maintainers) or 60 (administrators).
fn protected_tag_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    if ![0, 30, 40, 60].contains(&record["create_access_level"].as_u64().unwrap_or(1)) {
        return Err(ApiError::error(
            "create_access_level does not have a valid value",
        ));
    }
    Ok(())
}

fn protected_tag_made(store: &mut Store, _: &Owner, record: &mut Map<String, Value>) {
    let level = record
        .remove("create_access_level")
        .and_then(|level| level.as_u64())
        .unwrap_or(40);
    let description = match level {
        0 => "No one",
        30 => "Developers + Maintainers",
        60 => "Administrators",
        _ => "Maintainers",
    };
    let id = Ids::next(&mut store.ids.record);
    record.insert(
        "create_access_levels".into(),
        json!([{"id": id, "access_level": level, "access_level_description": description}]),
    );
}

/// A group's labels, which every project in the group can use.
pub(crate) static GROUP_LABELS: Kind = Kind {
    segment: "labels",
    noun: "Label",
    parents: &[Parent::Group],
    updatable: true,
    key: "id",
    alias: Some("name"),
    fields: &[
        Text("name", ""),
        Text("color", ""),
        Optional("description"),
        Optional("new_name"),
    ],
    required: &["name", "color"],
    filters: &[Filter::Contains("search", "name")],
    secret: &[],
    check: label_check,
    made: group_label_made,
};

/// `#RRGGBB` or a CSS color name; `new_name` renames.
fn label_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    if let Some(Value::String(name)) = record.remove("new_name") {
        record.insert("name".into(), json!(name));
    }
    let color = record["color"].as_str().unwrap_or_default();
    let hex = color.len() == 7
        && color.starts_with('#')
        && color[1..].chars().all(|c| c.is_ascii_hexdigit());
    let named = !color.is_empty() && color.chars().all(|c| c.is_ascii_alphabetic());
    if !hex && !named {
        return Err(ApiError::fields(&[("color", "must be a valid color code")]));
    }
    Ok(())
}

fn group_label_made(_: &mut Store, _: &Owner, record: &mut Map<String, Value>) {
    record.insert("text_color".into(), json!("#FFFFFF"));
    record.insert("open_issues_count".into(), json!(0));
    record.insert("open_merge_requests_count".into(), json!(0));
}

/// A group's milestones, shared by its projects.
pub(crate) static GROUP_MILESTONES: Kind = Kind {
    segment: "milestones",
    noun: "Milestone",
    parents: &[Parent::Group],
    updatable: true,
    key: "id",
    alias: None,
    fields: &[
        Text("title", ""),
        Optional("description"),
        Optional("start_date"),
        Optional("due_date"),
        Optional("state_event"),
    ],
    required: &["title"],
    filters: &[
        Filter::Equals("state", "state"),
        Filter::Equals("title", "title"),
        Filter::Contains("search", "title"),
    ],
    secret: &[],
    check: milestone_check,
    made: group_milestone_made,
};

/// `state_event` closes or activates; a milestone ends on or after it starts.
fn milestone_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    match record
        .remove("state_event")
        .as_ref()
        .and_then(Value::as_str)
    {
        Some("close") => {
            record.insert("state".into(), json!("closed"));
        }
        Some("activate") => {
            record.insert("state".into(), json!("active"));
        }
        Some(_) => return Err(ApiError::error("state_event does not have a valid value")),
        None => {}
    }
    if let (Some(start), Some(due)) = (record["start_date"].as_str(), record["due_date"].as_str())
        && due < start
    {
        return Err(ApiError::fields(&[(
            "due_date",
            "must be greater than start date",
        )]));
    }
    Ok(())
}

fn group_milestone_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    stamped(store, owner, record);
    record.entry("state").or_insert(json!("active"));
    record.insert("iid".into(), record["id"].clone());
    if let Owner::Group(group) = owner {
        record.insert("group_id".into(), json!(group));
        let path = store.groups[group].path.clone();
        let url = format!("{}/groups/{path}/-/milestones/{}", store.base, record["id"]);
        record.insert("web_url".into(), json!(url));
    }
}

/// Deploy freeze periods: when the project's pipelines should not deploy.
pub(crate) static FREEZE_PERIODS: Kind = Kind {
    segment: "freeze_periods",
    noun: "Freeze Period",
    parents: &[Parent::Project],
    updatable: true,
    key: "id",
    alias: None,
    fields: &[
        Text("freeze_start", ""),
        Text("freeze_end", ""),
        Text("cron_timezone", "UTC"),
    ],
    required: &["freeze_start", "freeze_end"],
    filters: &[],
    secret: &[],
    check: freeze_check,
    made: stamped,
};

/// Both ends are cron expressions of five fields.
fn freeze_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    for end in ["freeze_start", "freeze_end"] {
        if record[end]
            .as_str()
            .unwrap_or_default()
            .split_whitespace()
            .count()
            != 5
        {
            return Err(ApiError::fields(&[(end, "is invalid syntax")]));
        }
    }
    Ok(())
}

/// Made by the current user, now.
fn owned_and_stamped(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    in_project(store, owner, record);
    record.insert("owner".into(), store.me());
}

/// Made now, and naming its project.
fn in_project(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    stamped(store, owner, record);
    if let Owner::Project(project) = owner {
        record.insert("project_id".into(), json!(project));
    }
}

fn stamped(_: &mut Store, _: &Owner, record: &mut Map<String, Value>) {
    let at = now();
    record.insert("created_at".into(), json!(at));
    record.insert("updated_at".into(), json!(at));
}

/// A project's snippets. The content is read through `…/raw`, never in the snippet's JSON.
pub(crate) static SNIPPETS: Kind = Kind {
    segment: "snippets",
    noun: "Snippet",
    parents: &[Parent::Project],
    updatable: true,
    key: "id",
    alias: None,
    fields: &[
        Text("title", ""),
        Text("file_name", ""),
        Optional("description"),
        Text("visibility", "private"),
        Text("content", ""),
    ],
    required: &["title", "file_name", "content"],
    filters: &[],
    secret: &["content"],
    check: snippet_check,
    made: snippet_made,
};

fn snippet_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    let visibility = record["visibility"].as_str().unwrap_or_default();
    if !["private", "internal", "public"].contains(&visibility) {
        return Err(ApiError::error("visibility does not have a valid value"));
    }
    if record["title"].as_str().is_some_and(str::is_empty) {
        return Err(ApiError::fields(&[("title", "can't be blank")]));
    }
    // One file, named as the snippet is: its path follows a renamed `file_name`.
    if let Some(raw_url) = record.get("raw_url").cloned() {
        let path = record["file_name"].clone();
        record.insert("files".into(), json!([{"path": path, "raw_url": raw_url}]));
    }
    Ok(())
}

fn snippet_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    in_project(store, owner, record);
    record.insert("author".into(), store.me());
    if let Owner::Project(project) = owner {
        let web_url = format!(
            "{}/-/snippets/{}",
            store.web_url(&store.projects[project]),
            record["id"]
        );
        record.insert("raw_url".into(), json!(format!("{web_url}/raw")));
        record.insert("web_url".into(), json!(web_url));
    }
    record.insert("imported".into(), json!(false));
    record.insert("imported_from".into(), json!("none"));
    let _ = snippet_check(record);
}

/// Requests to join a project or a group, named by the id of the user who asked. Made by
/// the routes (`routes::access_requests`), not by a generic `POST`: the requester is the
/// caller.
pub(crate) static ACCESS_REQUESTS: Kind = Kind {
    segment: "access_requests",
    noun: "Access Request",
    parents: &[Parent::Project, Parent::Group],
    updatable: false,
    key: "id",
    alias: None,
    fields: &[],
    required: &[],
    filters: &[],
    secret: &[],
    check: unchecked,
    made: plain,
};

/// CI statuses reported on a commit by external checks (`POST /projects/:id/statuses/:sha`).
pub(crate) static COMMIT_STATUSES: Kind = Kind {
    segment: "statuses",
    noun: "Commit Status",
    parents: &[Parent::Project],
    updatable: false,
    key: "id",
    alias: None,
    fields: &[
        Text("sha", ""),
        Optional("ref"),
        Text("status", ""),
        Text("name", "default"),
        Optional("target_url"),
        Optional("description"),
        Optional("coverage"),
    ],
    required: &["sha", "status"],
    filters: &[
        Filter::Equals("sha", "sha"),
        Filter::Equals("ref", "ref"),
        Filter::Equals("name", "name"),
    ],
    secret: &[],
    check: status_check,
    made: status_made,
};

/// The states an external check reports.
pub(crate) const STATUS_STATES: &[&str] = &[
    "pending", "running", "success", "failed", "canceled", "skipped",
];

fn status_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    if !STATUS_STATES.contains(&record["status"].as_str().unwrap_or_default()) {
        return Err(ApiError::error("state does not have a valid value"));
    }
    Ok(())
}

fn status_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    stamped(store, owner, record);
    record.remove("updated_at");
    let at = record["created_at"].clone();
    let finished = !["pending", "running"].contains(&record["status"].as_str().unwrap_or_default());
    let started = record["status"] != "pending";
    record.insert(
        "started_at".into(),
        if started { at.clone() } else { Value::Null },
    );
    record.insert(
        "finished_at".into(),
        if finished { at } else { Value::Null },
    );
    record.insert("allow_failure".into(), json!(false));
    record.insert("author".into(), store.me());
    if let Some(coverage) = record["coverage"]
        .as_str()
        .and_then(|c| c.parse::<f64>().ok())
    {
        record.insert("coverage".into(), json!(coverage));
    }
}

/// Comments on a commit, on the whole of it or on one line of its diff.
pub(crate) static COMMIT_COMMENTS: Kind = Kind {
    segment: "commit_comments",
    noun: "Commit Comment",
    parents: &[Parent::Project],
    updatable: false,
    key: "id",
    alias: None,
    fields: &[
        Text("sha", ""),
        Text("note", ""),
        Optional("path"),
        Optional("line"),
        Optional("line_type"),
    ],
    required: &["note"],
    filters: &[Filter::Equals("sha", "sha")],
    secret: &[],
    check: comment_check,
    made: comment_made,
};

fn comment_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    if let Some(kind) = record["line_type"].as_str()
        && !["new", "old"].contains(&kind)
    {
        return Err(ApiError::error("line_type does not have a valid value"));
    }
    if let Some(line) = record["line"].as_str() {
        let line = line
            .parse::<u64>()
            .map_err(|_| ApiError::error("line is invalid"))?;
        record.insert("line".into(), json!(line));
    }
    Ok(())
}

fn comment_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    stamped(store, owner, record);
    record.remove("updated_at");
    record.insert("author".into(), store.me());
}
