//! Project milestones (`iid` per project); GitLab's milestone entity is in `render`.

mod render;

pub(crate) struct Milestone {
    pub id: u64,
    pub iid: u64,
    pub title: String,
    pub description: Option<String>,
    /// `active` or `closed`.
    pub state: &'static str,
    /// `2026-02-27`: milestones take dates, not times.
    pub due_date: Option<String>,
    pub start_date: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}
