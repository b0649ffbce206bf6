//! The test kit's scripted client on its own: capability presets, re-scripting between
//! calls, and full progress records.

use crate::common::{Issue, flow, issue_call, text};
use rmcp::model::ClientCapabilities;
use serde_json::json;
use wizard::Serve;
use wizard::testkit::{Elicit, Path, ScriptedClient, WizardServer, answer, cancel, connect};

#[test]
fn elicit_presets_declare_form_nothing_or_url_only() {
    let declared = |elicit: Elicit| {
        serde_json::to_value(ClientCapabilities::from(elicit)).expect("capabilities serialize")
    };
    assert_eq!(declared(Elicit::Form), json!({"elicitation": {"form": {}}}));
    assert_eq!(declared(Elicit::None), json!({}));
    assert_eq!(
        declared(Elicit::UrlOnly),
        json!({"elicitation": {"url": {}}})
    );
}

#[tokio::test]
async fn a_new_script_forgets_what_was_asked_and_every_progress_note_is_kept_whole() {
    for path in [Path::Sync, Path::Mrtr] {
        // On the sync path, name each question after its form's property, as MRTR's
        // keys do for this wizard.
        let client = ScriptedClient::new(Elicit::Form, [answer("title", "T"), cancel()]).with_keys(
            |_message, schema| {
                let properties = schema["properties"].as_object();
                properties
                    .and_then(|p| p.keys().next().cloned())
                    .unwrap_or_default()
            },
        );
        let server = Serve::new(WizardServer::<Issue>::new(flow()));
        let pair = connect(server, path, client.clone()).await;
        let request = issue_call(json!({"project_id": "42"}));

        let first = pair.client.call_tool(request.clone()).await.expect("ends");
        assert_eq!(text(&first), "Issue cancelled.");
        let keys: Vec<String> = client.asked().into_iter().map(|a| a.key).collect();
        assert_eq!(keys, ["title", "description"], "{path:?}");
        let notes = client.progress_notifications();
        assert_eq!(notes.len(), 2, "{path:?}: {notes:?}");
        // The token as it arrived: a number from rmcp's client, one per request, so
        // the one request of the sync path shares it.
        assert!(notes.iter().all(|note| note.token.is_number()), "{notes:?}");
        if path == Path::Sync {
            assert_eq!(notes[0].token, notes[1].token, "{notes:?}");
        }
        let numbers: Vec<f64> = notes.iter().map(|note| note.progress).collect();
        assert_eq!(numbers, [1.0, 2.0], "{path:?}");
        assert_eq!(
            client.progress(),
            ["Question 1 of 5: Title", "Question 2 of 5: Description"]
        );

        client.script([cancel()]);
        client.clear_progress();
        assert!(client.asked().is_empty());
        let second = pair.client.call_tool(request).await.expect("ends");
        assert_eq!(text(&second), "Issue cancelled.");
        assert_eq!(client.asked().len(), 1, "{path:?}");
        assert_eq!(client.unused(), 0);
        assert_eq!(client.progress(), ["Question 1 of 5: Title"]);
        pair.close().await;
    }
}
