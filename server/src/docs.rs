//! The documentation's generated blocks: the README's overview of the wizards and
//! toolsets, the wizards' question tables and the table of every GitLab action. They
//! read the code, so none can drift from it.

use std::fmt::Write as _;

use wizard::Wizard;

use crate::access::Access;
use crate::catalog::wizard::description::question_table;
use crate::catalog::{Output, Run, Toolset};
use crate::registry::catalog;
use crate::surfaces::{Surface, SurfaceKind};
use crate::wizards::{
    BranchWizard, IssueWizard, MergeRequestWizard, MergeWizard, MilestoneWizard, PipelineWizard,
    ProjectWizard, ReleaseWizard, ReviewWizard,
};

fn section<W: Wizard>(title: &str) -> String {
    format!("### {title}\n\n{}", question_table::<W>())
}

/// The nine tables, as they stand in the README between the marker comments.
pub fn readme_tables() -> String {
    [
        section::<IssueWizard>("Issue"),
        section::<MergeRequestWizard>("Merge request"),
        section::<ReleaseWizard>("Release"),
        section::<ProjectWizard>("Project"),
        section::<PipelineWizard>("Pipeline run"),
        section::<BranchWizard>("Branch"),
        section::<MilestoneWizard>("Milestone"),
        section::<MergeWizard>("Merge"),
        section::<ReviewWizard>("Review"),
    ]
    .join("\n")
}

/// The README's table of every GitLab action, toolset by toolset: id, GitLab's call, kind
/// and description, from the catalog.
pub fn action_table() -> String {
    let catalog = catalog();
    let mut text = String::new();
    for toolset in Toolset::ALL {
        let actions: Vec<_> = catalog
            .actions()
            .iter()
            .filter(|a| a.toolset() == toolset && !a.is_wizard())
            .collect();
        if actions.is_empty() {
            continue;
        }
        let _ = write!(
            text,
            "### `{toolset}` ({} actions)\n\n| action | GitLab call | kind | what it does |\n|---|---|---|---|\n",
            actions.len()
        );
        for action in actions {
            let call = action
                .endpoint
                .as_ref()
                .map_or_else(String::new, |endpoint| {
                    let path = endpoint.path.replace('{', ":").replace('}', "");
                    if let Output::GraphQl(operation) = action.output {
                        return format!("GraphQL `{}`", operation.name);
                    }
                    match (action.method_in_call, endpoint.method.as_str()) {
                        (true, "POST") => format!("`POST /api/{path}`"),
                        (true, _) => format!("`any /{path}`"),
                        (false, method) => format!("`{method} /{path}`"),
                    }
                });
            let posts = action
                .endpoint
                .as_ref()
                .is_some_and(|endpoint| endpoint.method == reqwest::Method::POST);
            let kind = if action.method_in_call && posts {
                "query reads; mutation asks"
            } else if action.method_in_call {
                "read; other methods ask"
            } else if action.destructive {
                "destructive"
            } else if action.read_only {
                "read"
            } else {
                "write"
            };
            let _ = writeln!(
                text,
                "| `{}` | {call} | {kind} | {} |",
                action.id,
                action.description().replace('|', "\\|")
            );
        }
        text.push('\n');
    }
    let destructive: Vec<String> = catalog
        .actions()
        .iter()
        .filter(|a| a.destructive)
        .map(|a| format!("`{}`", a.id))
        .collect();
    let _ = writeln!(
        text,
        "**Destructive** ({}, guarded as described below): {}.",
        destructive.len(),
        destructive.join(", ")
    );
    let counts: Vec<String> = [
        SurfaceKind::Dynamic,
        SurfaceKind::Meta,
        SurfaceKind::Individual,
    ]
    .into_iter()
    .map(|kind| {
        let tools = Surface::new(kind, catalog, Access::default()).tools().len();
        format!("`{}` {tools}", kind.as_str())
    })
    .collect();
    let gitlab = catalog.actions().iter().filter(|a| !a.is_wizard()).count();
    let _ = writeln!(
        text,
        "\n{gitlab} GitLab actions and {} wizards; tools listed with every toolset: {}.",
        catalog.wizards().count(),
        counts.join(", ")
    );
    text
}

/// The README's overview: each wizard by its tool and the name `try` takes, with its
/// questions; each toolset with how many actions it has and a few of them.
pub fn overview() -> String {
    let catalog = catalog();
    let mut text = String::from("| wizard | `try` | it asks |\n|---|---|---|\n");
    for action in catalog.wizards() {
        let Run::Wizard(wizard) = &action.run else {
            continue;
        };
        let keys: Vec<String> = wizard
            .questions
            .iter()
            .map(|question| {
                let key = question.key.replace('_', " ");
                match question.each {
                    Some(each) => {
                        let asked: Vec<String> =
                            each.iter().map(|q| q.key.replace('_', " ")).collect();
                        format!("each of its {key} ({})", asked.join(", "))
                    }
                    None => key,
                }
            })
            .collect();
        let _ = writeln!(
            text,
            "| `{}` | `{}` | {}, then the summary and a yes |",
            wizard.info.tool,
            crate::try_wizard::name(action.id),
            keys.join(", ")
        );
    }
    text.push_str("\n| toolset | actions | for example |\n|---|---|---|\n");
    for toolset in Toolset::ALL {
        let ids: Vec<String> = catalog
            .actions()
            .iter()
            .filter(|a| a.toolset() == toolset && !a.is_wizard())
            .map(|a| format!("`{}`", a.id))
            .collect();
        let shown: Vec<&str> = ids.iter().take(4).map(String::as_str).collect();
        let more = if ids.len() > shown.len() { ", …" } else { "" };
        let _ = writeln!(
            text,
            "| `{toolset}` | {} | {}{more} |",
            ids.len(),
            shown.join(", ")
        );
    }
    let gitlab = catalog.actions().iter().filter(|a| !a.is_wizard()).count();
    let _ = writeln!(
        text,
        "\n{gitlab} GitLab actions and {} wizards.",
        catalog.wizards().count()
    );
    text
}

/// A block of a documentation file generated from the code, between two marker comments.
pub struct GeneratedBlock {
    /// The file, from the workspace's root.
    pub file: &'static str,
    pub begin: &'static str,
    pub end: &'static str,
    pub render: fn() -> String,
}

/// Every generated block; `UPDATE_DOCS=1 cargo test -p gitlab-mcp-server --lib
/// tests::readme` rewrites them.
pub const GENERATED_BLOCKS: [GeneratedBlock; 3] = [
    GeneratedBlock {
        file: "README.md",
        begin: "<!-- BEGIN GENERATED: overview, from the catalog by server/src/docs.rs; refresh with UPDATE_DOCS=1 cargo test -p gitlab-mcp-server --lib tests::readme -->",
        end: "<!-- END GENERATED: overview -->",
        render: overview,
    },
    GeneratedBlock {
        file: "docs/tools.md",
        begin: "<!-- BEGIN GENERATED: actions, from the catalog by server/src/docs.rs; refresh with UPDATE_DOCS=1 cargo test -p gitlab-mcp-server --lib tests::readme -->",
        end: "<!-- END GENERATED: actions -->",
        render: action_table,
    },
    GeneratedBlock {
        file: "docs/wizards.md",
        begin: "<!-- BEGIN GENERATED: wizard questions, from the wizard structs by server/src/docs.rs; refresh with UPDATE_DOCS=1 cargo test -p gitlab-mcp-server --lib tests::readme -->",
        end: "<!-- END GENERATED: wizard questions -->",
        render: readme_tables,
    },
];
