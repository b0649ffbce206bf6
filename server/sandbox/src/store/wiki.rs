//! Project wiki pages, by slug, with every version kept, and GitLab's wiki page entities.

use serde_json::{Value, json};

use super::ids::{Ids, hex_id};
use super::markdown::to_html;

pub(crate) struct WikiPage {
    /// `home`, `getting-started`: the title with spaces as dashes, as GitLab makes slugs.
    pub slug: String,
    pub title: String,
    /// `markdown`, `rdoc`, `asciidoc` or `org`.
    pub format: String,
    pub content: String,
    /// GitLab's `wiki_page_meta_id`: the page's record, which outlives renames.
    pub meta_id: u64,
    /// Oldest first; the last is the current one.
    pub versions: Vec<WikiVersion>,
}

/// One saved state of a page: GitLab's wiki versions are commits of the wiki repository.
pub(crate) struct WikiVersion {
    /// 40 hex digits, what `GET …/wikis/:slug?version=` takes.
    pub id: String,
    pub title: String,
    pub format: String,
    pub content: String,
}

impl WikiPage {
    /// A markdown page with one version.
    pub fn new(ids: &mut Ids, title: &str, content: &str) -> WikiPage {
        let mut page = WikiPage {
            slug: slug(title),
            title: title.to_owned(),
            format: "markdown".to_owned(),
            content: content.to_owned(),
            meta_id: Ids::next(&mut ids.wiki_page),
            versions: Vec::new(),
        };
        page.save_version();
        page
    }

    /// Records the page as it is now as its newest version.
    pub fn save_version(&mut self) {
        let number = self.versions.len();
        let id = hex_id(
            format!(
                "wiki {} {number} {}\n{}",
                self.meta_id, self.title, self.content
            )
            .as_bytes(),
        );
        self.versions.push(WikiVersion {
            id,
            title: self.title.clone(),
            format: self.format.clone(),
            content: self.content.clone(),
        });
    }

    /// GitLab's `WikiPageBasic`: format, slug, title and the page's meta id.
    pub fn basic_json(&self) -> Value {
        json!({
            "format": self.format,
            "slug": self.slug,
            "title": self.title,
            "wiki_page_meta_id": self.meta_id,
        })
    }

    /// GitLab's `WikiPage`: the basic entity with `content` (as HTML with `render_html`),
    /// `encoding` and `front_matter`; `version` shows an older state of the page.
    pub fn json(&self, version: Option<&WikiVersion>, render_html: bool) -> Value {
        let (title, format, content) = match version {
            Some(v) => (&v.title, &v.format, &v.content),
            None => (&self.title, &self.format, &self.content),
        };
        let mut value = self.basic_json();
        value["title"] = json!(title);
        value["format"] = json!(format);
        value["content"] = json!(if render_html {
            to_html(content)
        } else {
            content.clone()
        });
        value["encoding"] = json!("UTF-8");
        value["front_matter"] = json!({});
        value
    }

    pub fn version(&self, id: &str) -> Option<&WikiVersion> {
        self.versions.iter().find(|v| v.id == id)
    }
}

/// GitLab's slug for a title: spaces become dashes; case is kept, except that the front page
/// is `home`.
pub(crate) fn slug(title: &str) -> String {
    let slug = title.trim().replace(' ', "-");
    if slug.eq_ignore_ascii_case("home") {
        "home".to_owned()
    } else {
        slug
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_gitlabs() {
        assert_eq!(slug("Home"), "home");
        assert_eq!(slug("Getting Started"), "Getting-Started");
        let page = WikiPage::new(&mut Ids::default(), "Home", "x");
        assert_eq!(page.basic_json()["slug"], "home");
        assert_eq!(page.basic_json()["wiki_page_meta_id"], 1);
        assert_eq!(page.versions.len(), 1);
        assert_eq!(page.versions[0].id.len(), 40);
    }
}
