//! `gitlab_interactive_mr_review`: the review the model drafted, curated by the user. The
//! model writes its comments as draft notes (general ones, and ones on lines of the diff);
//! the wizard shows the user each draft in a form of its own — keep it, edit it (its text
//! pre-filled) or drop it —, then asks for the verdict, and only after a yes to the
//! summary edits, deletes, publishes and approves.
//!
//! How many drafts there are is known only when the wizard runs, so the drafts are a list
//! step (`wizard::each`): a struct of questions cannot hold them, and this wizard is
//! written against the runtime's `Wizard` trait by hand.

use reqwest::Method;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use wizard::each::{Each, List, ListStep, Position, Unusable};
use wizard::live::{Intro, Live, Offer, Pending};
use wizard::question::{ChoiceOption, Kind, Question};
use wizard::summary::{SummaryPart, escape_value};
use wizard::{Wizard, WizardInfo};

use super::live::{Found, project_get, read, shown};
use crate::catalog::body::Body;
use crate::catalog::output::Output;
use crate::catalog::params::MergeRequestIid;
use crate::catalog::wizard::{Calls, GitLabWizard};
use crate::gitlab::quick_actions::{Carried, Target, find};
use crate::gitlab::{ApiRequest, GitLab, ProjectId};

/// The release that lets a published review request changes (`reviewer_state`).
const REQUESTED_CHANGES_SINCE: (u32, u32) = (19, 2);

/// A summary shows this many characters of a comment, then `...`.
const SHOWN_CHARS: usize = 100;

/// The review, decided: what becomes of each draft, and the verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewWizard {
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub comments: Vec<Reviewed>,
    pub verdict: ReviewVerdict,
}

/// The tool arguments: which merge request's drafts to review.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(description = "")]
pub struct ReviewWizardArgs {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
}

/// The answers so far, riding in the `requestState` between rounds.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ReviewWizardDraft {
    #[serde(rename = "c", default, skip_serializing_if = "Option::is_none")]
    pub comments: Option<Vec<Reviewed>>,
    #[serde(rename = "v", default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<ReviewVerdict>,
}

/// The wizard's two steps: the drafts, one by one, then the verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewStep {
    Comments,
    Verdict,
}

/// One draft comment, as GitLab lists the caller's drafts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DraftComment {
    pub id: u64,
    /// Where it sits: `src/lib.rs:12`, a file, or `None` for a general comment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    pub note: String,
    /// Its `position` as GitLab gave it: an edit sends it back, since GitLab's update
    /// writes the position it is given, and none would take the draft off its line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Value>,
}

impl DraftComment {
    /// `on `src/lib.rs:12``, or `a general comment`.
    fn place(&self) -> String {
        match &self.at {
            Some(at) => format!("on {}", escape_value(at)),
            None => "a general comment".to_owned(),
        }
    }
}

/// What the user decided about one draft.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reviewed {
    pub comment: DraftComment,
    pub decision: Decided,
}

impl Reviewed {
    /// The text it is published with, when it is.
    fn published(&self) -> Option<&str> {
        match &self.decision {
            Decided::Keep => Some(&self.comment.note),
            Decided::Edit(text) => Some(text),
            Decided::Drop => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Decided {
    Keep,
    Edit(String),
    Drop,
}

/// The answers about one draft so far.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct DraftAnswers {
    #[serde(rename = "d", default, skip_serializing_if = "Option::is_none")]
    decision: Option<String>,
    #[serde(rename = "t", default, skip_serializing_if = "Option::is_none")]
    text: Option<String>,
}

/// The review's verdict, as the form offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReviewVerdict {
    Comment,
    Approve,
    RequestChanges,
}

impl ReviewVerdict {
    const ALL: [ReviewVerdict; 3] = [
        ReviewVerdict::Comment,
        ReviewVerdict::Approve,
        ReviewVerdict::RequestChanges,
    ];

    fn value(self) -> &'static str {
        match self {
            ReviewVerdict::Comment => "comment",
            ReviewVerdict::Approve => "approve",
            ReviewVerdict::RequestChanges => "request_changes",
        }
    }

    fn title(self) -> &'static str {
        match self {
            ReviewVerdict::Comment => "Comment only",
            ReviewVerdict::Approve => "Approve",
            ReviewVerdict::RequestChanges => "Request changes",
        }
    }

    fn read(value: &str) -> Option<ReviewVerdict> {
        Self::ALL
            .into_iter()
            .find(|verdict| verdict.value() == value)
    }
}

