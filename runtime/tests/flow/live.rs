//! Live checks, live choices and the intro (`wizard::live`) on both wire paths, with a
//! wizard whose context is a fake service the tests set up: what is asked again and how,
//! when the wizard gives up, what a live choice offers and when it falls back to text.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rmcp::model::{CallToolRequestParams, ElicitRequestParams, InputRequest, InputResponses};
use serde_json::{Value, json};
use wizard::live::{Intro, Live, MAX_OPTIONS, Verdict};
use wizard::summary::escape_value;
use wizard::testkit::{Kit, Path, Report, accept, answer, cancel, decline, pick, yes};
use wizard::{Flow, Outcome, Stage, StateKeys, Wizard};

/// What the fake service knows, and how often it was asked.
#[derive(Default)]
struct Service {
    branches: Vec<String>,
    /// The branch list cannot be read.
    listing_fails: bool,
    /// Nothing can be reached: every check accepts (the final call decides).
    down: bool,
    intro: Option<Intro>,
    fetches: AtomicUsize,
    checks: Mutex<Vec<String>>,
}

impl Service {
    fn with_branches(names: &[&str]) -> Self {
        Service {
            branches: names.iter().map(|n| (*n).to_owned()).collect(),
            ..Service::default()
        }
    }

    fn checked(&self) -> Vec<String> {
        self.checks.lock().unwrap().clone()
    }
}

/// Joins one branch of a repository into another.
#[derive(Debug, Wizard)]
#[wizard(
    tool = "join",
    noun = "Join",
    context = Service,
    intro = describe,
    summary = "Join {from} into {into} in {repo}?"
)]
struct Join {
    #[tool_arg]
    repo: String,
    #[ask("From which branch?", choices_from = branches, check = from_exists)]
    from: String,
    #[ask("Into which branch?", check = into_differs)]
    into: String,
    #[ask("How many reviewers?", parse = reviewers, summary = "Reviewers")]
    reviewers: Option<u8>,
    #[ask("Any note? (or leave empty)", summary = "Note", check = note_is_short)]
    note: Option<String>,
}

async fn describe(live: Live<'_, Join>) -> Intro {
    live.context.intro.clone().unwrap_or(Intro::Nothing)
}

async fn branches(live: Live<'_, Join>) -> Result<Vec<String>, String> {
    live.context.fetches.fetch_add(1, Ordering::SeqCst);
    if live.context.listing_fails {
        Err("the branch list cannot be read".to_owned())
    } else {
        Ok(live.context.branches.clone())
    }
}

fn exists(live: Live<'_, Join>, branch: &str) -> Verdict {
    live.context.checks.lock().unwrap().push(branch.to_owned());
    if live.context.down || live.context.branches.iter().any(|b| b == branch) {
        Verdict::Accept
    } else {
        Verdict::reject(format!(
            "There is no branch {} in {}",
            escape_value(branch),
            escape_value(live.args.repo.as_str())
        ))
    }
}

async fn from_exists(live: Live<'_, Join>, branch: &str) -> Verdict {
    exists(live, branch)
}

/// Sees the earlier answer in the draft.
async fn into_differs(live: Live<'_, Join>, branch: &str) -> Verdict {
    if live.draft.from.as_deref() == Some(branch) {
        return Verdict::reject("The target must differ from the source.");
    }
    exists(live, branch)
}

async fn note_is_short(_: Live<'_, Join>, note: &str) -> Verdict {
    if note.chars().count() > 10 {
        Verdict::reject("Keep the note under 10 characters.")
    } else {
        Verdict::Accept
    }
}

fn reviewers(text: &str) -> Result<u8, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{} is not a number of reviewers", escape_value(text)))
}

const PATHS: [Path; 3] = [Path::Sync, Path::Mrtr, Path::MrtrDeclaredInInitialize];

fn args() -> JoinArgs {
    JoinArgs {
        repo: "demo/app".to_owned(),
    }
}

fn run(path: Path, service: Service, replies: Vec<wizard::testkit::Reply>) -> Report<Join> {
    Kit::new(path).run_with(args(), service, replies)
}

