//! Reading commands' arguments as GitLab reads them: labels (`~bug ~"two words"`), users
//! (`@alice me`), a milestone (`%"v1.1"`), issues (`#1`, `group/project#1`, a URL), a
//! project by its full path, a due date, and how messages name these back.

use std::time::{Duration, SystemTime};

use crate::store::labels::LabelRef;
use crate::store::state::Store;
use crate::store::{CURRENT_USER, Project, now, parse_time};

/// The labels of `usable` that `arg` names, each once, in the order named. With a `~`
/// anywhere, only references count: `~name` (letters, digits, `_-?.&`, not ending in `.` or
/// `?`), `~"two words"` or `~id`; without one, bare names, `"quoted"` or not. Names match
/// exactly; names of no usable label are skipped.
pub(super) fn labels_named(usable: &[LabelRef], arg: &str) -> Vec<LabelRef> {
    let names = if arg.contains('~') {
        tilde_references(arg)
    } else {
        bare_names(arg)
    };
    let mut found: Vec<LabelRef> = Vec::new();
    for name in names {
        let label = usable.iter().find(|l| {
            l.name == name || (name.bytes().all(|b| b.is_ascii_digit()) && l.id.to_string() == name)
        });
        if let Some(label) = label
            && !found.contains(label)
        {
            found.push(label.clone());
        }
    }
    found
}

fn tilde_references(arg: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = arg;
    while let Some(at) = rest.find('~') {
        rest = &rest[at + 1..];
        if let Some(quoted) = rest.strip_prefix('"') {
            if let Some(end) = quoted.find('"') {
                names.push(quoted[..end].to_owned());
                rest = &quoted[end + 1..];
            }
            continue;
        }
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || "_-?.&".contains(c)))
            .unwrap_or(rest.len());
        let name = rest[..end].trim_end_matches(['.', '?']);
        if !name.is_empty() {
            names.push(name.to_owned());
        }
        rest = &rest[end..];
    }
    names
}

/// `"A" "A B" C D` → `A`, `A B`, `C`, `D`.
fn bare_names(arg: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = arg.trim_start();
    while !rest.is_empty() {
        let (name, after) = match rest.strip_prefix('"').and_then(|q| q.split_once('"')) {
            Some((quoted, after)) if !quoted.is_empty() => (quoted, after),
            _ => rest.split_once(' ').unwrap_or((rest, "")),
        };
        if !name.is_empty() {
            names.push(name.to_owned());
        }
        rest = after.trim_start();
    }
    names
}

/// How GitLab's messages name labels: `~"bug" ~"two words"`.
pub(super) fn label_list(labels: &[LabelRef]) -> String {
    let shown: Vec<String> = labels.iter().map(|l| format!("~\"{}\"", l.name)).collect();
    shown.join(" ")
}

/// `label` or `labels`, for `count`.
pub(super) fn plural(word: &str, count: usize) -> String {
    if count == 1 {
        word.to_owned()
    } else {
        format!("{word}s")
    }
}

/// The users `arg` names: usernames with or without `@`, `me` for the current user,
/// separated by spaces or commas, `and` between them skipped; or the names of no user.
pub(super) fn users(store: &Store, arg: &str) -> Result<Vec<u64>, Vec<String>> {
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for word in arg
        .split([' ', ',', '\t'])
        .filter(|w| !w.is_empty() && *w != "and")
    {
        let id = if word == "me" {
            Some(CURRENT_USER)
        } else {
            store
                .user_named(word.trim_start_matches('@'))
                .map(|user| user.id)
        };
        match id {
            Some(id) if !found.contains(&id) => found.push(id),
            Some(_) => {}
            None => missing.push(word.to_owned()),
        }
    }
    if missing.is_empty() {
        Ok(found)
    } else {
        Err(missing)
    }
}

/// What GitLab says when `/assign`, `/assign_reviewer`… name users it does not know.
pub(super) fn unknown_users(missing: &[String]) -> String {
    format!("Failed to find users for {}", sentence(missing))
}

/// `@alice`, `@alice and @bob`, `@alice, @bob, and @carol`: Rails' `to_sentence` of
/// usernames.
pub(super) fn people(store: &Store, ids: &[u64]) -> String {
    let names: Vec<String> = ids
        .iter()
        .map(|id| format!("@{}", store.user(*id).username))
        .collect();
    sentence(&names)
}

/// Rails' `to_sentence`: `a`, `a and b`, `a, b, and c`.
pub(super) fn sentence(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [first, second] => format!("{first} and {second}"),
        [rest @ .., last] => format!("{}, and {last}", rest.join(", ")),
    }
}

/// The milestone of `project` that `arg` names: `%"v1.1"`, `%v1.1`, `%1` (its iid) or its
/// bare title. Its id and title.
pub(super) fn milestone(project: &Project, arg: &str) -> Option<(u64, String)> {
    let arg = arg.trim();
    let by_title = |title: &str| {
        project
            .milestones
            .values()
            .find(|m| m.title == title)
            .map(|m| (m.id, m.title.clone()))
    };
    let Some(reference) = arg.strip_prefix('%') else {
        return by_title(arg);
    };
    if let Some(quoted) = reference.strip_prefix('"') {
        return by_title(quoted.split('"').next().unwrap_or_default());
    }
    let word = reference.split_whitespace().next().unwrap_or_default();
    if let Ok(iid) = word.parse::<u64>() {
        return project
            .milestones
            .values()
            .find(|m| m.iid == iid)
            .map(|m| (m.id, m.title.clone()));
    }
    by_title(word)
}

