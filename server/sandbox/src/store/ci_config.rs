//! A project's `.gitlab-ci.yml` in the simple form the demo uses (stages, jobs with `stage`,
//! `when`, `allow_failure`, and `trigger` for bridges), and the pipeline `POST …/pipeline` makes from it. Anything the
//! simple form does not cover (`include`, `rules`, `needs`, anchors) is ignored, not refused.

use super::ids::Ids;
use super::pipelines::{Job, Pipeline, Variable, composite_status};
use super::state::Store;
use super::timestamps::now;

/// A job as the configuration declares it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct ConfigJob {
    pub name: String,
    pub stage: String,
    pub manual: bool,
    pub allow_failure: bool,
    /// Declares `trigger:`: a bridge that starts a downstream pipeline.
    pub trigger: bool,
}

/// Top-level keys that configure the pipeline rather than name a job.
const KEYWORDS: &[&str] = &[
    "stages",
    "default",
    "include",
    "variables",
    "workflow",
    "image",
    "services",
    "cache",
    "before_script",
    "after_script",
    "spec",
];

/// The jobs of `yaml`, in stage order, then in the order the file declares them. GitLab's
/// stages when `stages:` is absent are `build`, `test`, `deploy`; a job without `stage:` is
/// in `test`; `when: manual` jobs may fail unless `allow_failure: false` says otherwise;
/// `when: never` jobs are left out; names starting with `.` are hidden templates.
pub(crate) fn jobs(yaml: &str) -> Result<Vec<ConfigJob>, String> {
    let mut stages: Option<Vec<String>> = None;
    // Each job, whether it set `allow_failure` itself, and whether it is `when: never`.
    let mut declared: Vec<(ConfigJob, bool, bool)> = Vec::new();
    let mut current: Option<String> = None;
    // How far the current top-level key's own keys are indented: its first indented line's.
    let mut key_indent: Option<usize> = None;
    for line in yaml.lines() {
        let text = strip_comment(line);
        if text.trim().is_empty() {
            continue;
        }
        let indented = text.starts_with([' ', '\t']);
        if !indented {
            key_indent = None;
            let Some((key, rest)) = text.split_once(':') else {
                current = None;
                continue;
            };
            let key = unquote(key.trim());
            current = Some(key.clone());
            if key == "stages" {
                stages = Some(inline_list(rest));
            } else if !KEYWORDS.contains(&key.as_str()) && !key.starts_with('.') {
                let job = ConfigJob {
                    name: key,
                    stage: "test".to_owned(),
                    manual: false,
                    allow_failure: false,
                    trigger: false,
                };
                declared.push((job, false, false));
            }
            continue;
        }
        let trimmed = text.trim();
        match current.as_deref() {
            Some("stages") => {
                if let Some(item) = trimmed.strip_prefix("- ") {
                    stages
                        .get_or_insert_with(Vec::new)
                        .push(unquote(item.trim()));
                }
            }
            Some(name) => {
                // Only the job's own keys (its first level of indentation) count.
                let depth = text.len() - text.trim_start().len();
                let Some((job, explicit, never)) =
                    declared.last_mut().filter(|(j, _, _)| j.name == name)
                else {
                    continue;
                };
                if *key_indent.get_or_insert(depth) != depth {
                    continue;
                }
                let Some((field, value)) = trimmed.split_once(':') else {
                    continue;
                };
                let value = unquote(value.trim());
                match field.trim() {
                    "stage" => job.stage = value,
                    "when" => {
                        job.manual = value == "manual";
                        *never = value == "never";
                    }
                    "trigger" => job.trigger = true,
                    "allow_failure" => {
                        job.allow_failure = value == "true";
                        *explicit = true;
                    }
                    _ => {}
                }
            }
            None => {}
        }
    }
    let stages = stages.unwrap_or_else(|| vec!["build".into(), "test".into(), "deploy".into()]);
    let mut all = vec![".pre".to_owned()];
    all.extend(stages);
    all.push(".post".to_owned());
    let mut jobs = Vec::new();
    for (mut job, explicit, never) in declared {
        if never {
            continue;
        }
        if !all.contains(&job.stage) {
            return Err(format!(
                "{} job: chosen stage {} does not exist; available stages are {}",
                job.name,
                job.stage,
                all.join(", ")
            ));
        }
        if job.manual && !explicit {
            job.allow_failure = true;
        }
        jobs.push(job);
    }
    jobs.sort_by_key(|j| all.iter().position(|s| *s == j.stage));
    Ok(jobs)
}

fn strip_comment(line: &str) -> &str {
    match line.find(" #") {
        Some(at) => &line[..at],
        None if line.trim_start().starts_with('#') => "",
        None => line,
    }
}

fn unquote(text: &str) -> String {
    text.trim_matches(|c| c == '"' || c == '\'').to_owned()
}

/// `[build, test]` after `stages:`, or nothing (the items follow as `- build` lines).
fn inline_list(rest: &str) -> Vec<String> {
    let rest = rest.trim();
    match rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        Some(items) => items
            .split(',')
            .map(|s| unquote(s.trim()))
            .filter(|s| !s.is_empty())
            .collect(),
        None => Vec::new(),
    }
}

/// What a pipeline request names and brings.
pub(crate) struct NewPipeline {
    pub reference: String,
    pub variables: Vec<Variable>,
    pub user_id: u64,
}