#[test]
fn a_refused_answer_is_asked_again_with_the_reason_first() {
    for path in PATHS {
        let service = Service::with_branches(&["main", "feature/x"]);
        let replies = vec![
            pick("feature/x"),
            answer("into", "mian"),
            answer("into", "feature/x"),
            answer("into", "main"),
            decline(),
            decline(),
            yes(),
        ];
        let report = run(path, service, replies);
        assert_eq!(
            report.keys(),
            [
                "from",
                "into",
                "into",
                "into",
                "reviewers",
                "note",
                "confirm"
            ],
            "{path:?}"
        );
        let messages: Vec<&str> = report.asked.iter().map(|a| a.message.as_str()).collect();
        assert_eq!(
            messages[1..4],
            [
                "Into which branch?",
                "There is no branch `mian` in `demo/app`.\n\nInto which branch?",
                "The target must differ from the source.\n\nInto which branch?",
            ]
        );
        // The form asked again is the question's own, its field described by the reason
        // (a client shows a field's description next to it).
        let mut again = report.asked[1].schema.clone();
        again["properties"]["into"]["description"] =
            json!("There is no branch `mian` in `demo/app`.");
        assert_eq!(report.asked[2].schema, again);
        assert_eq!(
            report.asked[6].message,
            "Join `feature/x` into `main` in `demo/app`?"
        );
        let join = report.finished();
        assert_eq!(
            (join.repo.as_str(), join.from.as_str(), join.into.as_str()),
            ("demo/app", "feature/x", "main")
        );
    }
}

#[test]
fn the_third_refusal_ends_the_wizard_with_the_reason() {
    for path in PATHS {
        let service = Service::with_branches(&["main", "dev"]);
        let replies = vec![
            pick("dev"),
            answer("into", "a"),
            answer("into", "b"),
            answer("into", "c"),
        ];
        let report = run(path, service, replies);
        assert_eq!(report.keys(), ["from", "into", "into", "into"], "{path:?}");
        assert_eq!(
            report.text(),
            "Join stopped: There is no branch `c` in `demo/app`. The answer to `into` was \
             refused 3 times; nothing was done."
        );
        assert_eq!(report.result.is_error, Some(true));
        let Outcome::Refused(refusal) = report.outcome else {
            panic!("{path:?}: refused");
        };
        assert_eq!(refusal.stage, Stage::Question("into"));
        assert_eq!(refusal.reason, "There is no branch `c` in `demo/app`");
    }
}

#[test]
fn a_check_that_cannot_reach_its_service_accepts() {
    for path in PATHS {
        let service = Service {
            down: true,
            listing_fails: true,
            ..Service::default()
        };
        let replies = vec![
            answer("from", "anything"),
            answer("into", "else"),
            decline(),
            decline(),
            yes(),
        ];
        let join = run(path, service, replies).finished();
        assert_eq!(
            (join.from.as_str(), join.into.as_str()),
            ("anything", "else")
        );
    }
}

#[test]
fn a_parse_refusal_counts_as_a_try_and_keeps_the_earlier_answers() {
    for path in PATHS {
        let service = Service::with_branches(&["main", "dev"]);
        let replies = vec![
            pick("dev"),
            answer("into", "main"),
            answer("reviewers", "two"),
            answer("reviewers", "2"),
            answer("note", ""),
            yes(),
        ];
        let report = run(path, service, replies);
        assert_eq!(
            report.asked[3].message, "`two` is not a number of reviewers.\n\nHow many reviewers?",
            "{path:?}"
        );
        let join = report.finished();
        assert_eq!(
            (
                join.from.as_str(),
                join.into.as_str(),
                join.reviewers,
                join.note
            ),
            ("dev", "main", Some(2), None)
        );
    }
}

#[test]
fn a_declined_or_empty_optional_answer_is_not_checked() {
    for path in PATHS {
        let service = Service::with_branches(&["main", "dev"]);
        let replies = vec![
            pick("dev"),
            answer("into", "main"),
            decline(),
            answer("note", "   "),
            yes(),
        ];
        let report = run(path, service, replies);
        assert_eq!(report.finished().note, None, "{path:?}");
    }
}

#[test]
fn a_malformed_answer_stays_an_error_and_is_not_asked_again() {
    for path in PATHS {
        let service = Service::with_branches(&["main", "dev"]);
        let report = run(path, service, vec![pick("feature/y")]);
        assert_eq!(report.keys(), ["from"], "{path:?}");
        assert_eq!(
            report.text(),
            "collecting from: `selection` must be one of `main`, `dev`, got `feature/y`"
        );
        assert!(matches!(report.outcome, Outcome::Failed(_)));
    }
}

