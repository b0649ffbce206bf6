//! `gitlab://projects/{project}/releases/{tag}`: a release — its name, tag, commit, dates
//! and milestones, its notes, and the links to its assets (read from their own list, which
//! holds every link however a release answers).

use serde_json::{Value, json};

use super::markdown::{cut, person, text, time};
use crate::call::{ReadError, Reads, items, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};

pub const NEEDS: &[ActionId] = &[ids::RELEASE_GET, ids::RELEASE_LINK_LIST];

/// The most of a release's notes shown.
pub const MAX_NOTES_BYTES: usize = 64 * 1024;

pub async fn release(
    reads: &Reads<'_>,
    project: &ProjectId,
    tag: &str,
) -> Result<String, ReadError> {
    let named = || params([("project_id", json!(project)), ("tag_name", json!(tag))]);
    let mut links = named();
    links["per_page"] = json!(100);
    let (release, links) = tokio::join!(
        reads.read(ids::RELEASE_GET, named()),
        reads.read(ids::RELEASE_LINK_LIST, links),
    );
    Ok(render(&release?, items(&links?)))
}

pub fn render(release: &Value, links: &[Value]) -> String {
    let tag = text(release, "tag_name");
    let name = match text(release, "name") {
        "" => tag,
        name => name,
    };
    let mut out = format!("# Release {name}\n\n- **Tag:** `{tag}`\n");
    if let Some(commit) = release.get("commit").filter(|c| c.is_object()) {
        out.push_str(&format!(
            "- **Commit:** `{}` {}\n",
            text(commit, "short_id"),
            text(commit, "title")
        ));
    }
    out.push_str(&format!(
        "- **Released:** {}{}\n- **Author:** {}\n",
        time(release.get("released_at")),
        if release.get("upcoming_release").and_then(Value::as_bool) == Some(true) {
            " (upcoming)"
        } else {
            ""
        },
        person(release.get("author")),
    ));
    let milestones: Vec<String> = release
        .get("milestones")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|m| format!("`{}`", text(m, "title")))
        .collect();
    if !milestones.is_empty() {
        out.push_str(&format!("- **Milestones:** {}\n", milestones.join(", ")));
    }
    let web = release
        .get("_links")
        .map(|links| text(links, "self"))
        .unwrap_or_default();
    if !web.is_empty() {
        out.push_str(&format!("- **Web:** {web}\n"));
    }
    out.push_str("\n## Release notes\n\n");
    match text(release, "description").trim() {
        "" => out.push_str("_No release notes._\n"),
        notes => {
            let (shown, was_cut) = cut(notes, MAX_NOTES_BYTES);
            out.push_str(shown.trim_end());
            out.push('\n');
            if was_cut {
                out.push_str(&format!(
                    "\n_[The notes were cut at {} KiB; read them whole with `release.get`.]_\n",
                    MAX_NOTES_BYTES / 1024
                ));
            }
        }
    }
    out.push_str("\n## Assets\n\n");
    let assets = release.get("assets").cloned().unwrap_or(Value::Null);
    if links.is_empty() {
        out.push_str("No asset links.\n");
    }
    for link in links {
        out.push_str(&format!(
            "- [{}]({}) ({})\n",
            text(link, "name"),
            text(link, "url"),
            match text(link, "link_type") {
                "" => "other",
                kind => kind,
            }
        ));
    }
    let sources: Vec<String> = list(&assets, "sources")
        .iter()
        .map(|source| format!("[{}]({})", text(source, "format"), text(source, "url")))
        .collect();
    if !sources.is_empty() {
        out.push_str(&format!("\nSource code: {}\n", sources.join(", ")));
    }
    out
}

fn list<'v>(value: &'v Value, key: &str) -> &'v [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_release_shows_its_notes_and_assets() {
        let release = json!({
            "tag_name": "v1.0.0", "name": "First", "description": "## Fixes\n\n- All of them",
            "released_at": "2026-01-07T10:00:00Z", "author": {"username": "alice"},
            "milestones": [{"title": "v1.0"}],
            "assets": {"sources": [{"format": "zip", "url": "https://x/a.zip"}]}
        });
        let links = [json!({"name": "Linux", "url": "https://x/linux", "link_type": "package"})];
        let out = render(&release, &links);
        assert!(
            out.starts_with("# Release First\n\n- **Tag:** `v1.0.0`\n"),
            "{out}"
        );
        assert!(out.contains("- **Milestones:** `v1.0`"), "{out}");
        assert!(
            out.contains("## Release notes\n\n## Fixes\n\n- All of them\n"),
            "{out}"
        );
        assert!(
            out.contains("- [Linux](https://x/linux) (package)"),
            "{out}"
        );
        assert!(out.contains("Source code: [zip](https://x/a.zip)"), "{out}");
    }
}
