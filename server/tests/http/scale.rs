//! Stateless replicas behind a balancer need no affinity: two server processes pointed at
//! one GitLab and sharing `GITLAB_MCP_STATE_KEYS` serve the rounds of one wizard in turn.

use crate::support::rpc::Rpc;
use crate::support::wizard::{ISSUE_KEYS, asked, issue_body, round, run_issue};
use crate::support::{KEY_A, KEY_B, Launch};
use gitlab_sandbox::Sandbox;

/// The sandbox received exactly one write: the issue the wizard was answered for.
fn assert_one_issue_created(sandbox: &Sandbox) {
    let writes = sandbox.writes();
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert_eq!(writes[0].method.as_str(), "POST");
    assert_eq!(writes[0].path, "/api/v4/projects/1/issues");
    assert_eq!(writes[0].body, issue_body());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rounds_alternate_between_replicas_sharing_a_key_ring() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let one = Launch::new(&gitlab).keys(KEY_A).start();
    let two = Launch::new(&gitlab).keys(KEY_A).start();
    let rpc = Rpc::default();

    let (done, keys) = run_issue(&rpc, &[&one.url, &two.url]).await;

    assert_eq!(keys, ISSUE_KEYS);
    assert!(!done.is_error(), "{done:?}");
    assert_eq!(done.result()["resultType"], "complete");
    assert_eq!(
        done.result()["structuredContent"]["title"],
        issue_body()["title"]
    );
    assert_one_issue_created(&sandbox);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_with_other_keys_refuses_the_state_clearly() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let one = Launch::new(&gitlab).keys(KEY_A).start();
    let other = Launch::new(&gitlab).keys(KEY_B).start();
    let rpc = Rpc::default();

    let first = asked(&round(&rpc, &one.url, None).await).expect("a question");
    let refused = round(&rpc, &other.url, Some(&first)).await;

    assert!(refused.is_error(), "{refused:?}");
    assert!(
        refused
            .text()
            .contains("requestState was not issued by this server"),
        "{refused:?}"
    );
    assert!(
        refused.result().get("structuredContent").is_none(),
        "{refused:?}"
    );
    // The replica that signed it still carries on from the same state.
    let next = asked(&round(&rpc, &one.url, Some(&first)).await).expect("a question");
    assert_eq!(next.key, "description");
    assert!(sandbox.writes().is_empty(), "{:?}", sandbox.writes());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rotating_keys_new_first_old_second_keeps_a_wizard_in_flight() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let rpc = Rpc::default();
    let before = Launch::new(&gitlab).keys(KEY_A).start();
    let first = asked(&round(&rpc, &before.url, None).await).expect("a question");
    let second = asked(&round(&rpc, &before.url, Some(&first)).await).expect("a question");
    drop(before);

    // Rolled out: the new key signs, the old one still verifies.
    let ring = format!("{KEY_B},{KEY_A}");
    let one = Launch::new(&gitlab).keys(&ring).start();
    let two = Launch::new(&gitlab).keys(&ring).start();
    let mut previous = second;
    let mut keys = vec![first.key, previous.key.clone()];
    let urls = [&one.url, &two.url];
    let done = loop {
        let reply = round(&rpc, urls[keys.len() % 2], Some(&previous)).await;
        match asked(&reply) {
            Some(question) => {
                keys.push(question.key.clone());
                previous = question;
            }
            None => break reply,
        }
    };

    assert_eq!(keys, ISSUE_KEYS);
    assert!(!done.is_error(), "{done:?}");
    assert_one_issue_created(&sandbox);
}
