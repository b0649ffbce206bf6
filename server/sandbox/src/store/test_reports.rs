//! A pipeline's test report summary, from the JUnit reports of its latest jobs: one suite
//! per job, as GitLab groups test results by job name.

use serde_json::{Value, json};

use super::pipelines::Pipeline;

/// What one JUnit report counts.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub(crate) struct Counts {
    pub time: f64,
    pub count: u64,
    pub failed: u64,
    pub skipped: u64,
    pub error: u64,
}

impl Counts {
    fn success(&self) -> u64 {
        self.count - self.failed - self.skipped - self.error
    }

    fn add(&mut self, other: Counts) {
        self.time += other.time;
        self.count += other.count;
        self.failed += other.failed;
        self.skipped += other.skipped;
        self.error += other.error;
    }
}

/// Counts the `<testcase>` elements of a JUnit report: a case holding `<failure>` failed,
/// `<error>` errored, `<skipped>` was skipped; `time` attributes add up.
pub(crate) fn junit_counts(xml: &str) -> Counts {
    let mut counts = Counts::default();
    let mut rest = xml;
    while let Some(start) = rest.find("<testcase") {
        rest = &rest[start..];
        let tag_end = rest.find('>').unwrap_or(rest.len());
        let tag = &rest[..tag_end];
        let body = if tag.ends_with('/') {
            ""
        } else {
            let close = rest.find("</testcase>").unwrap_or(rest.len());
            &rest[tag_end..close]
        };
        counts.count += 1;
        counts.time += attribute(tag, "time")
            .and_then(|t| t.parse().ok())
            .unwrap_or(0.0);
        if body.contains("<failure") {
            counts.failed += 1;
        } else if body.contains("<error") {
            counts.error += 1;
        } else if body.contains("<skipped") {
            counts.skipped += 1;
        }
        rest = &rest[tag_end.min(rest.len())..];
    }
    counts
}

fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

/// Seconds as GitLab shows a suite's time: rounded to hundredths.
fn seconds(time: f64) -> f64 {
    (time * 100.0).round() / 100.0
}

/// GitLab's test report summary entity; zeros and no suites when no job has a report.
pub(crate) fn test_report_summary(pipeline: &Pipeline) -> Value {
    let mut suites: Vec<(String, Counts, Vec<u64>)> = Vec::new();
    for job in pipeline.latest_jobs() {
        let Some(xml) = job.artifacts.as_ref().and_then(|a| a.junit_xml()) else {
            continue;
        };
        let counts = junit_counts(xml);
        match suites.iter_mut().find(|(name, _, _)| *name == job.name) {
            Some((_, total, ids)) => {
                total.add(counts);
                ids.push(job.id);
            }
            None => suites.push((job.name.clone(), counts, vec![job.id])),
        }
    }
    let mut total = Counts::default();
    let test_suites: Vec<Value> = suites
        .iter()
        .map(|(name, counts, ids)| {
            total.add(*counts);
            json!({
                "name": name,
                "total_time": seconds(counts.time),
                "total_count": counts.count,
                "success_count": counts.success(),
                "failed_count": counts.failed,
                "skipped_count": counts.skipped,
                "error_count": counts.error,
                "build_ids": ids,
                "suite_error": null,
            })
        })
        .collect();
    json!({
        "total": {
            "time": seconds(total.time),
            "count": total.count,
            "success": total.success(),
            "failed": total.failed,
            "skipped": total.skipped,
            "error": total.error,
            "suite_error": null,
        },
        "test_suites": test_suites,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn junit_cases_are_counted_by_outcome() {
        let xml = r#"<testsuites><testsuite name="s">
            <testcase name="a" time="0.5"/>
            <testcase name="b" time="1.25"><failure message="no">x</failure></testcase>
            <testcase name="c"><skipped/></testcase>
            <testcase name="d" time="0.25"><error/></testcase>
        </testsuite></testsuites>"#;
        let counts = junit_counts(xml);
        assert_eq!(
            counts,
            Counts {
                time: 2.0,
                count: 4,
                failed: 1,
                skipped: 1,
                error: 1
            }
        );
        assert_eq!(counts.success(), 1);
    }
}
