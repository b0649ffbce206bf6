//! `gitlab://projects/{project}/wiki/{+slug}`: a wiki page as it is written, under a few
//! lines that say which page it is.

use serde_json::json;

use super::markdown::{cut, text};
use crate::call::{ReadError, Reads, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};

pub const NEEDS: &[ActionId] = &[ids::WIKI_GET];

/// The most of a page shown.
pub const MAX_PAGE_BYTES: usize = 96 * 1024;

pub async fn page(reads: &Reads<'_>, project: &ProjectId, slug: &str) -> Result<String, ReadError> {
    let page = reads
        .read(
            ids::WIKI_GET,
            params([("project_id", json!(project)), ("slug", json!(slug))]),
        )
        .await?;
    let mut out = format!(
        "# Wiki page: {}\n\n- **Slug:** `{}`\n- **Format:** {}\n\n---\n\n",
        text(&page, "title"),
        text(&page, "slug"),
        text(&page, "format"),
    );
    let content = text(&page, "content");
    let (shown, was_cut) = cut(content, MAX_PAGE_BYTES);
    out.push_str(shown.trim_end());
    out.push('\n');
    if was_cut {
        out.push_str(&format!(
            "\n_[The page is {} bytes; it was cut at {} KiB. Read it whole with `wiki.get`.]_\n",
            content.len(),
            MAX_PAGE_BYTES / 1024
        ));
    }
    Ok(out)
}
