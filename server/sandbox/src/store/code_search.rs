//! Basic (non-Elasticsearch) code search the way GitLab does it through Gitaly: a
//! case-insensitive literal `git grep` with two lines of context around each match, one result
//! per block of lines, then the files whose path matches and whose content did not. The query
//! may carry `filename:`, `path:` and `extension:` filters, as GitLab's search syntax has them.

use serde_json::{Value, json};

/// Lines of context git grep shows around a match, as Gitaly asks for them.
const CONTEXT: usize = 2;

/// GitLab's `Blob` search result.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct FoundBlob {
    pub path: String,
    /// The matching block of lines (each with its newline), or the start of a file found by
    /// name.
    pub data: String,
    /// The 1-based number of the block's first line.
    pub startline: usize,
    /// A file found by name carries its blob id; content matches carry none.
    pub id: Option<String>,
}

impl FoundBlob {
    pub fn json(&self, reference: &str, project_id: u64) -> Value {
        let basename = match self.path.rsplit_once('.') {
            Some((stem, _)) if !stem.is_empty() && !stem.ends_with('/') => stem,
            _ => self.path.as_str(),
        };
        json!({
            "basename": basename,
            "data": self.data,
            "path": self.path,
            "filename": self.path,
            "id": self.id,
            "ref": reference,
            "startline": self.startline,
            "project_id": project_id,
        })
    }
}

/// A search query: the term, and the filters GitLab's search syntax adds to it.
struct Query {
    term: String,
    filename: Option<String>,
    path: Option<String>,
    extension: Option<String>,
}

impl Query {
    fn parse(text: &str) -> Query {
        let mut query = Query {
            term: String::new(),
            filename: None,
            path: None,
            extension: None,
        };
        let mut words = Vec::new();
        for word in text.split_whitespace() {
            if let Some(v) = word.strip_prefix("filename:") {
                query.filename = Some(v.to_lowercase());
            } else if let Some(v) = word.strip_prefix("path:") {
                query.path = Some(v.to_lowercase());
            } else if let Some(v) = word.strip_prefix("extension:") {
                query.extension = Some(v.trim_start_matches('.').to_lowercase());
            } else {
                words.push(word);
            }
        }
        query.term = words.join(" ");
        query
    }

    /// GitLab's filters: `filename:` matches the end of the path (`*` any run of characters),
    /// `path:` any part of it, `extension:` the extension.
    fn keeps(&self, path: &str) -> bool {
        let path = path.to_lowercase();
        self.filename
            .as_deref()
            .is_none_or(|f| glob_suffix(f, &path))
            && self.path.as_deref().is_none_or(|p| path.contains(p))
            && self
                .extension
                .as_deref()
                .is_none_or(|e| path.ends_with(&format!(".{e}")))
    }
}

/// Whether `path` ends with `pattern`, `*` matching any run of characters.
fn glob_suffix(pattern: &str, path: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return path.ends_with(pattern);
    }
    let (last, rest) = parts.split_last().expect("split yields one part at least");
    if !path.ends_with(last) {
        return false;
    }
    let mut haystack = &path[..path.len() - last.len()];
    for part in rest.iter().rev() {
        match haystack.rfind(part) {
            Some(at) => haystack = &haystack[..at],
            None => return false,
        }
    }
    true
}

/// Searches `files` (path, text or `None` for binary, blob id), given in path order.
pub(crate) fn search<'a>(
    files: impl Iterator<Item = (&'a str, Option<&'a str>, &'a str)>,
    text: &str,
) -> Vec<FoundBlob> {
    let query = Query::parse(text);
    let needle = query.term.to_lowercase();
    let mut by_content = Vec::new();
    let mut by_name = Vec::new();
    for (path, content, blob_id) in files {
        if !query.keeps(path) {
            continue;
        }
        let blocks = match content {
            Some(text) if !needle.is_empty() => grep(text, &needle),
            _ => Vec::new(),
        };
        if blocks.is_empty() {
            if path.to_lowercase().contains(&needle) {
                by_name.push(FoundBlob {
                    path: path.to_owned(),
                    // GitLab shows the start of a file found by name (its first 1 KiB).
                    data: content.map(|t| head(t, 1024)).unwrap_or_default(),
                    startline: 1,
                    id: Some(blob_id.to_owned()),
                });
            }
            continue;
        }
        for (startline, data) in blocks {
            by_content.push(FoundBlob {
                path: path.to_owned(),
                data,
                startline,
                id: None,
            });
        }
    }
    by_content.extend(by_name);
    by_content
}

/// The blocks of `text` around lines containing `needle` (lowercase): git grep's output,
/// where blocks whose context touches merge into one.
fn grep(text: &str, needle: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let hits: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, line)| line.to_lowercase().contains(needle))
        .map(|(i, _)| i)
        .collect();
    let mut blocks: Vec<(usize, usize)> = Vec::new();
    for hit in hits {
        let start = hit.saturating_sub(CONTEXT);
        let end = (hit + CONTEXT).min(lines.len() - 1);
        match blocks.last_mut() {
            Some((_, last_end)) if start <= *last_end + 1 => *last_end = end,
            _ => blocks.push((start, end)),
        }
    }
    blocks
        .into_iter()
        .map(|(start, end)| {
            let mut data: String = lines[start..=end].concat();
            if !data.ends_with('\n') {
                data.push('\n');
            }
            (start + 1, data)
        })
        .collect()
}

/// At most `limit` bytes of `text`, cut at a character boundary.
fn head(text: &str, limit: usize) -> String {
    let mut end = text.len().min(limit);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "one\ntwo\nthree fn\nfour\nfive\nsix\nseven\neight\nnine fn\nten\n";

    #[test]
    fn matches_come_with_two_lines_of_context_merged_when_they_touch() {
        let found = search([("a.rs", Some(TEXT), "x")].into_iter(), "FN");
        let blocks: Vec<(usize, &str)> = found
            .iter()
            .map(|b| (b.startline, b.data.as_str()))
            .collect();
        assert_eq!(
            blocks,
            [
                (1, "one\ntwo\nthree fn\nfour\nfive\n"),
                (7, "seven\neight\nnine fn\nten\n"),
            ]
        );
        let merged = search([("a.rs", Some("fn\nx\ny\nz\nfn\n"), "x")].into_iter(), "fn");
        assert_eq!(merged.len(), 1);
        assert_eq!(merged[0].id, None);
    }

    #[test]
    fn files_found_by_name_come_last_and_filters_apply() {
        let files = [
            ("docs/guide.md", Some("all about guides\n"), "1"),
            ("src/guide.rs", Some("nothing\n"), "2"),
            ("src/lib.rs", Some("nothing\n"), "3"),
        ];
        let found = search(files.into_iter(), "guide");
        let paths: Vec<(&str, Option<&str>)> = found
            .iter()
            .map(|b| (b.path.as_str(), b.id.as_deref()))
            .collect();
        assert_eq!(
            paths,
            [("docs/guide.md", None), ("src/guide.rs", Some("2"))]
        );
        let rust = search(files.into_iter(), "nothing extension:rs filename:lib*");
        assert_eq!(rust.len(), 1);
        assert_eq!(rust[0].path, "src/lib.rs");
        let json = rust[0].json("main", 1);
        assert_eq!(json["basename"], "src/lib");
        assert_eq!(json["filename"], "src/lib.rs");
    }
}
