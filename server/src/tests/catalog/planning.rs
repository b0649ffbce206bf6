//! The `labels`, `milestones` and `wiki` toolsets as requests: every action turns its
//! arguments into exactly GitLab's call, or refuses them naming the field, before anything
//! is sent.

use crate::catalog::{Output, Toolset};
use crate::tests::catalog_support::{Class, action, assert_toolset, pairs, prepared, refused};
use reqwest::Method;
use serde_json::json;

#[test]
fn every_action_of_the_toolsets_and_its_class() {
    use Class::{Destructive, Read, Write};
    assert_toolset(
        Toolset::Labels,
        &[
            ("label.list", Read),
            ("label.get", Read),
            ("label.create", Write),
            ("label.update", Write),
            ("label.delete", Destructive),
            ("label.group_list", Read),
            ("label.group_get", Read),
            ("label.group_create", Write),
            ("label.group_update", Write),
            ("label.group_delete", Destructive),
        ],
    );
    assert_toolset(
        Toolset::Milestones,
        &[
            ("milestone.list", Read),
            ("milestone.get", Read),
            ("milestone.create", Write),
            ("milestone.update", Write),
            ("milestone.delete", Destructive),
            ("milestone.issue_list", Read),
            ("milestone.merge_request_list", Read),
            ("milestone.group_list", Read),
            ("milestone.group_get", Read),
            ("milestone.group_create", Write),
            ("milestone.group_update", Write),
            ("milestone.group_delete", Destructive),
        ],
    );
    assert_toolset(
        Toolset::Wiki,
        &[
            ("wiki.list", Read),
            ("wiki.get", Read),
            ("wiki.create", Write),
            ("wiki.update", Write),
            ("wiki.delete", Destructive),
        ],
    );
}

#[test]
fn labels_are_listed_and_named_by_id_or_name() {
    let list = prepared(
        "label.list",
        json!({"project_id": "demo/sandbox", "search": "bug", "with_counts": true, "per_page": 100}),
    );
    assert_eq!(list.method, Method::GET);
    assert_eq!(list.path, ["projects", "demo/sandbox", "labels"]);
    assert_eq!(
        list.query,
        pairs(&[
            ("per_page", "100"),
            ("search", "bug"),
            ("with_counts", "true")
        ])
    );
    assert_eq!(action("label.list").output, Output::List);
    let by_id = prepared(
        "label.get",
        json!({"project_id": "demo/sandbox", "label_id": 12}),
    );
    assert_eq!(by_id.path, ["projects", "demo/sandbox", "labels", "12"]);
    // A scoped label's name stays one segment, whatever it holds.
    let by_name = prepared(
        "label.get",
        json!({"project_id": 1, "label_id": "area/ui::high"}),
    );
    assert_eq!(by_name.path, ["projects", "1", "labels", "area/ui::high"]);
    let error = refused("label.get", json!({"project_id": 1, "label_id": ""}));
    assert!(
        error.starts_with("invalid parameters for `label.get`: `label_id`: invalid value: string \"\", expected a label id (a positive integer) or a non-empty label name"),
        "{error}"
    );
    let error = refused("label.get", json!({"project_id": 1, "label_id": true}));
    assert!(
        error.contains("`label_id`: invalid type: boolean"),
        "{error}"
    );
}

#[test]
fn labels_are_created_updated_and_deleted() {
    let create = prepared(
        "label.create",
        json!({"project_id": "demo/sandbox", "name": "bug", "color": "#d9534f", "priority": 1}),
    );
    assert_eq!(create.method, Method::POST);
    assert_eq!(create.path, ["projects", "demo/sandbox", "labels"]);
    assert_eq!(
        create.body,
        Some(json!({"name": "bug", "color": "#d9534f", "priority": 1}))
    );
    assert_eq!(
        refused("label.create", json!({"project_id": 1, "name": "bug"})),
        "invalid parameters for `label.create`: missing field `color`"
    );
    let update = prepared(
        "label.update",
        json!({"project_id": "demo/sandbox", "label_id": "bug", "new_name": "defect", "color": "red"}),
    );
    assert_eq!(update.method, Method::PUT);
    assert_eq!(update.path, ["projects", "demo/sandbox", "labels", "bug"]);
    assert_eq!(
        update.body,
        Some(json!({"new_name": "defect", "color": "red"}))
    );
    assert_eq!(
        refused("label.update", json!({"project_id": 1, "label_id": "bug"})),
        "invalid parameters for `label.update`: nothing to update; give at least one of `color`, `description`, `new_name`, `priority`"
    );
    let error = refused(
        "label.update",
        json!({"project_id": 1, "label_id": "bug", "name": "defect"}),
    );
    assert!(
        error.starts_with("invalid parameters for `label.update`: unknown parameter `name`; expected `project_id`, `label_id`"),
        "{error}"
    );
    let delete = prepared(
        "label.delete",
        json!({"project_id": "demo/sandbox", "label_id": 3}),
    );
    assert_eq!(delete.method, Method::DELETE);
    assert_eq!(delete.path, ["projects", "demo/sandbox", "labels", "3"]);
    assert_eq!(action("label.delete").output, Output::Deleted);
}