const DECISIONS: &[ChoiceOption] = &[
    ChoiceOption {
        value: "keep",
        title: "Keep",
    },
    ChoiceOption {
        value: "edit",
        title: "Edit",
    },
    ChoiceOption {
        value: "drop",
        title: "Drop",
    },
];

/// A required question with its title: every question of the review is one.
const fn question(
    key: &'static str,
    message: &'static str,
    title: &'static str,
    kind: Kind,
) -> Question {
    Question {
        title: Some(title),
        ..Question::required(key, message, kind)
    }
}

/// The questions about each draft: keep, edit or drop it, then its new text after an
/// edit.
impl Each for Reviewed {
    type Item = DraftComment;
    type Answers = DraftAnswers;
    const QUESTIONS: &'static [Question] = &[
        question(
            "decision",
            "Keep this comment as it is, edit it, or drop it?",
            "Keep, edit or drop",
            Kind::Choice(DECISIONS),
        ),
        question("text", "Edit the comment (Markdown)", "Comment", Kind::Text),
    ];

    /// ``Draft comment 2 of 4, on `src/lib.rs:12`:`` then its text, escaped as a summary
    /// value is: it is the model's.
    fn about(comment: &DraftComment, at: Position) -> String {
        format!(
            "Draft comment {} of {}, {}:\n\n{}",
            at.number,
            at.count,
            comment.place(),
            escape_value(&comment.note)
        )
    }

    fn is_asked(_: &DraftComment, answers: &DraftAnswers, question: &Question) -> bool {
        question.key != "text" || answers.decision.as_deref() == Some("edit")
    }

    /// The text to edit starts as the draft's own.
    fn default(comment: &DraftComment, _: &DraftAnswers, question: &Question) -> Option<String> {
        (question.key == "text").then(|| comment.note.clone())
    }

    fn apply(
        answers: &mut DraftAnswers,
        question: &Question,
        value: &Value,
    ) -> Result<(), Unusable> {
        let text = value.as_str().map(str::to_owned);
        match question.key {
            "decision" => answers.decision = text,
            _ => answers.text = text,
        }
        Ok(())
    }

    /// An edit that leaves the text as it was keeps the draft.
    fn finish(comment: DraftComment, answers: DraftAnswers) -> Result<Self, String> {
        let decision = match (answers.decision.as_deref(), answers.text) {
            (Some("keep"), _) => Decided::Keep,
            (Some("edit"), Some(text)) if text == comment.note => Decided::Keep,
            (Some("edit"), Some(text)) => Decided::Edit(text),
            (Some("drop"), _) => Decided::Drop,
            (decision, _) => {
                return Err(format!(
                    "draft {} has no decision to act on ({decision:?})",
                    comment.id
                ));
            }
        };
        Ok(Reviewed { comment, decision })
    }
}

static COMMENTS: List<ReviewWizard, Reviewed> = List::new(drafts);

impl Wizard for ReviewWizard {
    type Args = ReviewWizardArgs;
    type Draft = ReviewWizardDraft;
    type Context = GitLab;
    type Step = ReviewStep;

