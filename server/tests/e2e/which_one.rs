//! "Which one did you mean?" over the real binary, on both revisions: a merge request named
//! by a text several titles hold is asked about with titled options, the one chosen is
//! the only one read; a branch named by part of its name is chosen, then the destructive
//! guard asks about that branch and only it is deleted; a decline sends nothing; a client
//! that cannot be asked gets the candidates in the error.

use crate::common::{Elicit, Launch, REVISIONS, Session, Surface, pick, seed, yes};
use serde_json::{Value, json};
use wizard::testkit::decline;

/// Two open merge requests with `login` in their titles (and a branch `login-page`); their
/// iids.
async fn logins(session: &Session) -> (u64, u64) {
    let mut iids = Vec::new();
    for (branch, title) in [
        ("feature/login-form", "Fix login form"),
        ("fix-redirect", "Login redirect"),
    ] {
        let body = json!({"branch": branch, "ref": "main"});
        seed(session, "projects/1/repository/branches", body).await;
        let body = json!({"source_branch": branch, "target_branch": "main", "title": title});
        let mr = seed(session, "projects/1/merge_requests", body).await;
        iids.push(mr["iid"].as_u64().expect("an iid"));
    }
    let body = json!({"branch": "login-page", "ref": "main"});
    seed(session, "projects/1/repository/branches", body).await;
    session.sandbox.clear_requests();
    (iids[0], iids[1])
}

/// The titles of a choice question's options.
fn titles(schema: &Value) -> Vec<String> {
    let property = schema["properties"]
        .as_object()
        .and_then(|properties| properties.values().next())
        .expect("one property");
    // Options titled apart from their values travel as `oneOf`; the others as `enum`.
    match property["oneOf"].as_array() {
        Some(options) => options
            .iter()
            .map(|option| option["title"].as_str().unwrap_or_default().to_owned())
            .collect(),
        None => property["enum"]
            .as_array()
            .expect("options")
            .iter()
            .map(|option| option.as_str().unwrap_or_default().to_owned())
            .collect(),
    }
}

#[tokio::test]
async fn the_user_chooses_which_merge_request_and_which_branch_on_both_revisions() {
    for revision in REVISIONS {
        let session = Session::start(Launch::new(Surface::Individual, revision)).await;
        let (form, redirect) = logins(&session).await;

        let params = json!({"project_id": 1, "merge_request_iid": "login"});
        let chosen = pick(&form.to_string());
        let run = session
            .run_action("merge_request.get", params, None, [chosen])
            .await;
        assert!(!run.is_error(), "{revision}: {}", run.text());
        assert_eq!(run.asked.len(), 1, "{revision}");
        let offered = titles(&run.asked[0].schema);
        assert!(
            offered.contains(&format!("!{form} Fix login form (feature/login-form)"))
                && offered.contains(&format!("!{redirect} Login redirect (fix-redirect)")),
            "{revision}: {offered:?}"
        );
        assert_eq!(
            run.result.structured_content.as_ref().unwrap()["iid"],
            json!(form)
        );
        let requests = session.sandbox.requests();
        let read = |iid: u64| {
            requests
                .iter()
                .any(|r| r.path == format!("/api/v4/projects/1/merge_requests/{iid}"))
        };
        assert!(read(form) && !read(redirect), "{revision}: {requests:?}");

        let params = json!({"project_id": 1, "branch": "login"});
        let run = session
            .run_action("branch.delete", params.clone(), None, [decline()])
            .await;
        assert!(
            run.text().contains("No branch was chosen"),
            "{revision}: {}",
            run.text()
        );
        assert!(
            session.sandbox.writes().is_empty(),
            "{revision}: a decline sends nothing"
        );

        let chosen = pick("login-page");
        let run = session
            .run_action("branch.delete", params, None, [chosen, yes()])
            .await;
        assert!(!run.is_error(), "{revision}: {}", run.text());
        assert_eq!(run.asked.len(), 2, "{revision}: the choice, then the guard");
        assert!(
            run.asked[1].message.contains("login-page"),
            "{revision}: {}",
            run.asked[1].message
        );
        let writes = session.sandbox.writes();
        assert_eq!(writes.len(), 1, "{revision}: {writes:?}");
        assert_eq!(
            writes[0].path,
            "/api/v4/projects/1/repository/branches/login-page"
        );
    }
}

#[tokio::test]
async fn a_client_that_cannot_be_asked_gets_the_candidates() {
    for revision in REVISIONS {
        let launch = Launch::new(Surface::Individual, revision).elicit(Elicit::None);
        let session = Session::start(launch).await;
        let (form, redirect) = logins(&session).await;
        let params = json!({"project_id": 1, "merge_request_iid": "login"});
        let run = session
            .run_action("merge_request.get", params, None, [])
            .await;
        assert!(run.is_error() && run.asked.is_empty(), "{revision}");
        let said = run.text();
        assert!(
            said.contains(&format!("!{form} Fix login form"))
                && said.contains(&format!("!{redirect} Login redirect")),
            "{revision}: {said}"
        );
    }
}