#[test]
fn milestones_are_listed_by_state_title_and_iids() {
    let list = prepared(
        "milestone.list",
        json!({"project_id": "demo/sandbox", "state": "active", "title": "Sprint 12", "iids": [3, 4], "page": 2}),
    );
    assert_eq!(list.method, Method::GET);
    assert_eq!(list.path, ["projects", "demo/sandbox", "milestones"]);
    assert_eq!(
        list.query,
        pairs(&[
            ("iids[]", "3"),
            ("iids[]", "4"),
            ("page", "2"),
            ("state", "active"),
            ("title", "Sprint 12"),
        ])
    );
    let error = refused(
        "milestone.list",
        json!({"project_id": 1, "state": "opened"}),
    );
    assert!(
        error.contains(
            "`state`: unknown variant `opened`, expected one of `active`, `closed`, `all`"
        ),
        "{error}"
    );
    let get = prepared(
        "milestone.get",
        json!({"project_id": "demo/sandbox", "milestone_id": 12}),
    );
    assert_eq!(
        (get.method, get.path),
        (
            Method::GET,
            strings(&["projects", "demo/sandbox", "milestones", "12"])
        )
    );
}

fn strings(parts: &[&str]) -> Vec<String> {
    parts.iter().map(|part| (*part).to_owned()).collect()
}

#[test]
fn milestones_are_created_with_dates_in_order() {
    let create = prepared(
        "milestone.create",
        json!({"project_id": "demo/sandbox", "title": "Sprint 12", "start_date": "2026-07-01", "due_date": "2026-07-14"}),
    );
    assert_eq!(create.method, Method::POST);
    assert_eq!(create.path, ["projects", "demo/sandbox", "milestones"]);
    assert_eq!(
        create.body,
        Some(json!({"title": "Sprint 12", "start_date": "2026-07-01", "due_date": "2026-07-14"}))
    );
    let one_day = prepared(
        "milestone.create",
        json!({"project_id": 1, "title": "Hackday", "start_date": "2026-07-01", "due_date": "2026-07-01"}),
    );
    assert_eq!(one_day.body.unwrap()["due_date"], "2026-07-01");
    assert_eq!(
        refused(
            "milestone.create",
            json!({"project_id": 1, "title": "Sprint 12", "start_date": "2026-07-14", "due_date": "2026-07-01"})
        ),
        "invalid parameters for `milestone.create`: `due_date` 2026-07-01 is before `start_date` 2026-07-14; a milestone ends on or after the day it starts"
    );
    assert!(
        refused(
            "milestone.create",
            json!({"project_id": 1, "title": "x", "due_date": "14/07/2026"})
        )
        .contains("`due_date`: expected a date as YYYY-MM-DD, got `14/07/2026`")
    );
    assert_eq!(
        refused("milestone.create", json!({"project_id": 1})),
        "invalid parameters for `milestone.create`: missing field `title`"
    );
}

#[test]
fn milestones_are_updated_closed_and_deleted() {
    let close = prepared(
        "milestone.update",
        json!({"project_id": "demo/sandbox", "milestone_id": 12, "state_event": "close"}),
    );
    assert_eq!(close.method, Method::PUT);
    assert_eq!(close.path, ["projects", "demo/sandbox", "milestones", "12"]);
    assert_eq!(close.body, Some(json!({"state_event": "close"})));
    let error = refused(
        "milestone.update",
        json!({"project_id": 1, "milestone_id": 12, "state_event": "reopen"}),
    );
    assert!(
        error.contains("`state_event`: unknown variant `reopen`, expected `activate` or `close`"),
        "{error}"
    );
    assert_eq!(
        refused(
            "milestone.update",
            json!({"project_id": 1, "milestone_id": 12, "start_date": "2026-08-01", "due_date": "2026-07-01"})
        ),
        "invalid parameters for `milestone.update`: `due_date` 2026-07-01 is before `start_date` 2026-08-01; a milestone ends on or after the day it starts"
    );
    assert!(
        refused("milestone.update", json!({"project_id": 1, "milestone_id": 12}))
            .contains("nothing to update; give at least one of `description`, `due_date`, `start_date`, `state_event`, `title`")
    );
    let delete = prepared(
        "milestone.delete",
        json!({"project_id": "demo/sandbox", "milestone_id": 12}),
    );
    assert_eq!(delete.method, Method::DELETE);
    assert_eq!(
        delete.path,
        ["projects", "demo/sandbox", "milestones", "12"]
    );
}

