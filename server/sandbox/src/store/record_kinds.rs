//! The kinds of [records](super::records) the sandbox keeps, each as GitLab's API
//! documents its fields, defaults and checks.

use serde_json::{Map, Value, json};

use axum::http::StatusCode;

use super::records::{
    Change, Errors, Field, Filter, Kind, Owner, Parent, Unique, plain, unchecked,
};
use super::{Ids, Store, hex_id, now};
use crate::param_rules::Rule;
use crate::reply::ApiError;

use Field::{Bool, Integer, Object, Optional, Text};

/// Every kind, for the routes.
pub(crate) static KINDS: [&Kind; 22] = [
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
    &PACKAGE_PROTECTION_RULES,
    &CONTAINER_PROTECTION_RULES,
    &super::feature_flags::FEATURE_FLAG_USER_LISTS,
    &super::review_records::PROJECT_APPROVAL_RULES,
    &super::review_records::MERGE_REQUEST_APPROVAL_RULES,
    &super::review_records::MERGE_REQUEST_BLOCKS,
];

/// CI/CD variables of a project or a group, one per key and environment scope. GitLab
/// shows a masked variable's value to a maintainer (the server hides it from the model, not
/// the sandbox), never a hidden one's.
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
        Bool("masked_and_hidden", false),
        Bool("raw", false),
        Text("environment_scope", "*"),
        Optional("description"),
    ],
    required: &["key", "value"],
    filters: &[],
    secret: &[],
    check: variable_check,
    made: plain,
    scope: Some("environment_scope"),
    // The update route takes neither a new key nor `masked_and_hidden`: hiding is for good.
    fixed: &["key", "masked_and_hidden"],
    unique: &[Unique {
        fields: &["key", "environment_scope"],
        message: "({value}) has already been taken",
    }],
    create_rules: &[Rule::Values("variable_type", &["env_var", "file"])],
    update_rules: &[Rule::Values("variable_type", &["env_var", "file"])],
    view: variable_view,
    missing: "404 Variable Not Found",
    ..Kind::PLAIN
};

/// GitLab's rules: a key of letters, digits and `_`; a masked value of at least 8
/// characters with no whitespace; `env_var` or `file`. `masked_and_hidden` makes the
/// variable masked and hidden, and it stays hidden.
fn variable_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    if record.remove("masked_and_hidden") == Some(json!(true)) {
        record.insert("masked".into(), json!(true));
        record.insert("hidden".into(), json!(true));
    }
    record.entry("hidden").or_insert(json!(false));
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

/// A hidden variable's value is never shown again, not even to its project's maintainers.
fn variable_view(_: &Store, _: &Owner, record: &mut Map<String, Value>) {
    if record["hidden"] == json!(true) {
        record.insert("value".into(), Value::Null);
    }
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
    judge: hook_judge,
    missing: "404 Not found",
    ..Kind::PLAIN
};

/// An http or https URL with a host; GitLab answers any problem with the URL `422 Invalid
/// url given`, in Grape's `error` shape.
fn hook_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    let url = record["url"].as_str().unwrap_or_default();
    let parsed = url::Url::parse(url).ok();
    let usable = parsed.is_some_and(|url| {
        ["http", "https"].contains(&url.scheme()) && url.host_str().is_some_and(|h| !h.is_empty())
    });
    if !usable {
        return Err(ApiError::error_with(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Invalid url given",
        ));
    }
    Ok(())
}

/// An update must change something: GitLab's `400 No parameters provided` otherwise.
fn hook_judge(
    _: &Store,
    _: &Owner,
    params: &Map<String, Value>,
    change: Change<'_>,
) -> Result<(), ApiError> {
    let changes = params.keys().any(|name| HOOKS.takes(name) && name != "id");
    if matches!(change, Change::Update) && !changes {
        return Err(ApiError::error("No parameters provided"));
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
    missing: "404 Pipeline Schedule Not Found",
    ..Kind::PLAIN
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
    missing: "404 Trigger Not Found",
    ..Kind::PLAIN
};

fn trigger_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    owned_and_stamped(store, owner, record);
    let token = hex_id(format!("trigger {}", record["id"]).as_bytes());
    record.insert("token".into(), json!(format!("glptt-{}", &token[..20])));
    record.insert("last_used".into(), Value::Null);
}

