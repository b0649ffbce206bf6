//! The `packages` and `runners` toolsets: every action and its class (reads, writes, and
//! the deletions that ask first), and the requests the less usual ones make.

use crate::catalog::Toolset;
use crate::tests::catalog_support::{Class, assert_toolset, prepared, refused};
use reqwest::Method;
use serde_json::json;

#[test]
fn every_action_of_the_packages_toolset_and_its_class() {
    use Class::{Destructive, Read, Write};
    assert_toolset(
        Toolset::Packages,
        &[
            ("package.list", Read),
            ("package.group_list", Read),
            ("package.get", Read),
            ("package.delete", Destructive),
            ("package.pipeline_list", Read),
            ("package_file.list", Read),
            ("package_file.delete", Destructive),
            ("package_rule.list", Read),
            ("package_rule.create", Write),
            ("package_rule.update", Write),
            ("package_rule.delete", Destructive),
            ("registry.list", Read),
            ("registry.group_list", Read),
            ("registry.get", Read),
            ("registry.delete", Destructive),
            ("registry_tag.list", Read),
            ("registry_tag.get", Read),
            ("registry_tag.delete", Destructive),
            ("registry_tag.bulk_delete", Destructive),
            ("registry_rule.list", Read),
            ("registry_rule.create", Write),
            ("registry_rule.update", Write),
            ("registry_rule.delete", Destructive),
        ],
    );
}

#[test]
fn every_action_of_the_runners_toolset_and_its_class() {
    use Class::{Destructive, Read, Write};
    assert_toolset(
        Toolset::Runners,
        &[
            ("runner.list", Read),
            ("runner.project_list", Read),
            ("runner.group_list", Read),
            ("runner.get", Read),
            ("runner.update", Write),
            ("runner.pause", Write),
            ("runner.resume", Write),
            ("runner.job_list", Read),
            ("runner.manager_list", Read),
            ("runner.enable", Write),
            ("runner.disable", Destructive),
            ("runner.delete", Destructive),
        ],
    );
}

#[test]
fn pausing_and_resuming_send_paused_and_take_nothing_else() {
    let pause = prepared("runner.pause", json!({"runner_id": 7}));
    assert_eq!(pause.method, Method::PUT);
    assert_eq!(pause.body, Some(json!({"paused": true})));
    let resume = prepared("runner.resume", json!({"runner_id": 7}));
    assert_eq!(resume.body, Some(json!({"paused": false})));
    let error = refused("runner.pause", json!({"runner_id": 7, "paused": false}));
    assert!(error.contains("paused"), "{error}");
}

#[test]
fn protection_rules_change_with_patch_and_need_a_level() {
    let update = prepared(
        "registry_rule.update",
        json!({"project_id": "demo/sandbox", "protection_rule_id": 3, "minimum_access_level_for_delete": ""}),
    );
    assert_eq!(update.method, Method::PATCH);
    assert_eq!(
        update.body,
        Some(json!({"minimum_access_level_for_delete": ""}))
    );
    for id in ["package_rule.create", "registry_rule.create"] {
        let params = match id {
            "package_rule.create" => {
                json!({"project_id": "demo/sandbox", "package_name_pattern": "a*", "package_type": "npm"})
            }
            _ => json!({"project_id": "demo/sandbox", "repository_path_pattern": "a*"}),
        };
        let error = refused(id, params);
        assert!(
            error.contains("minimum_access_level_for_push"),
            "{id}: {error}"
        );
    }
}

#[test]
fn a_bulk_tag_deletion_needs_the_pattern_of_what_to_delete() {
    let error = refused(
        "registry_tag.bulk_delete",
        json!({"project_id": "demo/sandbox", "repository_id": 1, "keep_n": 5}),
    );
    assert!(error.contains("name_regex_delete"), "{error}");
    let bulk = prepared(
        "registry_tag.bulk_delete",
        json!({"project_id": "demo/sandbox", "repository_id": 1, "name_regex_delete": ".*", "keep_n": 5}),
    );
    assert_eq!(bulk.method, Method::DELETE);
    assert!(
        bulk.query
            .contains(&("name_regex_delete".to_owned(), ".*".to_owned()))
    );
}