impl Store {
    /// GitLab's pipeline creation for `POST …/pipeline`: `ref` must be a branch or a tag,
    /// its commit must hold a `.gitlab-ci.yml` with at least one job. The first stage with
    /// jobs is queued (`pending`, or `manual` for manual jobs), later stages wait (`created`).
    /// Errors are GitLab's `base` messages.
    pub fn create_pipeline(&mut self, project_id: u64, new: NewPipeline) -> Result<u64, String> {
        let project = &self.projects[&project_id];
        let repository = &project.repository;
        let (sha, tag) = match (
            repository.branches.get(&new.reference),
            repository.tags.get(&new.reference),
        ) {
            (Some(head), _) => (head.clone(), false),
            (None, Some(tag)) => (tag.commit.clone(), true),
            (None, None) => return Err("Reference not found".to_owned()),
        };
        let commit = repository
            .commit(&sha)
            .ok_or_else(|| "Reference not found".to_owned())?;
        let config = commit
            .tree
            .get(".gitlab-ci.yml")
            .and_then(|e| e.blob.text().map(str::to_owned))
            .ok_or_else(|| "Missing CI config file".to_owned())?;
        let declared = jobs(&config)?;
        let Some(first) = declared.first().map(|j| j.stage.clone()) else {
            return Err("No stages / jobs for this pipeline.".to_owned());
        };
        let at = now();
        let ids = &mut self.ids;
        let jobs: Vec<Job> = declared
            .into_iter()
            .map(|declared| {
                let status = match (declared.stage == first, declared.manual) {
                    (true, true) => "manual",
                    (true, false) => "pending",
                    (false, _) => "created",
                };
                let mut job = Job::queued(
                    Ids::next(&mut ids.job),
                    &declared.name,
                    &declared.stage,
                    status,
                    &at,
                );
                job.manual = declared.manual;
                job.allow_failure = declared.allow_failure;
                job.trigger = declared.trigger;
                job
            })
            .collect();
        let id = Ids::next(&mut ids.pipeline);
        let project = self.project_mut(project_id);
        let iid = project.pipeline_iid();
        let status = composite_status(&jobs.iter().collect::<Vec<_>>());
        project.pipelines.insert(
            id,
            Pipeline {
                id,
                iid,
                sha,
                ref_name: new.reference,
                tag,
                status,
                source: "api",
                user_id: new.user_id,
                // GitLab's blank SHA: a pipeline not made by a push has no previous commit.
                before_sha: "0".repeat(40),
                created_at: at.clone(),
                updated_at: at,
                started_at: None,
                finished_at: None,
                duration: None,
                queued_duration: None,
                jobs,
                variables: new.variables,
            },
        );
        project.touch();
        Ok(id)
    }
}

/// GitLab's CI lint of `yaml` (`…/ci/lint`): whether it is valid, its errors, the YAML it
/// merges to (here the file itself: `include` is not followed), and, when asked, its jobs.
pub(crate) fn lint(yaml: &str, include_jobs: bool) -> serde_json::Value {
    let (errors, jobs) = match jobs(yaml) {
        Ok(jobs) if jobs.is_empty() => (
            vec!["jobs config should contain at least one visible job".to_owned()],
            Vec::new(),
        ),
        Ok(jobs) => (Vec::new(), jobs),
        Err(error) => (vec![error], Vec::new()),
    };
    let valid = errors.is_empty();
    let mut answer = serde_json::json!({
        "valid": valid,
        "errors": errors,
        "warnings": [],
        "merged_yaml": if valid { Some(yaml) } else { None },
        "includes": [],
    });
    if include_jobs {
        answer["jobs"] = jobs
            .iter()
            .map(|job| {
                serde_json::json!({
                    "name": job.name,
                    "stage": job.stage,
                    "when": if job.manual { "manual" } else { "on_success" },
                    "allow_failure": job.allow_failure,
                })
            })
            .collect();
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_configuration_reads_as_four_jobs() {
        let yaml = "stages:\n  - build\n  - test\n  - deploy\n\ndefault:\n  image: rust\n\n\
                    build:\n  stage: build\n  script:\n    - cargo build\n\n\
                    test:\n  stage: test\n  script:\n    - cargo test\n\n\
                    lint:\n  stage: test\n  script:\n    - cargo clippy\n\n\
                    deploy:\n  stage: deploy\n  script:\n    - echo \"when: never\"\n  when: manual\n";
        let jobs = jobs(yaml).unwrap();
        let names: Vec<(&str, &str, bool, bool)> = jobs
            .iter()
            .map(|j| (j.name.as_str(), j.stage.as_str(), j.manual, j.allow_failure))
            .collect();
        assert_eq!(
            names,
            [
                ("build", "build", false, false),
                ("test", "test", false, false),
                ("lint", "test", false, false),
                ("deploy", "deploy", true, true),
            ]
        );
    }

    #[test]
    fn defaults_hidden_jobs_and_unknown_stages() {
        let jobs = jobs(
            ".template:\n  script: x\nunit:\n    script: x\nship:\n    stage: deploy\n    script:\n      - stage: not-a-stage\n",
        )
        .unwrap();
        assert_eq!(jobs.len(), 2);
        assert_eq!(
            (jobs[0].name.as_str(), jobs[0].stage.as_str()),
            ("unit", "test")
        );
        assert_eq!(
            jobs[1].stage, "deploy",
            "keys at any indentation, nested ones ignored"
        );
        let error = super::jobs("stages: [build]\nx:\n  stage: test\n  script: y\n").unwrap_err();
        assert_eq!(
            error,
            "x job: chosen stage test does not exist; available stages are .pre, build, .post"
        );
    }
}
