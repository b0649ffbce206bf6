//! The README's action table and wizard question tables are generated from the catalog and
//! the wizard structs; this test fails, with a diff, when they drift apart.
//! `UPDATE_README=1` rewrites the blocks.

use std::path::PathBuf;

use crate::docs::README_BLOCKS;

fn readme_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("README.md")
}

/// The README with `block` between the markers `begin` and `end`.
fn with_block(readme: &str, (begin_marker, end_marker): (&str, &str), block: &str) -> String {
    let begin = readme
        .find(begin_marker)
        .unwrap_or_else(|| panic!("README.md has no `{begin_marker}` line"));
    let end = readme
        .find(end_marker)
        .unwrap_or_else(|| panic!("README.md has no `{end_marker}` line"));
    assert!(begin < end, "the README's markers are in the wrong order");
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
fn readme_tables_match_the_code() {
    let path = readme_path();
    let readme = std::fs::read_to_string(&path).expect("README.md at the workspace root");
    let expected = README_BLOCKS.iter().fold(readme.clone(), |text, block| {
        with_block(&text, (block.begin, block.end), &(block.render)())
    });
    if readme == expected {
        return;
    }
    if std::env::var_os("UPDATE_README").is_some_and(|v| v == "1") {
        std::fs::write(&path, &expected).expect("README.md is writable");
        return;
    }
    panic!(
        "README.md's generated tables differ from the code (- README, + generated):\n{}\n\
         run with UPDATE_README=1 to rewrite them: UPDATE_README=1 cargo test -p gitlab-mcp-server --lib tests::readme",
        diff(&readme, &expected)
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
