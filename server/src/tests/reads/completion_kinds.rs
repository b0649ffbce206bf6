//! Completions of the arguments of the prompts and templates about milestones, releases,
//! wiki pages, commits, comparisons, environments, jobs and days, through a real rmcp
//! client on both revisions, against the sandbox.

use std::time::{Duration, SystemTime};

use super::completions::{all, context, prompt, sandbox, template};
use super::templates::releases_and_deployments;
use crate::completions::dates::day;
use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::Harness;
use wizard::testkit::Path;

const MILESTONE: &str = "gitlab://projects/{project}/milestones/{milestone_id}";
const RELEASE: &str = "gitlab://projects/{project}/releases/{tag}";
const WIKI_PAGE: &str = "gitlab://projects/{project}/wiki/{+slug}";
const COMMIT: &str = "gitlab://projects/{project}/commits/{sha}";
const COMPARE: &str = "gitlab://projects/{project}/compare/{from}...{to}";
const ENVIRONMENT: &str = "gitlab://projects/{project}/environments/{environment}";
const JOB: &str = "gitlab://projects/{project}/jobs/{job_id}";

#[tokio::test]
async fn every_new_kind_completes_on_both_revisions() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    releases_and_deployments(&harness).await;
    for path in [Path::Sync, Path::Mrtr] {
        let client = harness.client(path).await;
        // Milestones: by id with the title in prompts, bare in URIs; found by title.
        let info = prompt(&client, "milestone_report", "milestone", "", sandbox()).await;
        assert_eq!(all(&info), (vec!["1 — v1.1"], Some(1), Some(false)));
        let info = prompt(&client, "milestone_report", "milestone", "v1", sandbox()).await;
        assert_eq!(info.values, ["1 — v1.1"]);
        let info = template(&client, MILESTONE, "milestone_id", "", sandbox()).await;
        assert_eq!(info.values, ["1"]);
        let info = template(&client, MILESTONE, "milestone_id", "v2", sandbox()).await;
        assert_eq!(all(&info), (vec![], Some(0), Some(false)));

        // Releases by tag, wiki pages by slug (or title), environments by name.
        let info = template(&client, RELEASE, "tag", "v", sandbox()).await;
        assert_eq!(all(&info), (vec!["v1.0.0"], Some(1), Some(false)));
        let info = template(&client, WIKI_PAGE, "slug", "", sandbox()).await;
        assert_eq!(info.values, ["home", "Release-process"]);
        let info = template(&client, WIKI_PAGE, "slug", "release pro", sandbox()).await;
        assert_eq!(info.values, ["Release-process"]);
        let info = template(&client, ENVIRONMENT, "environment", "", sandbox()).await;
        assert_eq!(info.values, ["production", "staging"]);
        let info = template(&client, ENVIRONMENT, "environment", "stag", sandbox()).await;
        assert_eq!(all(&info), (vec!["staging"], Some(1), Some(false)));

        // Commits of the default branch, newest first, found by SHA or title.
        let info = template(&client, COMMIT, "sha", "", sandbox()).await;
        assert_eq!(info.values.len(), 6, "{info:?}");
        assert_eq!(info.values[0], "0b35d1ae");
        let info = template(&client, COMMIT, "sha", "logo", sandbox()).await;
        assert_eq!(info.values, ["e537c500"]);

        // Both sides of a comparison are refs; a job is a job.
        let info = template(&client, COMPARE, "from", "v", sandbox()).await;
        assert_eq!(info.values, ["v1.0.0"]);
        let info = template(&client, COMPARE, "to", "fe", sandbox()).await;
        assert_eq!(info.values, ["feature/x"]);
        let info = template(&client, JOB, "job_id", "lint", sandbox()).await;
        assert_eq!(info.values, ["11", "7", "3"]);

        // Prompts that take a merge request or an issue complete them as review does.
        let info = prompt(&client, "describe_merge_request", "iid", "token", sandbox()).await;
        assert_eq!(info.values, ["1 — Fix off-by-one in tokenizer"]);
        let info = prompt(&client, "explain_conflicts", "iid", "off-by", sandbox()).await;
        assert_eq!(info.values, ["1 — Fix off-by-one in tokenizer"]);
        let info = prompt(&client, "explain_conflicts", "project", "sand", None).await;
        assert_eq!(info.values, ["demo/sandbox"]);
        let info = prompt(&client, "summarize_issue", "iid", "", sandbox()).await;
        assert_eq!(
            info.values,
            [
                "2 — Document feature X",
                "1 — Tokenizer drops the last token"
            ]
        );
        let info = prompt(&client, "whats_deployed", "project", "sand", None).await;
        assert_eq!(info.values, ["demo/sandbox"]);
        client.close().await;
    }
}

#[tokio::test]
async fn days_complete_without_gitlab() {
    let harness = Harness::new(SurfaceKind::Meta).await;
    let client = harness.client(Path::Mrtr).await;
    harness.sandbox.clear_requests();
    let ago = |days: u64| day(SystemTime::now() - Duration::from_secs(days * 86_400));
    // Before the project is chosen too: a day belongs to no project.
    let info = prompt(&client, "standup", "since", "", None).await;
    assert_eq!(
        all(&info),
        (
            vec![
                ago(1).as_str(),
                ago(7).as_str(),
                ago(14).as_str(),
                ago(30).as_str()
            ],
            Some(4),
            Some(false)
        )
    );
    let info = prompt(&client, "standup", "since", "week", sandbox()).await;
    assert_eq!(info.values, [ago(7), ago(14)]);
    let info = prompt(&client, "standup", "since", &ago(30), sandbox()).await;
    assert_eq!(info.values, [ago(30)]);
    assert!(
        harness.sandbox.requests().is_empty(),
        "GitLab was not asked"
    );
    client.close().await;
}

#[tokio::test]
async fn without_the_project_the_new_kinds_have_nothing_yet() {
    let harness = Harness::new(SurfaceKind::Meta).await;
    let client = harness.client(Path::Sync).await;
    harness.sandbox.clear_requests();
    for (uri, variable) in [
        (MILESTONE, "milestone_id"),
        (RELEASE, "tag"),
        (WIKI_PAGE, "slug"),
        (COMMIT, "sha"),
        (ENVIRONMENT, "environment"),
    ] {
        let info = template(&client, uri, variable, "", context(&[])).await;
        assert_eq!(all(&info), (vec![], Some(0), Some(false)), "{uri}");
    }
    assert!(harness.sandbox.requests().is_empty());
    client.close().await;
}

#[tokio::test]
async fn a_prompt_without_arguments_says_so() {
    let harness = Harness::new(SurfaceKind::Meta).await;
    let client = harness.client(Path::Mrtr).await;
    let result = client
        .client
        .complete_prompt_argument("my_day", "project", "", None)
        .await;
    let Err(rmcp::ServiceError::McpError(error)) = result else {
        panic!("expected an error: {result:?}");
    };
    assert_eq!(error.code, rmcp::model::ErrorCode::INVALID_PARAMS);
    assert!(
        error
            .message
            .contains("the prompt `my_day` has no argument `project`; its arguments are none"),
        "{error:?}"
    );
    client.close().await;
}
