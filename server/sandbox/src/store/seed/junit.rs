//! The artifacts of the demo's finished `test` jobs: the JUnit report `cargo test` would
//! have written for the run its log shows, and the coverage summary.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::ci_log::{INTEGRATION_TESTS, UNIT_TESTS};
use crate::store::artifacts::Artifacts;

pub(super) const JUNIT_PATH: &str = "reports/junit.xml";

/// The artifacts of a `test` job that `passed` (or not), expiring at `expire_at`. A passing
/// run is the one before `splits_a_sentence` existed, as its log shows.
pub(super) fn test_artifacts(passed: bool, expire_at: String) -> Artifacts {
    let integration = if passed {
        &INTEGRATION_TESTS[1..]
    } else {
        INTEGRATION_TESTS
    };
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    xml.push_str(&suite("unittests", UNIT_TESTS, None));
    let failing = (!passed).then_some("splits_a_sentence");
    xml.push_str(&suite("tokenizer", integration, failing));
    xml.push_str("</testsuites>\n");
    let coverage = if passed { "87.50%\n" } else { "81.25%\n" };
    let files = BTreeMap::from([
        (JUNIT_PATH.to_owned(), Arc::from(xml.into_bytes())),
        ("coverage.txt".to_owned(), Arc::from(coverage.as_bytes())),
    ]);
    Artifacts {
        files,
        junit: Some(JUNIT_PATH.to_owned()),
        expire_at: Some(expire_at),
    }
}

fn suite(name: &str, tests: &[&str], failing: Option<&str>) -> String {
    let failures = usize::from(failing.is_some_and(|f| tests.contains(&f)));
    let mut xml = format!(
        "  <testsuite name=\"{name}\" tests=\"{}\" failures=\"{failures}\" errors=\"0\" skipped=\"0\">\n",
        tests.len()
    );
    for test in tests {
        if Some(*test) == failing {
            xml.push_str(&format!(
                "    <testcase name=\"{test}\" classname=\"{name}\" time=\"0.012\">\n      \
                 <failure message=\"assertion `left == right` failed\">left: [\"hello\"]\nright: [\"hello\", \"world\"]</failure>\n    \
                 </testcase>\n"
            ));
        } else {
            xml.push_str(&format!(
                "    <testcase name=\"{test}\" classname=\"{name}\" time=\"0.004\"/>\n"
            ));
        }
    }
    xml.push_str("  </testsuite>\n");
    xml
}