#[test]
fn the_issues_and_merge_requests_of_a_milestone() {
    for (id, last) in [
        ("milestone.issue_list", "issues"),
        ("milestone.merge_request_list", "merge_requests"),
    ] {
        let request = prepared(
            id,
            json!({"project_id": "demo/sandbox", "milestone_id": 12, "per_page": 50}),
        );
        assert_eq!(request.method, Method::GET, "{id}");
        assert_eq!(
            request.path,
            ["projects", "demo/sandbox", "milestones", "12", last],
            "{id}"
        );
        assert_eq!(request.query, pairs(&[("per_page", "50")]), "{id}");
        assert_eq!(action(id).output, Output::List, "{id}");
    }
    assert_eq!(
        refused(
            "milestone.issue_list",
            json!({"project_id": 1, "milestone_id": -1})
        ),
        "invalid parameters for `milestone.issue_list`: `milestone_id`: invalid value: integer `-1`, expected u64"
    );
}

#[test]
fn wiki_pages_are_named_by_slug_as_one_segment() {
    let list = prepared(
        "wiki.list",
        json!({"project_id": "demo/sandbox", "with_content": true}),
    );
    assert_eq!(list.method, Method::GET);
    assert_eq!(list.path, ["projects", "demo/sandbox", "wikis"]);
    assert_eq!(list.query, pairs(&[("with_content", "true")]));
    assert_eq!(action("wiki.list").output, Output::List);
    assert!(
        !action("wiki.list").parameters().iter().any(|p| p == "page"),
        "GitLab lists every page at once"
    );
    let get = prepared(
        "wiki.get",
        json!({"project_id": "demo/sandbox", "slug": "guides/deploy", "render_html": true, "version": "abc123"}),
    );
    assert_eq!(
        get.path,
        ["projects", "demo/sandbox", "wikis", "guides/deploy"]
    );
    assert_eq!(
        get.query,
        pairs(&[("render_html", "true"), ("version", "abc123")])
    );
}

#[test]
fn wiki_pages_are_created_updated_and_deleted() {
    let create = prepared(
        "wiki.create",
        json!({"project_id": "demo/sandbox", "title": "guides/deploy", "content": "# Deploy", "format": "markdown"}),
    );
    assert_eq!(create.method, Method::POST);
    assert_eq!(create.path, ["projects", "demo/sandbox", "wikis"]);
    assert_eq!(
        create.body,
        Some(json!({"title": "guides/deploy", "content": "# Deploy", "format": "markdown"}))
    );
    assert_eq!(
        refused("wiki.create", json!({"project_id": 1, "title": "Home"})),
        "invalid parameters for `wiki.create`: missing field `content`"
    );
    let error = refused(
        "wiki.create",
        json!({"project_id": 1, "title": "Home", "content": "x", "format": "html"}),
    );
    assert!(
        error.contains("`format`: unknown variant `html`, expected one of `markdown`, `rdoc`, `asciidoc`, `org`"),
        "{error}"
    );
    let update = prepared(
        "wiki.update",
        json!({"project_id": "demo/sandbox", "slug": "guides/deploy", "content": "# Deploying"}),
    );
    assert_eq!(update.method, Method::PUT);
    assert_eq!(
        update.path,
        ["projects", "demo/sandbox", "wikis", "guides/deploy"]
    );
    assert_eq!(update.body, Some(json!({"content": "# Deploying"})));
    assert_eq!(
        refused("wiki.update", json!({"project_id": 1, "slug": "home"})),
        "invalid parameters for `wiki.update`: nothing to update; give at least one of `content`, `format`, `title`"
    );
    let delete = prepared(
        "wiki.delete",
        json!({"project_id": "demo/sandbox", "slug": "home"}),
    );
    assert_eq!(delete.method, Method::DELETE);
    assert_eq!(delete.path, ["projects", "demo/sandbox", "wikis", "home"]);
    assert_eq!(
        refused("wiki.delete", json!({"project_id": 1})),
        "invalid parameters for `wiki.delete`: missing field `slug`"
    );
}
