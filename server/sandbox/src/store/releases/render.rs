//! GitLab's release entity.

use serde_json::{Value, json};

use super::Release;
use crate::store::project::Project;
use crate::store::state::Store;

impl Store {
    pub fn release_json(&self, project: &Project, release: &Release) -> Value {
        let web = self.web_url(project);
        let path = self.full_path(project);
        let encoded_tag =
            url::form_urlencoded::byte_serialize(release.tag_name.as_bytes()).collect::<String>();
        let archive = |format: &str| {
            json!({
                "format": format,
                "url": format!("{web}/-/archive/{0}/{1}-{0}.{format}", release.tag_name, project.path),
            })
        };
        let commit = project
            .repository
            .tags
            .get(&release.tag_name)
            .and_then(|tag| project.repository.commit(&tag.commit));
        json!({
            "tag_name": release.tag_name,
            "name": release.name,
            "description": release.description,
            "created_at": release.created_at,
            "released_at": release.released_at,
            "upcoming_release": false,
            "author": self.user_json(release.author_id),
            "commit": commit.map(|c| self.commit_json(project, c)),
            "commit_path": commit.map(|c| format!("/{path}/-/commit/{}", c.id)),
            "tag_path": format!("/{path}/-/tags/{encoded_tag}"),
            "milestones": [],
            "evidences": [],
            "assets": {
                "count": 4,
                "sources": [archive("zip"), archive("tar.gz"), archive("tar.bz2"), archive("tar")],
                "links": [],
            },
            "_links": {
                "self": format!("{web}/-/releases/{encoded_tag}"),
                "edit_url": format!("{web}/-/releases/{encoded_tag}/edit"),
            },
        })
    }
}
