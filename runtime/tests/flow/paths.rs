//! Which path a call takes, including requests that declare nothing.

use crate::common::{Issue, flow, issue_args, text};
use rmcp::model::{CallToolRequestParams, InitializeResult, ServerCapabilities};
use rmcp::service::{RoleClient, RoleServer, serve_directly};
use serde_json::json;
use wizard::Outcome;
use wizard::Serve;
use wizard::testkit::{Elicit, Kit, Path, ScriptedClient, WizardServer, accept};

#[tokio::test]
async fn a_request_with_no_capabilities_and_no_handshake_is_unsupported_not_a_panic() {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    // No initialize, no per-request _meta: rmcp has no client info at all.
    let server = serve_directly::<RoleServer, _, _, _, _>(
        Serve::new(WizardServer::<Issue>::new(flow())),
        server_io,
        None,
    );
    let mut info = InitializeResult::new(ServerCapabilities::builder().enable_tools().build());
    info.protocol_version = rmcp::model::ProtocolVersion::V_2025_11_25;
    let client = serve_directly::<RoleClient, _, _, _, _>(
        ScriptedClient::new(Elicit::None, []),
        client_io,
        Some(info.into()),
    );
    let mut request = CallToolRequestParams::new("demo_issue_create");
    request.arguments = Some(crate::common::object(json!({"project_id": "42"})));
    let result = client.call_tool(request).await.expect("answered");
    assert_eq!(result.is_error, Some(true));
    assert!(
        text(&result).contains("does not support elicitation"),
        "{}",
        text(&result)
    );
    let _ = client.cancel().await;
    let _ = server.cancel().await;
}

#[test]
fn a_legacy_client_without_a_server_channel_gets_the_alternative() {
    // Stateless HTTP: no request from the server can reach a legacy client mid-call.
    let report = Kit::new(Path::Sync)
        .with_flow(flow().with_server_requests(false))
        .run::<Issue>(issue_args(), []);
    assert!(matches!(report.outcome, Outcome::Unsupported(_)));
    assert!(report.asked.is_empty());
    // A 2026-07-28 client needs no server channel: its questions ride in the result.
    let report = Kit::new(Path::Mrtr)
        .with_flow(flow().with_server_requests(false))
        .run::<Issue>(issue_args(), [wizard::testkit::cancel()]);
    assert_eq!(report.keys(), ["title"]);
}

#[test]
fn an_empty_elicitation_capability_means_form() {
    let empty: rmcp::model::ClientCapabilities =
        serde_json::from_value(json!({"elicitation": {}})).expect("capabilities parse");
    for path in [Path::Sync, Path::Mrtr] {
        let report = Kit::new(path)
            .with_capabilities(empty.clone())
            .run::<Issue>(
                issue_args(),
                [accept(json!({"title": "T"})), wizard::testkit::cancel()],
            );
        assert_eq!(report.keys(), ["title", "description"], "{path:?}");
    }
}

/// Texts of a deployment that names its own tools.
struct Deployment;

impl wizard::Texts for Deployment {
    fn unsupported(&self, wizard: &wizard::WizardInfo) -> String {
        format!(
            "No elicitation here: call execute with action {} ({}, {}).",
            wizard.alternative.unwrap_or_default(),
            wizard.id.unwrap_or_default(),
            wizard.tool
        )
    }

    fn cancelled(&self, wizard: &wizard::WizardInfo) -> String {
        format!("{} creation cancelled by user.", wizard.noun)
    }
}

#[test]
fn the_texts_come_from_the_deployment() {
    let report = Kit::new(Path::Mrtr)
        .with_flow(flow().with_texts(Deployment))
        .with_capabilities(Default::default())
        .run::<Issue>(issue_args(), []);
    assert_eq!(
        report.text(),
        "No elicitation here: call execute with action issue.create (interactive.issue_create, demo_issue_create)."
    );
    let report = Kit::new(Path::Sync)
        .with_flow(flow().with_texts(Deployment))
        .run::<Issue>(issue_args(), [wizard::testkit::cancel()]);
    assert_eq!(report.text(), "Issue creation cancelled by user.");
}

/// A wizard of a server with no catalog: no id, no alternative, no tool arguments.
#[derive(Debug, wizard::Wizard)]
#[wizard(tool = "notes_add", noun = "Note", summary = "Add the note {text}?")]
struct Note {
    #[ask("What should the note say?")]
    #[allow(dead_code, reason = "the call ends before it is asked")]
    text: String,
}

#[test]
fn the_default_texts_name_no_alternative_a_wizard_does_not_have() {
    let report = Kit::new(Path::Sync)
        .with_capabilities(Default::default())
        .run::<Note>(NoteArgs {}, []);
    assert_eq!(
        report.text(),
        "This client does not support elicitation, so this wizard cannot ask its questions."
    );
}
