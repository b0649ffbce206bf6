//! The README's overview of wizards and toolsets, the action table (`docs/tools.md`) and
//! the wizards' question tables (`docs/wizards.md`) are generated from the catalog and
//! the wizard structs; this test fails, with a diff, when they drift apart.
//! `UPDATE_DOCS=1` rewrites the blocks.

use std::path::PathBuf;

use crate::docs::GENERATED_BLOCKS;

/// `file`, from the workspace's root.
fn workspace_file(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(file)
}

/// The README with `block` between the markers `begin` and `end`.
fn with_block(readme: &str, (begin_marker, end_marker): (&str, &str), block: &str) -> String {
    let begin = readme
        .find(begin_marker)
        .unwrap_or_else(|| panic!("no `{begin_marker}` line"));
    let end = readme
        .find(end_marker)
        .unwrap_or_else(|| panic!("no `{end_marker}` line"));
    assert!(begin < end, "the markers are in the wrong order");
    let start = begin + begin_marker.len();
    format!("{}\n{block}{}", &readme[..start], &readme[end..])
}

/// A line diff (`-` README, `+` generated) from the longest common subsequence.
fn diff(old: &str, new: &str) -> String {
    let old: Vec<&str> = old.lines().collect();
    let new: Vec<&str> = new.lines().collect();
    let mut common = vec![vec![0usize; new.len() + 1]; old.len() + 1];
    for i in (0..old.len()).rev() {
        for j in (0..new.len()).rev() {
            common[i][j] = if old[i] == new[j] {
                common[i + 1][j + 1] + 1
            } else {
                common[i + 1][j].max(common[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < old.len() || j < new.len() {
        if i < old.len() && j < new.len() && old[i] == new[j] {
            i += 1;
            j += 1;
        } else if j < new.len() && (i == old.len() || common[i][j + 1] >= common[i + 1][j]) {
            out.push_str(&format!("+ {}\n", new[j]));
            j += 1;
        } else {
            out.push_str(&format!("- {}\n", old[i]));
            i += 1;
        }
    }
    out
}

#[test]
fn generated_docs_match_the_code() {
    let mut files: Vec<&str> = GENERATED_BLOCKS.iter().map(|block| block.file).collect();
    files.dedup();
    let mut drifted = String::new();
    for file in files {
        let path = workspace_file(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let expected = GENERATED_BLOCKS
            .iter()
            .filter(|block| block.file == file)
            .fold(text.clone(), |text, block| {
                with_block(&text, (block.begin, block.end), &(block.render)())
            });
        if text == expected {
            continue;
        }
        if std::env::var_os("UPDATE_DOCS").is_some_and(|v| v == "1") {
            std::fs::write(&path, &expected).unwrap_or_else(|e| panic!("{file}: {e}"));
            continue;
        }
        drifted.push_str(&format!(
            "{file} (- file, + generated):\n{}\n",
            diff(&text, &expected)
        ));
    }
    assert!(
        drifted.is_empty(),
        "generated blocks differ from the code:\n{drifted}run with UPDATE_DOCS=1 to rewrite \
         them: UPDATE_DOCS=1 cargo test -p gitlab-mcp-server --lib tests::readme"
    );
}

#[test]
fn the_block_replacement_keeps_the_rest() {
    let (begin, end) = ("<!-- B -->", "<!-- E -->");
    let readme = format!("intro\n{begin}\nold\n{end}\noutro\n");
    assert_eq!(
        with_block(&readme, (begin, end), "new\n"),
        format!("intro\n{begin}\nnew\n{end}\noutro\n")
    );
    assert_eq!(diff("a\nb\nc\n", "a\nx\nc\n"), "+ x\n- b\n");
}