#[test]
fn a_live_choice_offers_what_the_service_lists() {
    for path in PATHS {
        let service = Service::with_branches(&["main", "dev", "", "main"]);
        let replies = vec![
            pick("dev"),
            answer("into", "main"),
            decline(),
            decline(),
            cancel(),
        ];
        let report = run(path, service, replies);
        assert_eq!(
            report.asked[0].schema,
            json!({"type": "object", "required": ["selection"], "properties": {"selection": {
                "type": "string", "title": "From", "description": "From which branch?",
                "enum": ["main", "dev"]}}}),
            "{path:?}: empty and repeated options dropped"
        );
        assert_eq!(report.text(), "Join cancelled.");
    }
}

#[test]
fn the_options_are_fetched_once_per_question_and_checks_see_what_was_typed() {
    // A context outliving the run, to read its counters: driven round by round.
    let service = Service::with_branches(&["main", "dev"]);
    let flow = Flow::new(StateKeys::random());
    let rounds = Rounds::new(&flow, &service);
    let first = rounds.first();
    assert_eq!(first.key, "from");
    // The same question again without an answer: the options offered are kept.
    let again = rounds.send(&first, None);
    assert_eq!(again.key, "from");
    assert_eq!(again.message, "From which branch?");
    let into = rounds.send(&again, Some(json!({"selection": "dev"})));
    assert_eq!(service.fetches.load(Ordering::SeqCst), 1);
    let refused = rounds.send(&into, Some(json!({"into": "nope"})));
    assert_eq!(refused.key, "into");
    assert_eq!(
        refused.message,
        "There is no branch `nope` in `demo/app`.\n\nInto which branch?"
    );
    // Sent again unanswered, the refused question still says why.
    let resent = rounds.send(&refused, None);
    assert_eq!(resent.message, refused.message);
    let reviewers = rounds.send(&resent, Some(json!({"into": "main"})));
    assert_eq!(reviewers.key, "reviewers");
    assert_eq!(
        service.checked(),
        ["nope", "main"],
        "the picked `dev` was not checked"
    );
    assert_eq!(service.fetches.load(Ordering::SeqCst), 1);
}

#[test]
fn too_many_options_or_a_failed_fetch_ask_for_text_and_check_it() {
    let many: Vec<String> = (0..=MAX_OPTIONS).map(|n| format!("b{n}")).collect();
    let cases = [
        (
            Service {
                branches: many.clone(),
                ..Service::default()
            },
            "more than 100",
        ),
        (
            Service {
                branches: many[..3].to_vec(),
                listing_fails: true,
                ..Service::default()
            },
            "a failed fetch",
        ),
        (Service::default(), "no option"),
    ];
    for path in PATHS {
        for (service, case) in &cases {
            let service = Service {
                branches: service.branches.clone(),
                listing_fails: service.listing_fails,
                ..Service::default()
            };
            let known = service.branches.first().cloned();
            let mut replies = vec![answer("from", "typo")];
            if let Some(known) = &known {
                replies.extend([
                    answer("from", known),
                    answer("into", "typo"),
                    answer("into", &many[1]),
                    decline(),
                    decline(),
                    yes(),
                ]);
            } else {
                replies.extend([answer("from", "typo2"), answer("from", "typo3")]);
            }
            let report = run(path, service, replies);
            assert_eq!(
                report.asked[0].schema,
                json!({"type": "object", "required": ["from"], "properties": {"from": {
                    "type": "string", "title": "From", "description": "From which branch?",
                    "minLength": 1}}}),
                "{path:?}, {case}: text instead"
            );
            assert_eq!(
                report.asked[1].message,
                "There is no branch `typo` in `demo/app`.\n\nFrom which branch?",
                "{path:?}, {case}"
            );
            match known {
                Some(known) => assert_eq!(report.finished().from, known, "{path:?}, {case}"),
                None => assert!(matches!(report.outcome, Outcome::Refused(_)), "{case}"),
            }
        }
    }
    // Exactly 100 options are still offered.
    let service = Service {
        branches: many[..MAX_OPTIONS].to_vec(),
        ..Service::default()
    };
    let report = run(Path::Mrtr, service, vec![cancel()]);
    let offered = &report.asked[0].schema["properties"]["selection"]["enum"];
    assert_eq!(offered.as_array().map(Vec::len), Some(MAX_OPTIONS));
}