/// Where code is deployed; made `available`, stopped by `…/stop`, named once for good
/// (the update route takes no name).
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
        Text("auto_stop_setting", "always"),
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
    fixed: &["name"],
    unique: &[Unique {
        fields: &["name"],
        message: "has already been taken",
    }],
    list_rules: &[
        Rule::ExclusiveSaying(&["name", "search"], "cannot be used together"),
        Rule::Values("states", &["available", "stopping", "stopped"]),
    ],
    create_rules: ENVIRONMENT_RULES,
    update_rules: ENVIRONMENT_RULES,
    list_check: environment_search,
    judge: environment_judge,
    ..Kind::PLAIN
};

/// What Grape checks of an environment made or changed: GitLab makes the slug itself.
const ENVIRONMENT_RULES: &[Rule] = &[
    Rule::Absent("slug", "is automatically generated and cannot be changed"),
    Rule::Values(
        "tier",
        &["production", "staging", "testing", "development", "other"],
    ),
    Rule::Values("auto_stop_setting", &["always", "with_action"]),
];

/// GitLab searches environments by at least 3 characters.
fn environment_search(params: &Map<String, Value>) -> Result<(), ApiError> {
    let search = params
        .get("search")
        .and_then(Value::as_str)
        .unwrap_or_default();
    if !search.is_empty() && search.chars().count() < 3 {
        return Err(ApiError::bad_request_because(
            "Search query is less than 3 characters",
        ));
    }
    Ok(())
}

/// Only a stopped environment may be deleted: GitLab's policy forbids deleting one still
/// available.
fn environment_judge(
    _: &Store,
    _: &Owner,
    _: &Map<String, Value>,
    change: Change<'_>,
) -> Result<(), ApiError> {
    if let Change::Delete(environment) = change
        && environment["state"] != "stopped"
    {
        return Err(ApiError::message(StatusCode::FORBIDDEN, "403 Forbidden"));
    }
    Ok(())
}

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

/// Deployments to an environment, as an outside tool reports them (the API may only set
/// the status of a deployment once made).
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
        Filter::After("updated_after", "updated_at"),
        Filter::Before("updated_before", "updated_at"),
    ],
    secret: &[],
    check: unchecked,
    made: deployment_made,
    fixed: &["environment", "sha", "ref", "tag"],
    list_rules: &[
        Rule::Values(
            "order_by",
            &["id", "iid", "created_at", "updated_at", "finished_at"],
        ),
        Rule::Values("sort", &["asc", "desc"]),
        Rule::Values("status", DEPLOYMENT_STATUSES),
    ],
    create_rules: &[Rule::Values("status", REPORTED_STATUSES)],
    update_rules: &[
        Rule::Required("status"),
        Rule::Values("status", REPORTED_STATUSES),
    ],
    list_check: deployments_finder,
    judge: deployment_judge,
    ..Kind::PLAIN
};

/// Every status a deployment can have.
const DEPLOYMENT_STATUSES: &[&str] = &[
    "created", "running", "success", "failed", "canceled", "skipped", "blocked",
];
/// The statuses the API may report: a deployment made or updated through it has run.
const REPORTED_STATUSES: &[&str] = &["running", "success", "failed", "canceled"];

/// GitLab's deployments finder refuses filters it could only serve with a slow query.
fn deployments_finder(params: &Map<String, Value>) -> Result<(), ApiError> {
    let given = |name: &str| params.get(name).is_some_and(|v| v.as_str() != Some(""));
    let order_by = params
        .get("order_by")
        .and_then(Value::as_str)
        .unwrap_or("id");
    let status = params.get("status").and_then(Value::as_str);
    let by_updated = given("updated_after") || given("updated_before");
    let by_finished = given("finished_after") || given("finished_before");
    let finished_status = status.is_some_and(|s| ["success", "failed", "canceled"].contains(&s));
    let refusal = if by_updated && by_finished {
        "Both `updated_at` filter and `finished_at` filter can not be specified"
    } else if by_updated && order_by != "updated_at" {
        "`updated_at` filter requires `updated_at` sort"
    } else if by_finished && order_by != "finished_at" {
        "`finished_at` filter requires `finished_at` sort."
    } else if order_by == "finished_at" && !(by_finished || finished_status) {
        "`finished_at` sort requires `finished_at` filter or a filter with at least one of the finished statuses."
    } else if by_finished && status != Some("success") {
        "`finished_at` filter must be combined with `success` status filter."
    } else {
        return Ok(());
    };
    Err(ApiError::bad_request_because(refusal))
}

