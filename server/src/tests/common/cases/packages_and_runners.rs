//! The cases of the packages and runners actions, on the demo project's seeded packages
//! (1 to 3, package 1 with files 1 and 2), container repositories (1: the project's image,
//! tagged `v0.9.0`, `v1.0.0`, `dev-*` and `latest`; 2: `tools`) and runners (1: the
//! project's, which ran every job; 2: the instance's; 3: the demo group's).

use serde_json::{Value, json};

use super::{Case, P, after, case};
use crate::tests::common::mcp::Harness;

pub(super) fn cases() -> Vec<Case> {
    let package_rule = [(
        "package_rule.create",
        json!({"project_id": P, "package_name_pattern": "@demo/*", "package_type": "npm", "minimum_access_level_for_push": "maintainer"}),
    )];
    let registry_rule = [(
        "registry_rule.create",
        json!({"project_id": P, "repository_path_pattern": "demo/sandbox/tools*", "minimum_access_level_for_push": "maintainer"}),
    )];
    // A second project of the user's, for a runner enabled in two places.
    let tools = [(
        "project.create",
        json!({"name": "tools", "visibility": "private"}),
    )];
    let shared_runner = [
        tools[0].clone(),
        (
            "runner.enable",
            json!({"project_id": "sandbox-user/tools", "runner_id": 1}),
        ),
    ];
    vec![
        // packages
        case(
            "package.list",
            json!({"project_id": P, "package_name": "tokenizer", "package_type": "pypi", "order_by": "version", "sort": "desc"}),
        ),
        case(
            "package.group_list",
            json!({"group_id": "demo", "exclude_subgroups": true, "order_by": "project_path"}),
        ),
        case("package.get", json!({"project_id": P, "package_id": 1})),
        case("package.delete", json!({"project_id": P, "package_id": 2})),
        case(
            "package.pipeline_list",
            json!({"project_id": P, "package_id": 1, "per_page": 20}),
        ),
        case(
            "package_file.list",
            json!({"project_id": P, "package_id": 1, "per_page": 50}),
        ),
        case(
            "package_file.delete",
            json!({"project_id": P, "package_id": 1, "package_file_id": 2}),
        ),
        case("package_rule.list", json!({"project_id": P})),
        case(
            "package_rule.create",
            json!({"project_id": P, "package_name_pattern": "tokenizer*", "package_type": "pypi", "minimum_access_level_for_push": "owner", "minimum_access_level_for_delete": "admin"}),
        ),
        after(
            &package_rule,
            "package_rule.update",
            json!({"project_id": P, "package_protection_rule_id": 1, "minimum_access_level_for_push": "owner"}),
        ),
        after(
            &package_rule,
            "package_rule.delete",
            json!({"project_id": P, "package_protection_rule_id": 1}),
        ),
        // the container registry
        case(
            "registry.list",
            json!({"project_id": P, "tags": true, "tags_count": true}),
        ),
        case("registry.group_list", json!({"group_id": "demo"})),
        case(
            "registry.get",
            json!({"id": 1, "tags_count": true, "size": true}),
        ),
        case(
            "registry.delete",
            json!({"project_id": P, "repository_id": 2}),
        ),
        case(
            "registry_tag.list",
            json!({"project_id": P, "repository_id": 1, "per_page": 2}),
        ),
        case(
            "registry_tag.get",
            json!({"project_id": P, "repository_id": 1, "tag_name": "v1.0.0"}),
        ),
        case(
            "registry_tag.delete",
            json!({"project_id": P, "repository_id": 1, "tag_name": "dev-main"}),
        ),
        case(
            "registry_tag.bulk_delete",
            json!({"project_id": P, "repository_id": 1, "name_regex_delete": "dev-.*", "name_regex_keep": "v.+", "keep_n": 1, "older_than": "1d"}),
        ),
        case("registry_rule.list", json!({"project_id": P})),
        case(
            "registry_rule.create",
            json!({"project_id": P, "repository_path_pattern": "demo/sandbox*", "minimum_access_level_for_push": "owner", "minimum_access_level_for_delete": "maintainer"}),
        ),
        after(
            &registry_rule,
            "registry_rule.update",
            json!({"project_id": P, "protection_rule_id": 1, "minimum_access_level_for_delete": "owner"}),
        ),
        after(
            &registry_rule,
            "registry_rule.delete",
            json!({"project_id": P, "protection_rule_id": 1}),
        ),
        // runners
        case(
            "runner.list",
            json!({"type": "project_type", "paused": false, "tag_list": ["rust"]}),
        ),
        case(
            "runner.project_list",
            json!({"project_id": P, "status": "online", "version_prefix": "19."}),
        ),
        case(
            "runner.group_list",
            json!({"group_id": "demo", "type": "group_type"}),
        ),
        case("runner.get", json!({"runner_id": 1})),
        case(
            "runner.update",
            json!({"runner_id": 1, "description": "Rust builds", "tag_list": ["rust", "linux", "x86_64"], "run_untagged": false, "locked": true, "access_level": "ref_protected", "maximum_timeout": 3600, "maintenance_note": "Upgrade in May"}),
        ),
        case("runner.pause", json!({"runner_id": 1})),
        case("runner.resume", json!({"runner_id": 3})),
        case(
            "runner.job_list",
            json!({"runner_id": 1, "status": "failed", "order_by": "id", "sort": "asc"}),
        ),
        case("runner.manager_list", json!({"runner_id": 1})),
        after(
            &tools,
            "runner.enable",
            json!({"project_id": "sandbox-user/tools", "runner_id": 1}),
        ),
        after(
            &shared_runner,
            "runner.disable",
            json!({"project_id": P, "runner_id": 1}),
        ),
        case("runner.delete", json!({"runner_id": 3})),
    ]
}

/// A `$name` value these cases use, or `None` when the name is another area's.
pub(super) async fn lookup(_harness: &Harness, _name: &str) -> Option<Value> {
    None
}