    const INFO: WizardInfo = WizardInfo {
        tool: "gitlab_interactive_mr_review",
        id: Some("interactive.mr_review"),
        alternative: Some("merge_request.draft_note_publish_all"),
        confirm: Some("Publish the review"),
        noun: "Merge request",
        doc: "Curate and publish the review you drafted on a merge request: write your comments first as draft notes (`merge_request.draft_note_create`, general or on a changed line with `position`), then call this. The user sees each draft and keeps, edits or drops it, picks the verdict (comment only, approve, or request changes), and confirms a summary; only then are the edits saved, the dropped drafts deleted, the rest published together and the approval sent. Returns what was done.",
    };
    const QUESTIONS: &'static [Question] = &[
        Question {
            each: Some(Reviewed::QUESTIONS),
            ..question(
                "comments",
                "Each draft comment: keep, edit or drop it",
                "Comments",
                Kind::Text,
            )
        },
        Question {
            live_choices: true,
            checked: true,
            ..question(
                "verdict",
                "Publish the review with which verdict?",
                "Verdict",
                Kind::Text,
            )
        },
    ];
    const STEPS: &'static [ReviewStep] = &[ReviewStep::Comments, ReviewStep::Verdict];

    fn index(step: ReviewStep) -> usize {
        step as usize
    }

    fn is_asked(_: &ReviewWizardDraft, _: ReviewStep) -> bool {
        true
    }

    fn apply(
        draft: &mut ReviewWizardDraft,
        step: ReviewStep,
        value: &Value,
    ) -> Result<(), Unusable> {
        match step {
            ReviewStep::Comments => {
                let comments = serde_json::from_value(value.clone())
                    .map_err(|error| format!("the decided drafts cannot be read: {error}"))?;
                draft.comments = Some(comments);
            }
            ReviewStep::Verdict => {
                let verdict = value.as_str().and_then(ReviewVerdict::read);
                draft.verdict = Some(verdict.ok_or_else(|| {
                    Unusable::Refused(format!(
                        "{} is not a verdict: answer `comment`, `approve` or `request_changes`",
                        escape_value(value.as_str().unwrap_or_default())
                    ))
                })?);
            }
        }
        Ok(())
    }

    fn finish(draft: ReviewWizardDraft, args: ReviewWizardArgs) -> Result<Self, String> {
        Ok(ReviewWizard {
            project_id: args.project_id,
            merge_request_iid: args.merge_request_iid,
            comments: draft.comments.ok_or("the drafts were not reviewed")?,
            verdict: draft.verdict.ok_or("no verdict was given")?,
        })
    }

    fn summary(draft: &ReviewWizardDraft, args: &ReviewWizardArgs) -> Vec<SummaryPart> {
        summary(
            draft.comments.as_deref().unwrap_or_default(),
            draft.verdict.unwrap_or(ReviewVerdict::Comment),
            args,
        )
    }

    fn choices<'a>(
        live: Live<'a, Self>,
        step: ReviewStep,
    ) -> Option<Pending<'a, Result<Vec<Offer>, String>>> {
        match step {
            ReviewStep::Verdict => Some(Box::pin(verdicts(live))),
            ReviewStep::Comments => None,
        }
    }

    fn intro<'a>(live: Live<'a, Self>) -> Option<Pending<'a, Intro>> {
        Some(Box::pin(describe(live)))
    }

    fn list(step: ReviewStep) -> Option<&'static dyn ListStep<Self>> {
        match step {
            ReviewStep::Comments => Some(&COMMENTS),
            ReviewStep::Verdict => None,
        }
    }
}

/// `Publish 2 comments on !1 in `demo/sandbox` and approve it?`, what becomes of each
/// draft, and every quick action a published draft runs.
fn summary(
    comments: &[Reviewed],
    verdict: ReviewVerdict,
    args: &ReviewWizardArgs,
) -> Vec<SummaryPart> {
    let published = comments.iter().filter(|c| c.published().is_some()).count();
    let what = match published {
        0 => "no comment".to_owned(),
        1 => "1 comment".to_owned(),
        n => format!("{n} comments"),
    };
    let then = match verdict {
        ReviewVerdict::Comment => "?",
        ReviewVerdict::Approve => " and approve it?",
        ReviewVerdict::RequestChanges => " and request changes?",
    };
    let value = |text: &str| SummaryPart::Value {
        text: text.to_owned(),
        truncate: Some(SHOWN_CHARS),
    };
    let mut parts = vec![
        SummaryPart::Built(format!("Publish {what} on !{} in ", args.merge_request_iid)),
        value(&args.project_id.to_string()),
        SummaryPart::Literal(then),
        SummaryPart::Literal("\n"),
    ];
    for reviewed in comments {
        let (done, text) = match &reviewed.decision {
            Decided::Keep => ("Kept", &reviewed.comment.note),
            Decided::Edit(text) => ("Edited", text),
            Decided::Drop => ("Dropped", &reviewed.comment.note),
        };
        parts.push(SummaryPart::Built(format!(
            "\n- {done}, {}: ",
            reviewed.comment.place()
        )));
        parts.push(value(text));
    }
    let runs: Vec<String> = comments
        .iter()
        .zip(1..)
        .flat_map(|(reviewed, number)| {
            let found = reviewed.published().map(find).unwrap_or_default();
            found.into_iter().map(move |action| {
                let target = format!("!{}", args.merge_request_iid);
                format!(
                    "\n- {} in comment {number} ({}): it {}",
                    escape_value(&action.written),
                    reviewed.comment.place(),
                    action.command.does.replace("{}", &target)
                )
            })
        })
        .collect();
    if !runs.is_empty() {
        parts.push(SummaryPart::Literal(
            "\n\nPublishing runs the GitLab quick actions in these comments:",
        ));
        parts.extend(runs.into_iter().map(SummaryPart::Built));
    }
    parts
}