/// A new deployment names a commit and a ref of the repository; a running deployment, or
/// the one its environment stands at, is not deleted.
fn deployment_judge(
    store: &Store,
    owner: &Owner,
    params: &Map<String, Value>,
    change: Change<'_>,
) -> Result<(), ApiError> {
    let Owner::Project(project) = owner else {
        return Ok(());
    };
    let repository = &store.projects[project].repository;
    match change {
        Change::Create => {
            let text = |name: &str| params.get(name).and_then(Value::as_str).unwrap_or_default();
            if repository.resolve(text("sha")).is_none() {
                return Err(ApiError::fields(&[("sha", "The commit does not exist")]));
            }
            if repository.resolve(text("ref")).is_none() {
                return Err(ApiError::fields(&[(
                    "ref",
                    "The branch or tag does not exist",
                )]));
            }
        }
        Change::Delete(deployment) => {
            if deployment["status"] == "running" {
                return Err(ApiError::bad_request("Cannot destroy running deployment"));
            }
            let environment = &deployment["environment"]["name"];
            let latest = store
                .record_list(owner, &DEPLOYMENTS)
                .into_iter()
                .rfind(|other| &other["environment"]["name"] == environment);
            if latest.is_some_and(|latest| latest["id"] == deployment["id"]) {
                return Err(ApiError::bad_request(
                    "Deployment currently deployed to environment",
                ));
            }
        }
        Change::Update => {}
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
    fixed: &["key", "expires_at"],
    update_rules: &[Rule::AtLeastOne(&["title", "can_push"])],
    missing: "404 Deploy Key Not Found",
    ..Kind::PLAIN
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
    view: badge_view,
    missing: "404 Badge Not Found",
    ..Kind::PLAIN
};

fn badge_made(_: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    let kind = match owner {
        Owner::Group(_) => "group",
        _ => "project",
    };
    record.insert("kind".into(), json!(kind));
}

/// A project's badge shows its URLs with the placeholders filled in from the project as
/// it is now; a group's badge, read on its group, shows them as written.
fn badge_view(store: &Store, owner: &Owner, record: &mut Map<String, Value>) {
    for (written, rendered) in [
        ("link_url", "rendered_link_url"),
        ("image_url", "rendered_image_url"),
    ] {
        let url = record[written].as_str().unwrap_or_default();
        let shown = match owner {
            Owner::Project(project) => super::badges::rendered(store, *project, url),
            _ => url.to_owned(),
        };
        record.insert(rendered.into(), json!(shown));
    }
}

/// Emoji reactions on an issue, a merge request or a comment on either, one per name and
/// user.
pub(crate) static AWARD_EMOJI: Kind = Kind {
    segment: "award_emoji",
    noun: "Award Emoji",
    parents: &[
        Parent::Issue,
        Parent::MergeRequest,
        Parent::IssueNote,
        Parent::MergeRequestNote,
    ],
    updatable: false,
    key: "id",
    alias: None,
    fields: &[Text("name", "")],
    required: &["name"],
    filters: &[],
    secret: &[],
    check: emoji_check,
    made: emoji_made,
    // One reaction per name and user; the route answers its service's refusals, this
    // one too, as `404 Award Emoji <problem> Not Found`.
    unique: &[Unique {
        fields: &["name"],
        message: "has already been taken",
    }],
    errors: Errors::NotFound,
    ..Kind::PLAIN
};

/// A name as GitLab spells emoji: lower-case letters, digits, `_`, `+` and `-`
/// (`thumbsup`, `white_check_mark`); `+1` and `-1` are GitLab's other names of
/// `thumbsup` and `thumbsdown`.
fn emoji_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    let name = record["name"].as_str().unwrap_or_default();
    let name = match name {
        "+1" => "thumbsup",
        "-1" => "thumbsdown",
        other => other,
    }
    .to_owned();
    let known = name
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_+-".contains(c));
    if name.is_empty() || !known {
        return Err(AWARD_EMOJI.invalid(&[("name", "is not a valid emoji name")]));
    }
    record.insert("name".into(), json!(name));
    Ok(())
}