/// The project whose full path is `path`, case-insensitively: what `/move` and `/clone`
/// take (a path, never an id).
pub(super) fn project_by_path(store: &Store, path: &str) -> Option<u64> {
    let wanted = path.trim().trim_matches('/').to_lowercase();
    store
        .projects
        .values()
        .find(|p| store.full_path(p).to_lowercase() == wanted)
        .map(|p| p.id)
}

/// The issue `reference` names, from `from`'s project: `#1`, `project#1` (in the same
/// namespace), `group/project#1`, or its URL (`…/-/issues/1`, `…/-/work_items/1`). Its global
/// id.
pub(super) fn issue(store: &Store, from: &Project, reference: &str) -> Option<u64> {
    let reference = reference.trim();
    let (project_id, iid) = if let Some(path) = reference.strip_prefix(&format!("{}/", store.base))
    {
        let (project_path, tail) = path
            .split_once("/-/issues/")
            .or_else(|| path.split_once("/-/work_items/"))?;
        let iid = tail.split(['#', '?', '/']).next()?;
        (project_by_path(store, project_path)?, iid)
    } else {
        let (project_path, iid) = reference.split_once('#')?;
        let project_id = match project_path {
            "" => from.id,
            path if path.contains('/') => project_by_path(store, path)?,
            path => {
                let namespace = store.namespace_path(from.namespace);
                project_by_path(store, &format!("{namespace}/{path}"))?
            }
        };
        (project_id, iid)
    };
    let iid: u64 = iid.parse().ok()?;
    store.projects[&project_id].issues.get(&iid).map(|i| i.id)
}

/// The due date `arg` gives, as `YYYY-MM-DD`: an ISO date, `today`, `tomorrow`,
/// `yesterday`, or `in N days` / `in N weeks` (GitLab reads many more forms).
pub(super) fn due_date(arg: &str) -> Option<String> {
    let arg = arg.trim().to_lowercase();
    let today = parse_time(&now()[..10])?;
    let day = Duration::from_secs(86_400);
    let date = match arg.as_str() {
        "today" => today,
        "tomorrow" => today + day,
        "yesterday" => today - day,
        _ => match arg.strip_prefix("in ").map(str::split_whitespace) {
            Some(mut words) => {
                let count: u32 = words.next()?.parse().ok()?;
                let unit = match words.next()? {
                    "day" | "days" => day,
                    "week" | "weeks" => day * 7,
                    _ => return None,
                };
                today + unit * count
            }
            None if arg.len() == 10 => parse_time(&arg)?,
            None => return None,
        },
    };
    Some(iso_date(date))
}

fn iso_date(at: SystemTime) -> String {
    crate::store::timestamp(at)[..10].to_owned()
}

/// `Jan 31, 2026`: how GitLab's messages show a date.
pub(super) fn shown_date(date: &str) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let mut parts = date.split('-');
    let (Some(year), Some(month), Some(day)) = (parts.next(), parts.next(), parts.next()) else {
        return date.to_owned();
    };
    let month = month
        .parse::<usize>()
        .ok()
        .and_then(|m| MONTHS.get(m.wrapping_sub(1)))
        .copied()
        .unwrap_or(month);
    let day = day.trim_start_matches('0');
    format!("{month} {day}, {year}")
}

/// The first `:name:` of `arg`: an emoji as GitLab writes them.
pub(super) fn emoji(arg: &str) -> Option<String> {
    let mut rest = arg;
    while let Some(start) = rest.find(':') {
        let after = &rest[start + 1..];
        let end = after.find(':')?;
        let name = &after[..end];
        let valid = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_+-".contains(c));
        if valid {
            return Some(name.to_owned());
        }
        rest = &after[end..];
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(id: u64, name: &str) -> LabelRef {
        LabelRef {
            id,
            name: name.to_owned(),
        }
    }

    #[test]
    fn labels_are_named_by_reference_or_bare() {
        let usable = [label(1, "bug"), label(2, "feature"), label(3, "two words")];
        let names =
            |arg: &str| -> Vec<u64> { labels_named(&usable, arg).iter().map(|l| l.id).collect() };
        assert_eq!(names("~bug ~\"two words\""), [1, 3]);
        assert_eq!(names("~bug. ~nope ~2"), [1, 2]);
        assert_eq!(names("bug \"two words\" feature"), [1, 3, 2]);
        assert_eq!(names("bug ~feature"), [2], "a tilde means references only");
        assert_eq!(names("~Bug"), Vec::<u64>::new(), "names match exactly");
    }

    #[test]
    fn messages_name_things_as_gitlab_does() {
        assert_eq!(
            label_list(&[label(1, "bug"), label(3, "two words")]),
            "~\"bug\" ~\"two words\""
        );
        let items = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(sentence(&items(&["@a"])), "@a");
        assert_eq!(sentence(&items(&["@a", "@b"])), "@a and @b");
        assert_eq!(sentence(&items(&["@a", "@b", "@c"])), "@a, @b, and @c");
        assert_eq!(shown_date("2026-01-09"), "Jan 9, 2026");
        assert_eq!(emoji(":thumbsup:"), Some("thumbsup".to_owned()));
        assert_eq!(emoji("no"), None);
    }

    #[test]
    fn due_dates_read_iso_and_a_few_words() {
        assert_eq!(due_date("2026-02-27").as_deref(), Some("2026-02-27"));
        assert_eq!(due_date("today"), Some(now()[..10].to_owned()));
        assert!(due_date("in 3 days").is_some());
        assert_eq!(due_date("2026-02-30"), None);
        assert_eq!(due_date("someday"), None);
    }
}
