//! Whether a `DiffNote`'s position points at something on the diff, by GitLab's rules: the
//! diff is taken between the position's `base_sha` and `head_sha` (which must be commits of
//! the repository), the file must be in it under `old_path` or `new_path`, and a text
//! position's `old_line`/`new_line` pair must name one line of that file's diff: an added
//! line has only `new_line`, a removed one only `old_line`, an unchanged one both (lines
//! outside the hunks count: GitLab unfolds the diff to reach them).

use serde_json::{Map, Value};
use similar::{ChangeTag, TextDiff};

use super::merge_request_diffs::diff_between;
use super::notes::{Position, PositionKind};
use super::project::Project;
use crate::params::Params;
use crate::reply::ApiError;
use crate::sha1::sha1_hex;

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
    diff_line(project, position).map(drop)
}

/// GitLab's `line_code` of a text position: the SHA-1 of the file's path, then the line's
/// old and new numbers as the diff counts them (an added line has the old number of the
/// line after it, a removed line the new number of the line after it).
pub(crate) fn line_code(project: &Project, position: &Position) -> Option<String> {
    if position.kind != PositionKind::Text {
        return None;
    }
    let (path, old, new) = diff_line(project, position).ok()?;
    Some(format!("{}_{old}_{new}", sha1_hex(path.as_bytes())))
}

/// The file and the diff's numbers of the line a text position names.
fn diff_line(project: &Project, position: &Position) -> Result<(String, u32, u32), &'static str> {
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
    let (mut old_number, mut new_number) = (1, 1);
    for change in TextDiff::from_lines(&old, &new).iter_all_changes() {
        let here = (old_number, new_number);
        let pair = match change.tag() {
            ChangeTag::Equal => {
                old_number += 1;
                new_number += 1;
                (Some(here.0), Some(here.1))
            }
            ChangeTag::Delete => {
                old_number += 1;
                (Some(here.0), None)
            }
            ChangeTag::Insert => {
                new_number += 1;
                (None, Some(here.1))
            }
        };
        if pair == wanted {
            let path = if file.deleted_file {
                &file.old_path
            } else {
                &file.new_path
            };
            return Ok((path.clone(), here.0, here.1));
        }
    }
    Err(NO_LINE_CODE)
}

/// A position as Grape reads it, with its refusals in its order: the required shas and
/// type, then the type's values, then the integers (a nested field named in full:
/// `position[new_line] is invalid`).
pub(crate) fn read(fields: &Map<String, Value>) -> Result<Position, ApiError> {
    let fields = Params(fields.clone());
    let missing: Vec<String> = ["base_sha", "start_sha", "head_sha", "position_type"]
        .iter()
        .filter(|k| !fields.has(k))
        .map(|k| format!("position[{k}] is missing"))
        .collect();
    if !missing.is_empty() {
        return Err(ApiError::error(missing.join(", ")));
    }
    // Grape names a nested field by its full name: `position[new_line] is invalid`.
    let invalid = |key: &str| ApiError::error(format!("position[{key}] is invalid"));
    let text = |key: &str| -> Result<String, ApiError> {
        Ok(fields
            .str(key)
            .map_err(|_| invalid(key))?
            .unwrap_or_default())
    };
    let number = |key: &str| fields.u64(key).map_err(|_| invalid(key));
    let line = |key: &str| -> Result<Option<u32>, ApiError> {
        number(key)?
            .map(|n| u32::try_from(n).map_err(|_| invalid(key)))
            .transpose()
    };
    let kind = match text("position_type")?.as_str() {
        "text" => PositionKind::Text,
        "image" => PositionKind::Image {
            width: number("width")?,
            height: number("height")?,
            x: number("x")?,
            y: number("y")?,
        },
        "file" => PositionKind::File,
        _ => {
            return Err(ApiError::error(
                "position[position_type] does not have a valid value",
            ));
        }
    };
    let (old_line, new_line) = match kind {
        PositionKind::Text => (line("old_line")?, line("new_line")?),
        _ => (None, None),
    };
    let (old_path, new_path) = (text("old_path")?, text("new_path")?);
    // A path given once stands for both (a file that kept its name).
    let old_path = if old_path.is_empty() {
        new_path.clone()
    } else {
        old_path
    };
    let new_path = if new_path.is_empty() {
        old_path.clone()
    } else {
        new_path
    };
    Ok(Position {
        base_sha: text("base_sha")?,
        start_sha: text("start_sha")?,
        head_sha: text("head_sha")?,
        old_path,
        new_path,
        old_line,
        new_line,
        kind,
    })
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