fn emoji_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    stamped(store, owner, record);
    record.insert("user".into(), store.me());
    // GitLab's `awardable_id`: the iid of an issue or merge request, a note's id.
    let (kind, iid) = match owner {
        Owner::Issue(_, iid) => ("Issue", *iid),
        Owner::MergeRequest(_, iid) => ("MergeRequest", *iid),
        Owner::IssueNote(.., note) | Owner::MergeRequestNote(.., note) => ("Note", *note),
        _ => ("Note", 0),
    };
    record.insert("awardable_type".into(), json!(kind));
    record.insert("awardable_id".into(), json!(iid));
}

/// A merge request's draft notes: review comments only their author sees until
/// published (`…/publish`, `…/bulk_publish`). One may reply to a thread (its
/// `discussion_id`) or sit on a line of the diff (its `position`, with that line's
/// `line_code`); an update changes the text and the position only.
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
        Object("position"),
    ],
    required: &["note"],
    filters: &[],
    secret: &[],
    check: unchecked,
    made: draft_made,
    fixed: &[
        "in_reply_to_discussion_id",
        "commit_id",
        "resolve_discussion",
    ],
    update_rules: &[Rule::Filled("note")],
    // GitLab's update writes `note` and `position` as given: a draft edited without its
    // position is no longer on a line of the diff.
    replaced: &["position"],
    judge: draft_judge,
    view: draft_view,
    ..Kind::PLAIN
};

fn draft_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    record.insert("author_id".into(), json!(super::CURRENT_USER));
    if let Owner::MergeRequest(project, iid) = owner {
        let id = store.projects[project].merge_requests[iid].id;
        record.insert("merge_request_id".into(), json!(id));
    }
}

/// A reply names a thread of the merge request; a position is one Grape reads and a line
/// of the diff; an update brings a text.
fn draft_judge(
    store: &Store,
    owner: &Owner,
    params: &Map<String, Value>,
    change: Change<'_>,
) -> Result<(), ApiError> {
    let Owner::MergeRequest(project, iid) = owner else {
        return Ok(());
    };
    if let Change::Update = change {
        let note = params
            .get("note")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if note.trim().is_empty() {
            return Err(ApiError::bad_request_because("Missing params to modify"));
        }
    }
    let merge_request = &store.projects[project].merge_requests[iid];
    if let (Change::Create, Some(thread)) = (
        change,
        params
            .get("in_reply_to_discussion_id")
            .and_then(Value::as_str),
    ) && !merge_request.discussions.iter().any(|d| d.id == thread)
    {
        return Err(ApiError::fields(&[(
            "base",
            "Thread to reply to cannot be found",
        )]));
    }
    if let Some(Value::Object(fields)) = params.get("position") {
        let position = super::diff_positions::read(fields)?;
        super::diff_positions::check(&store.projects[project], &position)
            .map_err(|_| ApiError::fields(&[("line_code", "can't be blank")]))?;
    }
    Ok(())
}

