//! A client that cannot take form questions, on every surface and both revisions: each
//! wizard refuses at once, names its one alternative by catalog id, and sends nothing.

use crate::common::spec::{self, WizardSpec};
use crate::common::{
    Elicit, Launch, REVISIONS, SURFACES, Session, assert_nothing_sent, concurrently,
};
use serde_json::json;

fn args(wizard: &WizardSpec) -> serde_json::Value {
    if wizard.id == spec::PROJECT.id {
        json!({})
    } else {
        json!({"project_id": 1})
    }
}

async fn refusals(session: &Session, says: &str) {
    for wizard in spec::WIZARDS {
        let at = format!("{} {}", session.launch, wizard.id);
        session.sandbox.clear_requests();
        let run = session.run_action(wizard.id, args(&wizard), None, []).await;
        assert!(run.is_error(), "{at}: isError");
        let text = run.text();
        assert!(text.contains(says), "{at}: {text:?} should say {says:?}");
        assert!(
            text.contains(&format!("`{}`", wizard.alternative)),
            "{at}: {text:?} should name `{}`",
            wizard.alternative
        );
        for other in spec::WIZARDS.iter().filter(|other| other.id != wizard.id) {
            assert!(
                !text.contains(other.alternative),
                "{at}: {text:?} names only its own alternative"
            );
        }
        assert!(run.asked.is_empty(), "{at}: nothing is asked");
        assert_eq!(run.result.structured_content, None, "{at}");
        assert_nothing_sent(session, &at);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wizards_name_their_alternative_to_a_client_without_elicitation() {
    let mut sessions = Vec::new();
    for surface in SURFACES {
        for revision in REVISIONS {
            for (elicit, says) in [
                (Elicit::None, "does not support elicitation"),
                (Elicit::UrlOnly, "does not support form elicitation"),
            ] {
                sessions.push(async move {
                    let launch = Launch::new(surface, revision).elicit(elicit);
                    let session = Session::start(launch).await;
                    refusals(&session, says).await;
                    session.close().await;
                });
            }
        }
    }
    concurrently(sessions).await;
}
