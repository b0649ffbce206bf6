//! The destructive guard on every destructive action of the catalog: refused unconfirmed
//! on the dynamic surface without a question, asked on the meta and individual surfaces on
//! both wire paths — a no sends nothing, a yes sends the one request.

use std::collections::HashMap;

use crate::registry::catalog;
use crate::surfaces::SurfaceKind;
use crate::tests::common::cases::{cases, filled};
use crate::tests::common::mcp::{Harness, text};
use rmcp::model::ClientCapabilities;
use wizard::testkit::{Path, no, yes};

const REAPPROVE: &str =
    "Re-send with confirm=true only after the user explicitly approves this operation.";

fn eliciting() -> ClientCapabilities {
    ClientCapabilities::builder().enable_elicitation().build()
}

#[tokio::test]
async fn every_destructive_action_is_guarded_on_every_surface() {
    let destructive: Vec<_> = cases()
        .into_iter()
        .filter(|case| catalog().get(case.id).unwrap().destructive)
        .collect();
    assert!(
        destructive.len() >= 15,
        "{} destructive actions",
        destructive.len()
    );
    for case in destructive {
        // Dynamic: refused with the rule's words, nothing asked, nothing sent.
        let harness = Harness::new(SurfaceKind::Dynamic).await;
        let mut known = HashMap::new();
        for (id, params) in &case.before {
            harness
                .ok(id, filled(&harness, params, &mut known).await)
                .await;
        }
        let params = filled(&harness, &case.params, &mut known).await;
        harness.sandbox.clear_requests();
        let (tool, arguments) = harness.tool_call(case.id, params.clone(), false);
        let (result, asked) = harness
            .call_eliciting(Path::Mrtr, eliciting(), vec![yes()], &tool, arguments)
            .await;
        assert_eq!(
            text(&result),
            format!(
                "gitlab_execute_action: action \"{}\" is destructive. {REAPPROVE}",
                case.id
            )
        );
        assert!(
            asked.is_empty(),
            "{}: the dynamic surface never asks",
            case.id
        );
        // A branch named in the call is looked up first (a read); nothing else is sent.
        assert!(
            harness
                .sandbox
                .requests()
                .iter()
                .all(|sent| sent.method == reqwest::Method::GET
                    && sent.query.iter().any(|(key, _)| key == "search")),
            "{}",
            case.id
        );

        // Meta and individual, each wire path: a no (Accept with the box unticked) sends
        // nothing and says so, a yes sends it once.
        for (surface, path) in [
            (SurfaceKind::Meta, Path::Sync),
            (SurfaceKind::Individual, Path::Mrtr),
        ] {
            let harness = Harness::new(surface).await;
            let mut known = HashMap::new();
            for (id, params) in &case.before {
                harness
                    .ok(id, filled(&harness, params, &mut known).await)
                    .await;
            }
            let params = filled(&harness, &case.params, &mut known).await;
            harness.sandbox.clear_requests();
            let (tool, arguments) = harness.tool_call(case.id, params, false);
            let (result, asked) = harness
                .call_eliciting(path, eliciting(), vec![no()], &tool, arguments.clone())
                .await;
            let title = &catalog().get(case.id).unwrap().title;
            assert_eq!(
                text(&result),
                format!(
                    "Not executed: the box '{title}' was not ticked, so nothing was sent to GitLab."
                ),
                "{} on {surface:?}",
                case.id
            );
            assert_eq!(asked.len(), 1, "{}: one question", case.id);
            assert!(
                asked[0].starts_with(title.as_str()),
                "{}: {}",
                case.id,
                asked[0]
            );
            harness.nothing_written();
            let (result, _) = harness
                .call_eliciting(path, eliciting(), vec![yes()], &tool, arguments)
                .await;
            assert_ne!(
                result.is_error,
                Some(true),
                "{} on {surface:?}: {}",
                case.id,
                text(&result)
            );
            assert_eq!(harness.sandbox.writes().len(), 1, "{}: one write", case.id);
        }
    }
}