/// Before the first draft: which merge request is reviewed, or that there is none.
async fn describe(live: Live<'_, ReviewWizard>) -> Intro {
    let (project, iid) = (&live.args.project_id, live.args.merge_request_iid);
    let which = format!("Review of merge request !{iid} in {}", shown(project));
    let request = project_get(project, &["merge_requests", &iid.0.to_string()]);
    let found = match read(live.context, request).await {
        Found::Yes(found) => found.body,
        Found::No => {
            return Intro::Stop(format!(
                "There is no merge request !{iid} in {}.",
                shown(project)
            ));
        }
        Found::Unknown(why) => {
            return Intro::Show(format!(
                "{which} (it could not be read: {}).",
                escape_value(&why)
            ));
        }
    };
    let text = |pointer: &str| found.pointer(pointer).and_then(Value::as_str);
    let shown_or = |value: Option<&str>, none: &str| value.map_or(none.to_owned(), escape_value);
    Intro::Show(format!(
        "{which}: {}\n\n- Branches: {} -> {}",
        shown_or(text("/title"), "(no title)"),
        shown_or(text("/source_branch"), "?"),
        shown_or(text("/target_branch"), "?"),
    ))
}

/// The caller's drafts on the merge request, oldest first, as GitLab lists them (the
/// list is not paginated). None, or none readable, ends the wizard: nothing to review.
fn drafts(live: Live<'_, ReviewWizard>) -> Pending<'_, Result<Vec<DraftComment>, String>> {
    Box::pin(async move {
        let (project, iid) = (&live.args.project_id, live.args.merge_request_iid);
        let request = project_get(
            project,
            &["merge_requests", &iid.0.to_string(), "draft_notes"],
        );
        let listed = match read(live.context, request).await {
            Found::Yes(found) => found.body,
            Found::No => {
                return Err(format!(
                    "There is no merge request !{iid} in {}",
                    shown(project)
                ));
            }
            Found::Unknown(why) => {
                return Err(format!(
                    "Your draft comments on !{iid} in {} could not be read ({}); try again later",
                    shown(project),
                    escape_value(&why)
                ));
            }
        };
        let drafts: Vec<DraftComment> = listed
            .as_array()
            .map(|drafts| drafts.iter().filter_map(draft_comment).collect())
            .unwrap_or_default();
        if drafts.is_empty() {
            return Err(format!(
                "You have no draft comments on !{iid} in {}: there is nothing to review. Write \
                 them first with `merge_request.draft_note_create`, then call this wizard again",
                shown(project)
            ));
        }
        Ok(drafts)
    })
}

/// One draft as GitLab lists it: its id, text, and where it sits.
fn draft_comment(draft: &Value) -> Option<DraftComment> {
    let position = draft
        .get("position")
        .filter(|position| position.is_object())
        .map(without_nulls);
    Some(DraftComment {
        id: draft.get("id")?.as_u64()?,
        at: position.as_ref().and_then(line_of),
        note: draft.get("note")?.as_str()?.to_owned(),
        position,
    })
}

/// `src/lib.rs:12` from a position on a line (the new side's, else the old side's), the
/// file alone from one on a file or an image; `None` for a position that names no file.
fn line_of(position: &Value) -> Option<String> {
    let text = |key: &str| position.get(key).and_then(Value::as_str);
    let number = |key: &str| position.get(key).and_then(Value::as_u64);
    let (path, line) = match (number("new_line"), number("old_line")) {
        (Some(line), _) => (text("new_path").or(text("old_path")), Some(line)),
        (None, Some(line)) => (text("old_path").or(text("new_path")), Some(line)),
        (None, None) => (text("new_path").or(text("old_path")), None),
    };
    let path = path?;
    Some(match line {
        Some(line) => format!("{path}:{line}"),
        None => path.to_owned(),
    })
}

/// A position as GitLab takes it back: the fields it holds, without those it left empty.
fn without_nulls(value: &Value) -> Value {
    match value {
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .filter(|(_, value)| !value.is_null())
                .map(|(key, value)| (key.clone(), without_nulls(value)))
                .collect::<Map<String, Value>>(),
        ),
        other => other.clone(),
    }
}

/// The verdicts this GitLab takes: requesting changes with a review needs GitLab 19.2 or
/// later (an instance whose version cannot be read is offered it, and decides).
async fn verdicts(live: Live<'_, ReviewWizard>) -> Result<Vec<Offer>, String> {
    let older = live
        .context
        .version()
        .await
        .is_some_and(|version| version < REQUESTED_CHANGES_SINCE);
    Ok(ReviewVerdict::ALL
        .into_iter()
        .filter(|verdict| !(older && *verdict == ReviewVerdict::RequestChanges))
        .map(|verdict| Offer::labelled(verdict.value(), verdict.title()))
        .collect())
}

