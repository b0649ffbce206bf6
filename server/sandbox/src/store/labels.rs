//! Project labels. Issues and merge requests carry label names; GitLab matches them to the
//! project's labels by name (its own and its groups'), and renders a label (in `render`) with
//! counts of what carries it.

mod render;

use super::people::Namespace;
use super::project::Project;
use super::record_kinds::GROUP_LABELS;
use super::records::Owner;
use super::state::Store;

pub(crate) struct Label {
    pub id: u64,
    pub name: String,
    /// `#d9534f`: GitLab stores colours as hex.
    pub color: String,
    pub description: Option<String>,
    pub priority: Option<u64>,
}

/// A label a project can use, as quick actions name it: its id and its name (what issues and
/// merge requests carry here).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LabelRef {
    pub id: u64,
    pub name: String,
}

impl Store {
    /// Every label `project` can use: its own, then its group's and that group's ancestors'.
    pub fn usable_labels(&self, project: &Project) -> Vec<LabelRef> {
        let mut labels: Vec<LabelRef> = project
            .labels
            .iter()
            .map(|l| LabelRef {
                id: l.id,
                name: l.name.clone(),
            })
            .collect();
        let mut group = match project.namespace {
            Namespace::Group(id) => Some(id),
            Namespace::User(_) => None,
        };
        while let Some(id) = group {
            for record in self.record_list(&Owner::Group(id), &GROUP_LABELS) {
                if let (Some(label_id), Some(name)) =
                    (record["id"].as_u64(), record["name"].as_str())
                {
                    labels.push(LabelRef {
                        id: label_id,
                        name: name.to_owned(),
                    });
                }
            }
            group = self.groups.get(&id).and_then(|g| g.parent_id);
        }
        labels
    }
}

/// A label colour as GitLab stores it: `#RGB` or `#RRGGBB` as given, or a CSS colour name as
/// its hex value; `None` when it is neither (GitLab: `must be a valid color code`). Only the
/// common CSS names are known here.
pub(crate) fn color(text: &str) -> Option<String> {
    let text = text.trim();
    if let Some(hex) = text.strip_prefix('#') {
        let valid = matches!(hex.len(), 3 | 6) && hex.bytes().all(|b| b.is_ascii_hexdigit());
        return valid.then(|| text.to_owned());
    }
    CSS_NAMES
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(text))
        .map(|(_, hex)| (*hex).to_owned())
}

const CSS_NAMES: &[(&str, &str)] = &[
    ("black", "#000000"),
    ("silver", "#c0c0c0"),
    ("gray", "#808080"),
    ("grey", "#808080"),
    ("white", "#ffffff"),
    ("maroon", "#800000"),
    ("red", "#ff0000"),
    ("purple", "#800080"),
    ("fuchsia", "#ff00ff"),
    ("magenta", "#ff00ff"),
    ("green", "#008000"),
    ("lime", "#00ff00"),
    ("olive", "#808000"),
    ("yellow", "#ffff00"),
    ("navy", "#000080"),
    ("blue", "#0000ff"),
    ("teal", "#008080"),
    ("aqua", "#00ffff"),
    ("cyan", "#00ffff"),
    ("orange", "#ffa500"),
    ("pink", "#ffc0cb"),
    ("brown", "#a52a2a"),
    ("gold", "#ffd700"),
    ("indigo", "#4b0082"),
    ("violet", "#ee82ee"),
    ("coral", "#ff7f50"),
    ("salmon", "#fa8072"),
    ("tomato", "#ff6347"),
    ("crimson", "#dc143c"),
    ("orchid", "#da70d6"),
    ("khaki", "#f0e68c"),
    ("turquoise", "#40e0d0"),
    ("chocolate", "#d2691e"),
    ("tan", "#d2b48c"),
    ("beige", "#f5f5dc"),
    ("lavender", "#e6e6fa"),
];

/// GitLab picks dark or light text by the background's luminance.
fn text_color(background: &str) -> &'static str {
    let short = background.trim_start_matches('#');
    // `#abc` is `#aabbcc`.
    let hex: String = if short.len() == 3 {
        short.chars().flat_map(|c| [c, c]).collect()
    } else {
        short.to_owned()
    };
    let channel =
        |i: usize| u32::from_str_radix(hex.get(i..i + 2).unwrap_or("ff"), 16).unwrap_or(255);
    let luminance = 299 * channel(0) + 587 * channel(2) + 114 * channel(4);
    if luminance > 128_000 {
        "#1F1E24"
    } else {
        "#FFFFFF"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colors_are_hex_or_css_names() {
        assert_eq!(color("#D9534F").as_deref(), Some("#D9534F"));
        assert_eq!(color(" #abc ").as_deref(), Some("#abc"));
        assert_eq!(color("Red").as_deref(), Some("#ff0000"));
        for bad in ["d9534f", "#12345", "#ggg", "", "reddish"] {
            assert_eq!(color(bad), None, "{bad}");
        }
    }

    #[test]
    fn text_is_light_on_dark_labels() {
        assert_eq!(text_color("#d9534f"), "#FFFFFF");
        assert_eq!(text_color("#1f75cb"), "#FFFFFF");
        assert_eq!(text_color("#f0f0f0"), "#1F1E24");
    }
}
