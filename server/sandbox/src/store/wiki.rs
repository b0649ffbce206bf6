//! Project wiki pages, by slug, and GitLab's wiki page entity.

#![allow(
    dead_code,
    reason = "the wiki routes come next; until then only the seed uses wiki pages"
)]

use serde_json::{Value, json};

pub(crate) struct WikiPage {
    /// `home`, `getting-started`: the title with spaces as dashes, as GitLab makes slugs.
    pub slug: String,
    pub title: String,
    /// `markdown`, `rdoc`, `asciidoc` or `org`.
    pub format: String,
    pub content: String,
}

impl WikiPage {
    pub fn new(title: &str, content: &str) -> WikiPage {
        WikiPage {
            slug: slug(title),
            title: title.to_owned(),
            format: "markdown".to_owned(),
            content: content.to_owned(),
        }
    }

    /// With `content`, as `GET …/wikis/:slug` (and `GET …/wikis?with_content=1`) answer.
    pub fn json(&self, with_content: bool) -> Value {
        let mut value = json!({
            "format": self.format,
            "slug": self.slug,
            "title": self.title,
            "encoding": "UTF-8",
        });
        if with_content {
            value["content"] = json!(self.content);
        }
        value
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
        assert_eq!(WikiPage::new("Home", "x").json(false)["slug"], "home");
    }
}
