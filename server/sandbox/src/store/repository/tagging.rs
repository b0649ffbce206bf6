//! Making a tag, as the tags route and a commit comment's `/tag` do: lightweight, or
//! annotated when it has a message.

use std::time::SystemTime;

use super::history::Repository;
use super::objects::{Annotation, Tag};
use super::ref_names::valid_ref_name;
use crate::store::ids::hex_id;

/// Why a tag cannot be made, in the order GitLab checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TagRefusal {
    InvalidName,
    Exists,
    /// The reference names no commit.
    BadTarget,
}

impl Repository {
    /// Tags what `reference` names as `name`, by `tagger` (a username: it goes into the
    /// annotation's id), annotated with `message` when given.
    pub fn add_tag(
        &mut self,
        name: &str,
        reference: &str,
        message: Option<String>,
        tagger: &str,
    ) -> Result<(), TagRefusal> {
        if !valid_ref_name(name) {
            return Err(TagRefusal::InvalidName);
        }
        if self.tags.contains_key(name) {
            return Err(TagRefusal::Exists);
        }
        let commit = self
            .resolve(reference)
            .ok_or(TagRefusal::BadTarget)?
            .id
            .clone();
        let annotation = message.map(|message| Annotation {
            id: hex_id(format!("tag {name} {commit} {tagger} {message}").as_bytes()),
            message,
            date: SystemTime::now(),
        });
        self.tags.insert(
            name.to_owned(),
            Tag {
                name: name.to_owned(),
                commit,
                annotation,
            },
        );
        Ok(())
    }
}
