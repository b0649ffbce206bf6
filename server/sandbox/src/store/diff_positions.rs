//! Whether a `DiffNote`'s position points at something on the diff, by GitLab's rules: the
//! diff is taken between the position's `base_sha` and `head_sha` (which must be commits of
//! the repository), the file must be in it under `old_path` or `new_path`, and a text
//! position's `old_line`/`new_line` pair must name one line of that file's diff: an added
//! line has only `new_line`, a removed one only `old_line`, an unchanged one both (lines
//! outside the hunks count: GitLab unfolds the diff to reach them).

use similar::{ChangeTag, TextDiff};

use super::merge_request_diffs::diff_between;
use super::notes::{Position, PositionKind};
use super::project::Project;

/// GitLab's refusal, as the model's errors read in its `400 Bad request - Note {…}`: a text
/// position whose line it cannot find leaves the note without a line code.
pub(crate) const NO_LINE_CODE: &str =
    r#"{:line_code=>["can't be blank", "must be a valid line code"]}"#;
/// An image or file position that names no file.
pub(crate) const INCOMPLETE: &str = r#"{:position=>["is incomplete"]}"#;

/// `Ok` when GitLab would accept `position` on this project's repository, else the errors.
pub(crate) fn check(project: &Project, position: &Position) -> Result<(), &'static str> {
    if position.kind != PositionKind::Text {
        let named = !position.new_path.is_empty() || !position.old_path.is_empty();
        return if named { Ok(()) } else { Err(INCOMPLETE) };
    }
    let repository = &project.repository;
    if repository.commit(&position.start_sha).is_none() {
        return Err(NO_LINE_CODE);
    }
    let diffs =
        diff_between(project, &position.base_sha, &position.head_sha).ok_or(NO_LINE_CODE)?;
    let paths = [position.old_path.as_str(), position.new_path.as_str()];
    let file = diffs
        .iter()
        .find(|d| paths.contains(&d.new_path.as_str()) || paths.contains(&d.old_path.as_str()))
        .ok_or(NO_LINE_CODE)?;
    let text = |sha: &str, path: &str, exists: bool| -> Result<String, &'static str> {
        if !exists {
            return Ok(String::new());
        }
        let tree = &repository.commit(sha).ok_or(NO_LINE_CODE)?.tree;
        let entry = tree.get(path).ok_or(NO_LINE_CODE)?;
        entry.blob.text().map(str::to_owned).ok_or(NO_LINE_CODE)
    };
    let old = text(&position.base_sha, &file.old_path, !file.new_file)?;
    let new = text(&position.head_sha, &file.new_path, !file.deleted_file)?;
    let wanted = (position.old_line, position.new_line);
    let found = TextDiff::from_lines(&old, &new)
        .iter_all_changes()
        .any(|change| {
            let line = |index: Option<usize>| index.and_then(|i| u32::try_from(i + 1).ok());
            let pair = match change.tag() {
                ChangeTag::Equal => (line(change.old_index()), line(change.new_index())),
                ChangeTag::Delete => (line(change.old_index()), None),
                ChangeTag::Insert => (None, line(change.new_index())),
            };
            pair == wanted
        });
    if found { Ok(()) } else { Err(NO_LINE_CODE) }
}

#[cfg(test)]
mod tests {
    use url::Url;

    use super::*;
    use crate::store::state::Store;

    fn seeded() -> (Store, Position) {
        let store = Store::new(&Url::parse("http://127.0.0.1:1").unwrap());
        let position = store.projects[&1].merge_requests[&1].discussions[0].notes[0]
            .position
            .clone()
            .unwrap();
        (store, position)
    }

    #[test]
    fn the_seeded_review_position_is_valid() {
        let (store, position) = seeded();
        assert_eq!(check(&store.projects[&1], &position), Ok(()));
    }

    #[test]
    fn lines_must_be_on_the_diff_the_way_gitlab_numbers_them() {
        let (store, position) = seeded();
        let project = &store.projects[&1];
        let fixed = position.new_line.unwrap();
        let with = |old: Option<u32>, new: Option<u32>| Position {
            old_line: old,
            new_line: new,
            ..position.clone()
        };
        assert_eq!(
            check(project, &with(Some(fixed), None)),
            Ok(()),
            "the removed line"
        );
        assert_eq!(
            check(project, &with(Some(1), Some(1))),
            Ok(()),
            "an unchanged line"
        );
        assert_eq!(check(project, &with(None, Some(1))), Err(NO_LINE_CODE));
        assert_eq!(check(project, &with(None, Some(9999))), Err(NO_LINE_CODE));
        let other_file = Position {
            new_path: "README.md".to_owned(),
            old_path: "README.md".to_owned(),
            ..position.clone()
        };
        assert_eq!(check(project, &other_file), Err(NO_LINE_CODE));
        let unknown = Position {
            head_sha: "0".repeat(40),
            ..position.clone()
        };
        assert_eq!(check(project, &unknown), Err(NO_LINE_CODE));
    }
}