impl ReviewWizard {
    fn merge_request(&self) -> ApiRequest {
        ApiRequest::post()
            .project(&self.project_id)
            .segment("merge_requests")
            .segment(self.merge_request_iid)
    }

    fn draft(&self, method: ApiRequest, id: u64) -> ApiRequest {
        method
            .project(&self.project_id)
            .segment("merge_requests")
            .segment(self.merge_request_iid)
            .segment("draft_notes")
            .segment(id)
    }

    /// What the yes did, for the call's answer: `Published 2 comments on !1 (1 edited
    /// first), deleted 1 dropped draft and approved it.`
    fn done(&self) -> String {
        let plural = |n: usize, one: &str| match n {
            1 => format!("1 {one}"),
            n => format!("{n} {one}s"),
        };
        let edited = self
            .comments
            .iter()
            .filter(|c| matches!(c.decision, Decided::Edit(_)))
            .count();
        let dropped = self
            .comments
            .iter()
            .filter(|c| c.decision == Decided::Drop)
            .count();
        let published = self.comments.len() - dropped;
        let mut done = Vec::new();
        if published > 0 {
            let iid = self.merge_request_iid;
            done.push(match edited {
                0 => format!("published {} on !{iid}", plural(published, "comment")),
                n => format!(
                    "published {} on !{iid} ({n} edited first)",
                    plural(published, "comment")
                ),
            });
        }
        if dropped > 0 {
            done.push(format!("deleted {}", plural(dropped, "dropped draft")));
        }
        match self.verdict {
            ReviewVerdict::Comment => {}
            ReviewVerdict::Approve => done.push("approved it".to_owned()),
            ReviewVerdict::RequestChanges => done.push("requested changes".to_owned()),
        }
        let text = match done.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => "nothing to do".to_owned(),
        };
        let mut chars = text.chars();
        let first = chars
            .next()
            .map(|c| c.to_uppercase().to_string())
            .unwrap_or_default();
        format!("{first}{}.", chars.as_str())
    }
}

/// The review publishes what was kept, as its alternative publishes every draft; the yes
/// first saves the edits and deletes the dropped drafts, and approves last.
impl GitLabWizard for ReviewWizard {
    const OUTPUT: Output = Output::Done;

    /// The publishing of the review, with the state requesting changes sets.
    fn request(&self) -> ApiRequest {
        let state = (self.verdict == ReviewVerdict::RequestChanges).then_some("requested_changes");
        let body = Body::new().opt("reviewer_state", state);
        self.merge_request()
            .segment("draft_notes")
            .segment("bulk_publish")
            .json(body.into())
    }

    fn calls(&self) -> Calls {
        let mut requests = Vec::new();
        for reviewed in &self.comments {
            if let Decided::Edit(text) = &reviewed.decision {
                let body = Body::new()
                    .set("note", text)
                    .opt("position", reviewed.comment.position.as_ref());
                let edit = self.draft(ApiRequest::put(), reviewed.comment.id);
                requests.push(("merge_request.draft_note_update", edit.json(body.into())));
            }
        }
        for reviewed in &self.comments {
            if reviewed.decision == Decided::Drop {
                let delete = self.draft(ApiRequest::new(Method::DELETE), reviewed.comment.id);
                requests.push(("merge_request.draft_note_delete", delete));
            }
        }
        let publishes = self.comments.iter().any(|c| c.published().is_some());
        if publishes || self.verdict == ReviewVerdict::RequestChanges {
            requests.push(("merge_request.draft_note_publish_all", self.request()));
        }
        if self.verdict == ReviewVerdict::Approve {
            requests.push((
                "merge_request.approve",
                self.merge_request().segment("approve"),
            ));
        }
        let published = self
            .comments
            .iter()
            .filter_map(|reviewed| {
                let found = find(reviewed.published()?);
                (!found.is_empty()).then(|| Carried {
                    field: format!("draft comment {}", reviewed.comment.place()),
                    noun: "draft comment (its commands run when it is published)",
                    target: Target::MergeRequest(Some(self.merge_request_iid.0)),
                    found,
                })
            })
            .collect();
        Calls {
            requests,
            published,
            done: Some(self.done()),
        }
    }
}
