//! The round that acts on a yes acts once: a client repeating it (a retry after a lost
//! response, or a hostile replay) gets the first request's result and GitLab receives
//! one write. Replicas share their claims through Redis; without a reachable store the
//! confirmation fails closed.

use crate::support::redis::{Redis, free_port};
use crate::support::rpc::{Reply, Rpc};
use crate::support::wizard::{asked, issue_body, say_yes, up_to_the_summary};
use crate::support::{KEY_A, Launch};
use gitlab_sandbox::Sandbox;
use serde_json::{Value, json};

fn created(reply: &Reply) -> &Value {
    assert!(!reply.is_error(), "{reply:?}");
    assert_eq!(reply.result()["resultType"], "complete", "{reply:?}");
    &reply.result()["structuredContent"]
}

fn assert_one_issue_created(sandbox: &Sandbox) {
    let writes = sandbox.writes();
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert_eq!(writes[0].path, "/api/v4/projects/1/issues");
    assert_eq!(writes[0].body, issue_body());
}

async fn sandbox() -> (Sandbox, String) {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let url = sandbox.base_url().to_string();
    (sandbox, url)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeated_yes_returns_the_same_issue_and_creates_one() {
    let (sandbox, gitlab) = sandbox().await;
    let server = Launch::new(&gitlab).start();
    let rpc = Rpc::default();
    let summary = up_to_the_summary(&rpc, &server.url).await;

    let first = say_yes(&rpc, &server.url, &summary).await;
    let again = say_yes(&rpc, &server.url, &summary).await;
    // Sent at once, the repeats wait for the result rather than act.
    let (three, four) = tokio::join!(
        say_yes(&rpc, &server.url, &summary),
        say_yes(&rpc, &server.url, &summary)
    );

    let issue = created(&first);
    assert!(issue["web_url"].is_string(), "{issue}");
    for repeat in [&again, &three, &four] {
        assert_eq!(created(repeat), issue);
    }
    assert_one_issue_created(&sandbox);

    // A new run of the wizard is a new issue.
    let summary = up_to_the_summary(&rpc, &server.url).await;
    let second = say_yes(&rpc, &server.url, &summary).await;
    assert_ne!(created(&second)["iid"], issue["iid"]);
    assert_eq!(sandbox.writes().len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeated_yes_to_a_destructive_action_deletes_once() {
    let (sandbox, gitlab) = sandbox().await;
    let server = Launch::new(&gitlab).start();
    let rpc = Rpc::default();
    let tool = "gitlab_issue_delete";
    let arguments = json!({"project_id": 1, "issue_iid": 1});

    let asking = rpc
        .call_2026(&server.url, tool, arguments.clone(), None, None)
        .await;
    let question = asked(&asking).expect("the guard asks");
    assert_eq!(question.key, "confirm");
    let yes = json!({"confirm": {"action": "accept", "content": {"confirmed": true}}});
    let send = || {
        rpc.call_2026(
            &server.url,
            tool,
            arguments.clone(),
            Some(yes.clone()),
            Some(&question.state),
        )
    };
    let first = send().await;
    let (again, once_more) = tokio::join!(send(), send());

    assert!(!first.is_error(), "{first:?}");
    assert_eq!(again.result(), first.result());
    assert_eq!(once_more.result(), first.result());
    let writes = sandbox.writes();
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert_eq!(writes[0].method.as_str(), "DELETE");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replicas_sharing_redis_create_one_issue_when_both_get_the_yes() {
    let (sandbox, gitlab) = sandbox().await;
    let Some(redis) = Redis::start() else {
        return;
    };
    let store = ["--redis-url", redis.url.as_str()];
    let one = Launch::new(&gitlab).keys(KEY_A).args(&store).start();
    let two = Launch::new(&gitlab).keys(KEY_A).args(&store).start();
    let rpc = Rpc::default();
    let summary = up_to_the_summary(&rpc, &one.url).await;

    let (on_one, on_two) = tokio::join!(
        say_yes(&rpc, &one.url, &summary),
        say_yes(&rpc, &two.url, &summary)
    );
    let later = say_yes(&rpc, &two.url, &summary).await;

    let issue = created(&on_one);
    assert_eq!(created(&on_two), issue);
    assert_eq!(created(&later), issue);
    assert_one_issue_created(&sandbox);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_redis_fails_the_yes_closed() {
    let (sandbox, gitlab) = sandbox().await;
    let nowhere = format!("redis://127.0.0.1:{}", free_port());
    let server = Launch::new(&gitlab)
        .args(&["--redis-url", &nowhere])
        .start();
    let rpc = Rpc::default();
    // The questions need no claim: they are answered as always.
    let summary = up_to_the_summary(&rpc, &server.url).await;

    let refused = say_yes(&rpc, &server.url, &summary).await;

    assert!(refused.is_error(), "{refused:?}");
    let text = refused.text();
    assert!(
        text.starts_with("The confirmation could not be recorded: Redis at 127.0.0.1:")
            && text.contains("Nothing was done"),
        "{text}"
    );
    assert!(sandbox.writes().is_empty(), "{:?}", sandbox.writes());
    let log = server.log().join("\n");
    assert!(log.contains("Redis does not answer yet"), "{log}");
}

/// A restart of Redis breaks the connection each replica holds: the next yes is still
/// served, on a fresh connection, and acts once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_yes_after_redis_restarted_is_served() {
    let (sandbox, gitlab) = sandbox().await;
    let Some(mut redis) = Redis::start() else {
        return;
    };
    let server = Launch::new(&gitlab)
        .args(&["--redis-url", &redis.url])
        .start();
    let rpc = Rpc::default();
    let summary = up_to_the_summary(&rpc, &server.url).await;
    created(&say_yes(&rpc, &server.url, &summary).await);

    redis.restart();
    let summary = up_to_the_summary(&rpc, &server.url).await;
    let after = say_yes(&rpc, &server.url, &summary).await;

    let issue = created(&after);
    assert!(issue["web_url"].is_string(), "{issue}");
    assert_eq!(sandbox.writes().len(), 2, "{:?}", sandbox.writes());
    let again = say_yes(&rpc, &server.url, &summary).await;
    assert_eq!(created(&again), issue);
    assert_eq!(sandbox.writes().len(), 2, "{:?}", sandbox.writes());
}
