//! Signing in from inside a session, on stdio with no credential: a client with url-mode
//! elicitation is sent to GitLab's device page (the test approves the code there, as the
//! user would), the call goes on as the user, and the sign-in is kept for the next start;
//! a client without url mode is told to run `auth login`; a user who declines is not asked
//! again. Both revisions.

use std::time::Duration;

use serde_json::{Value, json};
use wizard::testkit::Reply;

use crate::common::{Elicit, Launch, REVISIONS, Session, Surface};

const LIST: &str = "gitlab_issue_list";

/// A stdio server with no token, keeping sign-ins in a file under `dir`.
fn launch(revision: crate::common::Revision, elicit: Elicit, dir: &tempfile::TempDir) -> Launch {
    let dir: &'static str = Box::leak(dir.path().to_str().unwrap().to_owned().into_boxed_str());
    Launch::new(Surface::Individual, revision)
        .elicit(elicit)
        .without_token()
        .env(&[
            ("GITLAB_MCP_CREDENTIAL_STORE", "file"),
            ("GITLAB_MCP_CONFIG_DIR", dir),
            (
                "GITLAB_OAUTH_CLIENT_ID",
                gitlab_sandbox::SANDBOX_OAUTH_CLIENT_ID,
            ),
        ])
}

/// The bearer tokens GitLab received for the issue list, in order (`None`: anonymous).
fn list_calls_signed(session: &Session) -> Vec<bool> {
    session
        .sandbox
        .requests()
        .iter()
        .filter(|request| request.path == "/api/v4/projects/1/issues")
        .map(|request| request.private_token.is_some())
        .collect()
}

/// Approves the device code the client was sent to, once it was asked.
async fn approve_when_asked(session: &Session) {
    for _ in 0..200 {
        let url = session.client.asked().iter().find_map(|asked| {
            asked
                .schema
                .get("url")
                .and_then(Value::as_str)
                .map(str::to_owned)
        });
        if let Some(url) = url {
            let url = url::Url::parse(&url).expect("a URL");
            let code = url
                .query_pairs()
                .find(|(key, _)| key == "user_code")
                .map(|(_, code)| code.into_owned())
                .expect("the page names the code");
            assert!(session.sandbox.approve_device(&code), "{code}");
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the client was never sent to GitLab's sign-in page");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_url_mode_client_signs_in_at_gitlab_and_the_call_goes_on_as_the_user() {
    for revision in REVISIONS {
        let dir = tempfile::tempdir().unwrap();
        let session = Session::start(launch(revision, Elicit::UrlOnly, &dir)).await;
        session.sandbox.set_device_interval(1);
        session.client.script([Reply::Accept(None)]);
        let (result, ()) = tokio::join!(
            session.call(LIST, json!({"project_id": 1})),
            approve_when_asked(&session)
        );
        let at = format!("{revision}");
        assert_ne!(result.is_error, Some(true), "{at}: {result:?}");
        let asked = session.client.asked();
        assert_eq!(asked.len(), 1, "{at}");
        assert!(
            asked[0].message.contains("Sign in to GitLab"),
            "{at}: {}",
            asked[0].message
        );
        let page = asked[0].schema["url"].as_str().unwrap();
        assert!(
            page.starts_with(&format!("{}oauth/device", session.sandbox.base_url())),
            "{at}: {page}"
        );
        assert_eq!(list_calls_signed(&session), [true], "{at}");
        // Kept as `auth login` keeps it.
        let kept = std::fs::read_to_string(dir.path().join("credentials.json")).unwrap();
        assert!(kept.contains("sandbox-user"), "{at}");
        // The next call acts as the user at once.
        session.client.script([]);
        let again = session.call(LIST, json!({"project_id": 1})).await;
        assert_ne!(again.is_error, Some(true), "{at}");
        assert!(session.client.asked().is_empty(), "{at}");
        assert_eq!(list_calls_signed(&session), [true, true], "{at}");
        session.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_without_url_mode_is_told_to_run_auth_login_and_a_decline_is_not_asked_again() {
    for revision in REVISIONS {
        let at = format!("{revision}");
        let dir = tempfile::tempdir().unwrap();
        let session = Session::start(launch(revision, Elicit::Form, &dir)).await;
        session.client.script([]);
        let result = session.call(LIST, json!({"project_id": 1})).await;
        let text = serde_json::to_string(&result.content).unwrap();
        assert!(
            text.contains("gitlab-mcp-server auth login"),
            "{at}: {text}"
        );
        assert!(session.client.asked().is_empty(), "{at}");
        assert_eq!(list_calls_signed(&session), [false], "{at}");
        session.close().await;

        let dir = tempfile::tempdir().unwrap();
        let session = Session::start(launch(revision, Elicit::UrlOnly, &dir)).await;
        session.client.script([Reply::Decline]);
        let result = session.call(LIST, json!({"project_id": 1})).await;
        let text = serde_json::to_string(&result.content).unwrap();
        assert!(text.contains("you declined"), "{at}: {text}");
        session.client.script([]);
        session.call(LIST, json!({"project_id": 1})).await;
        assert!(session.client.asked().is_empty(), "{at}: asked again");
        assert_eq!(list_calls_signed(&session), [false, false], "{at}");
        assert!(!dir.path().join("credentials.json").exists(), "{at}");
        session.close().await;
    }
}