#[test]
fn the_intro_shows_before_the_first_question_and_the_summary() {
    for path in PATHS {
        let mut service = Service::with_branches(&["main", "dev"]);
        service.intro = Some(Intro::Show("`demo/app` has 2 branches.".to_owned()));
        let replies = vec![
            pick("dev"),
            answer("into", "main"),
            decline(),
            decline(),
            yes(),
        ];
        let report = run(path, service, replies);
        assert_eq!(
            report.keys(),
            ["from", "into", "reviewers", "note", "confirm"],
            "{path:?}"
        );
        assert_eq!(
            report.asked[0].message,
            "`demo/app` has 2 branches.\n\nFrom which branch?"
        );
        assert_eq!(report.asked[1].message, "Into which branch?");
        assert_eq!(
            report.asked[4].message,
            "`demo/app` has 2 branches.\n\nJoin `dev` into `main` in `demo/app`?"
        );
        report.finished();
    }
}

#[test]
fn an_intro_may_stop_the_wizard_before_any_question() {
    for path in PATHS {
        let service = Service {
            intro: Some(Intro::Stop("`demo/app` is archived".to_owned())),
            ..Service::with_branches(&["main"])
        };
        let report = run(path, service, vec![]);
        assert!(report.keys().is_empty(), "{path:?}");
        assert_eq!(
            report.text(),
            "Join stopped: `demo/app` is archived. Nothing was done."
        );
        let Outcome::Refused(refusal) = report.outcome else {
            panic!("refused");
        };
        assert_eq!(refusal.stage, Stage::Intro);
    }
}

#[test]
fn the_question_table_says_which_questions_are_live() {
    let live: Vec<(&str, bool, bool)> = Join::QUESTIONS
        .iter()
        .map(|q| (q.key, q.checked, q.live_choices))
        .collect();
    assert_eq!(
        live,
        [
            ("from", true, true),
            ("into", true, false),
            ("reviewers", false, false),
            ("note", true, false)
        ]
    );
}

/// Rounds of the 2026-07-28 path driven by hand through [`Flow::mrtr_round`], with a
/// context the test keeps.
struct Rounds<'a> {
    flow: &'a Flow,
    service: &'a Service,
}

/// One round's question, and the state to echo.
struct Asked {
    key: String,
    message: String,
    state: String,
}

impl<'a> Rounds<'a> {
    fn new(flow: &'a Flow, service: &'a Service) -> Self {
        Rounds { flow, service }
    }

    fn call() -> CallToolRequestParams {
        CallToolRequestParams::new("join")
            .with_arguments(json!({"repo": "demo/app"}).as_object().cloned().unwrap())
    }

    fn round(&self, request: &CallToolRequestParams) -> Asked {
        let outcome = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(self.flow.mrtr_round::<Join>(self.service, args(), request));
        let Outcome::Pending(input) = outcome else {
            panic!("expected a question, got {:?}", outcome.error_text());
        };
        let (key, request) = input
            .input_requests
            .as_ref()
            .and_then(|requests| requests.iter().next())
            .expect("one input request");
        let InputRequest::Elicitation(elicit) = request else {
            panic!("an elicitation");
        };
        let ElicitRequestParams::FormElicitationParams { message, .. } = &elicit.params else {
            panic!("a form");
        };
        Asked {
            key: key.clone(),
            message: message.clone(),
            state: input.request_state.clone().expect("state"),
        }
    }

    fn first(&self) -> Asked {
        self.round(&Self::call())
    }

    /// The next round after `asked`, answering it with `content` (or not at all).
    fn send(&self, asked: &Asked, content: Option<Value>) -> Asked {
        let mut request = Self::call();
        request.request_state = Some(asked.state.clone());
        if let Some(content) = content {
            let responses: InputResponses = [(
                asked.key.clone(),
                json!({"action": "accept", "content": content}),
            )]
            .into();
            request.input_responses = Some(responses);
        }
        self.round(&request)
    }
}

#[test]
fn a_reply_of_accept_without_content_is_malformed() {
    let service = Service::with_branches(&["main"]);
    let report = run(Path::Mrtr, service, vec![accept(json!({}))]);
    assert_eq!(
        report.text(),
        "collecting from: `selection` is missing, expected one of `main`"
    );
}