/// GitLab's fields of a draft: the thread it replies to as `discussion_id`, its position
/// as GitLab writes positions, and the line code of a position on a line.
fn draft_view(store: &Store, owner: &Owner, record: &mut Map<String, Value>) {
    let thread = record
        .remove("in_reply_to_discussion_id")
        .unwrap_or(Value::Null);
    record.insert("discussion_id".into(), thread);
    let position = match &record["position"] {
        Value::Object(fields) => super::diff_positions::read(fields).ok(),
        _ => None,
    };
    let line_code = match (owner, &position) {
        (Owner::MergeRequest(project, _), Some(position)) => {
            super::diff_positions::line_code(&store.projects[project], position)
        }
        _ => None,
    };
    record.insert("line_code".into(), json!(line_code));
    record.insert(
        "position".into(),
        position.map_or(Value::Null, |position| position.json()),
    );
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
    // A release's links differ in URL and in name; the route answers the model's errors
    // as `400 {"message": ["Url has already been taken"]}`.
    unique: &[
        Unique {
            fields: &["url"],
            message: "has already been taken",
        },
        Unique {
            fields: &["name"],
            message: "has already been taken",
        },
    ],
    errors: Errors::Sentences(StatusCode::BAD_REQUEST),
    create_rules: &[Rule::Values("link_type", LINK_TYPES)],
    update_rules: &[
        Rule::AtLeastOne(&["name", "url"]),
        Rule::Values("link_type", LINK_TYPES),
    ],
    ..Kind::PLAIN
};

const LINK_TYPES: &[&str] = &["other", "runbook", "image", "package"];

fn link_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    let url = record["url"].as_str().unwrap_or_default();
    if !(url.starts_with("http://") || url.starts_with("https://") || url.starts_with("ftp://")) {
        return Err(RELEASE_LINKS.invalid(&[(
            "url",
            "is blocked: Only allowed schemes are http, https, ftp",
        )]));
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
    check: unchecked,
    made: protected_tag_made,
    // A name is protected once: `422 {"message": ["Name has already been taken"]}`.
    unique: &[Unique {
        fields: &["name"],
        message: "has already been taken",
    }],
    errors: Errors::Sentences(StatusCode::UNPROCESSABLE_ENTITY),
    // 0 (no one), 30 (developers), 40 (maintainers) or 60 (administrators).
    create_rules: &[Rule::Values(
        "create_access_level",
        &["0", "30", "40", "60"],
    )],
    ..Kind::PLAIN
};

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
    update_rules: &[Rule::AtLeastOne(&[
        "new_name",
        "color",
        "description",
        "archived",
    ])],
    missing: "404 Label Not Found",
    ..Kind::PLAIN
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
    list_rules: &[
        Rule::Values("state", &["active", "closed", "all"]),
        Rule::Exclusive(&["include_ancestors", "include_parent_milestones"]),
    ],
    update_rules: &[
        Rule::AtLeastOne(&[
            "title",
            "description",
            "start_date",
            "due_date",
            "state_event",
        ]),
        Rule::Values("state_event", &["close", "activate"]),
    ],
    missing: "404 Milestone Not Found",
    ..Kind::PLAIN
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
    ..Kind::PLAIN
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
    required: &[],
    filters: &[],
    secret: &["content"],
    check: snippet_check,
    made: snippet_made,
    // GitLab asks for the visibility of every new snippet, and one file: `files`, or
    // `content` with its `file_name` (the sandbox keeps one file, from `content`).
    create_rules: &[
        Rule::Required("title"),
        Rule::Filled("title"),
        Rule::Required("visibility"),
        Rule::Values("visibility", SNIPPET_VISIBILITIES),
        Rule::Filled("content"),
        Rule::Given("content", "file_name"),
        Rule::ExactlyOne(&["files", "content"]),
    ],
    update_rules: &[
        Rule::Filled("content"),
        Rule::Filled("title"),
        Rule::Values("visibility", SNIPPET_VISIBILITIES),
        Rule::Exclusive(&["files", "content"]),
        Rule::Exclusive(&["files", "file_name"]),
        Rule::AtLeastOne(&[
            "content",
            "description",
            "files",
            "file_name",
            "title",
            "visibility",
        ]),
    ],
    missing: "404 Snippet Not Found",
    ..Kind::PLAIN
};

const SNIPPET_VISIBILITIES: &[&str] = &["private", "internal", "public"];

fn snippet_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
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
    ..Kind::PLAIN
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
    ..Kind::PLAIN
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
    // A comment on a file names its line; the line's side is `new` unless told.
    create_rules: &[
        Rule::Given("path", "line"),
        Rule::Values("line_type", &["new", "old"]),
    ],
    ..Kind::PLAIN
};

