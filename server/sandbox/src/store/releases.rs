//! Releases, one per tag; GitLab's release entity is in `render`.

mod render;

pub(crate) struct Release {
    pub tag_name: String,
    pub name: String,
    pub description: Option<String>,
    pub author_id: u64,
    pub created_at: String,
    pub released_at: String,
}
