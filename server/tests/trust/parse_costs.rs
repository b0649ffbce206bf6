//! Inside the message size limit, a client chooses inputs whose parsing would cost far
//! more than their bytes: a GraphQL document of a million fields or fragment spreads, a
//! door path of a million segments, a search query of megabytes. Each input is bounded
//! before it is parsed, and an input over a bound is refused naming the bound, with
//! nothing sent. What they cost within the bounds is measured in the `memory` bench.

use gitlab_sandbox::Sandbox;
use serde_json::{Value, json};

use crate::result_text;
use crate::support::stdio::StdioServer;

fn graphql(query: String) -> Value {
    json!({"action": "api.graphql", "params": {"query": query}})
}

/// `(tool arguments on the dynamic surface, words the refusal must hold)`.
fn costly() -> Vec<(&'static str, Value, [&'static str; 2])> {
    let fields = format!("{{ {} }}", "a ".repeat(30_000));
    let long = format!("{{ a # {} \n}}", "x".repeat(70_000));
    let spreads = format!(
        "query {{ ...f {} }} fragment f on Query {{ a }}",
        "...f ".repeat(5_000)
    );
    let deep = format!("{}a{}", "{ a ".repeat(100), " }".repeat(100));
    let segments = "projects/1/".to_owned() + &"x/".repeat(200) + "issues";
    let long_path = format!("projects/1/issues/{}", "9".repeat(10_000));
    vec![
        (
            "gitlab_execute_action",
            graphql(fields),
            ["`query`", "tokens"],
        ),
        (
            "gitlab_execute_action",
            graphql(long),
            ["`query`", "characters"],
        ),
        (
            "gitlab_execute_action",
            graphql(spreads),
            ["`query`", "fragment"],
        ),
        ("gitlab_execute_action", graphql(deep), ["`query`", "deep"]),
        (
            "gitlab_execute_action",
            json!({"action": "api.request", "params": {"method": "GET", "path": segments}}),
            ["`path`", "parts"],
        ),
        (
            "gitlab_execute_action",
            json!({"action": "api.request", "params": {"method": "GET", "path": long_path}}),
            ["`path`", "characters"],
        ),
        (
            "gitlab_find_action",
            json!({"query": "close the issue ".repeat(10_000)}),
            ["`query`", "characters"],
        ),
        (
            "gitlab_find_action",
            json!({"query": "a ".repeat(200)}),
            ["`query`", "words"],
        ),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_input_over_a_parse_bound_is_refused_naming_it() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let mut server = StdioServer::with_env(&gitlab, &[("GITLAB_MCP_TOOL_SURFACE", "dynamic")]);
    server.initialize();
    sandbox.clear_requests();
    for (tool, arguments, words) in costly() {
        let (refused, text) = result_text(&server.call(tool, &arguments));
        let what = format!("{tool} {:.80}", arguments.to_string());
        assert!(refused, "{what}: not refused: {text:.300}");
        for word in words {
            assert!(text.contains(word), "{what}: `{word}` missing: {text:.300}");
        }
        assert!(text.len() < 2_000, "{what}: the refusal repeats the input");
        assert!(sandbox.requests().is_empty(), "{what}: sent");
    }
    // Ordinary inputs still pass.
    let ok = graphql("query { currentUser { username } }".to_owned());
    let (failed, text) = result_text(&server.call("gitlab_execute_action", &ok));
    assert!(!failed, "{text}");
    let find = json!({"query": "which jobs are waiting for a manual action"});
    let (failed, text) = result_text(&server.call("gitlab_find_action", &find));
    assert!(!failed, "{text}");
}