fn comment_check(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    if record["path"].is_string() && record["line_type"].is_null() {
        record.insert("line_type".into(), json!("new"));
    }
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

/// `Packages::Protection::Rule.package_types`.
const PROTECTED_PACKAGE_TYPES: &[&str] = &["conan", "maven", "npm", "pypi"];

/// Who may push or delete the packages a rule protects, by their name pattern and type.
pub(crate) static PACKAGE_PROTECTION_RULES: Kind = Kind {
    segment: "packages/protection/rules",
    noun: "Package protection rule",
    parents: &[Parent::Project],
    updatable: true,
    patched: true,
    fields: &[
        Optional("package_name_pattern"),
        Optional("package_type"),
        Optional("minimum_access_level_for_delete"),
        Optional("minimum_access_level_for_push"),
    ],
    required: &["package_name_pattern", "package_type"],
    create_rules: &[
        Rule::Values("package_type", PROTECTED_PACKAGE_TYPES),
        Rule::Values("minimum_access_level_for_delete", &["owner", "admin"]),
        Rule::Values(
            "minimum_access_level_for_push",
            &["maintainer", "owner", "admin"],
        ),
        Rule::AtLeastOne(&[
            "minimum_access_level_for_push",
            "minimum_access_level_for_delete",
        ]),
    ],
    update_rules: &[
        Rule::Values("package_type", PROTECTED_PACKAGE_TYPES),
        Rule::Values("minimum_access_level_for_delete", &["owner", "admin"]),
        Rule::Values(
            "minimum_access_level_for_push",
            &["maintainer", "owner", "admin"],
        ),
    ],
    unique: &[Unique {
        fields: &["package_name_pattern", "package_type"],
        message: "has already been taken",
    }],
    errors: Errors::Service(StatusCode::UNPROCESSABLE_ENTITY),
    made: of_project,
    ..Kind::PLAIN
};

/// Who may push or delete the images of the container repositories whose path a rule's
/// pattern matches. An update sets a level to `""` to unset it.
pub(crate) static CONTAINER_PROTECTION_RULES: Kind = Kind {
    segment: "registry/protection/repository/rules",
    noun: "Container protection rule",
    parents: &[Parent::Project],
    updatable: true,
    patched: true,
    fields: &[
        Optional("repository_path_pattern"),
        Optional("minimum_access_level_for_push"),
        Optional("minimum_access_level_for_delete"),
    ],
    required: &["repository_path_pattern"],
    create_rules: &[
        Rule::Values(
            "minimum_access_level_for_push",
            &["maintainer", "owner", "admin"],
        ),
        Rule::Values(
            "minimum_access_level_for_delete",
            &["maintainer", "owner", "admin"],
        ),
        Rule::AtLeastOne(&[
            "minimum_access_level_for_push",
            "minimum_access_level_for_delete",
        ]),
    ],
    update_rules: &[
        Rule::Values(
            "minimum_access_level_for_push",
            &["maintainer", "owner", "admin", ""],
        ),
        Rule::Values(
            "minimum_access_level_for_delete",
            &["maintainer", "owner", "admin", ""],
        ),
    ],
    check: unset_blank_levels,
    unique: &[Unique {
        fields: &["repository_path_pattern"],
        message: "has already been taken",
    }],
    errors: Errors::Service(StatusCode::UNPROCESSABLE_ENTITY),
    made: of_project,
    ..Kind::PLAIN
};

/// A level sent as `""` is no level.
fn unset_blank_levels(record: &mut Map<String, Value>) -> Result<(), ApiError> {
    for field in [
        "minimum_access_level_for_push",
        "minimum_access_level_for_delete",
    ] {
        if record[field] == "" {
            record.insert(field.to_owned(), Value::Null);
        }
    }
    Ok(())
}

/// The project's id, and nothing else (no dates: GitLab's protection rules show none).
fn of_project(_: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    if let Owner::Project(project) = owner {
        record.insert("project_id".into(), json!(project));
    }
}
