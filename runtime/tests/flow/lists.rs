//! List steps (`wizard::each`) on both wire paths: the same questions asked about each
//! item of a list read when the step is reached, a question about an item skipped or
//! pre-filled from it, the list read once and carried in the signed state, and the
//! endings a list can lead to. The wizard is written against the runtime's API by hand,
//! as a server writes one the derive cannot express.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use wizard::each::{Each, List, ListStep, MAX_ITEMS, Position, Unusable};
use wizard::live::{Live, Pending};
use wizard::question::{ChoiceOption, Kind, Question, Requirement};
use wizard::summary::{SummaryPart, escape_value};
use wizard::testkit::{Kit, Path, Report, answer, cancel, decline, pick, yes};
use wizard::{Outcome, Stage, Wizard, WizardInfo};

/// The notes on a board, as the fake service knows them, and how often they were read.
#[derive(Default)]
struct Board {
    notes: Vec<Note>,
    unreadable: bool,
    reads: Arc<AtomicUsize>,
}

impl Board {
    fn with(notes: &[&str]) -> Self {
        Board {
            notes: notes
                .iter()
                .zip(1..)
                .map(|(text, id)| Note {
                    id,
                    text: (*text).to_owned(),
                })
                .collect(),
            ..Board::default()
        }
    }
}

/// One note, as read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Note {
    id: u64,
    text: String,
}

/// What the user decided about one note.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Tidied {
    Kept(u64),
    Reworded(u64, String),
    Dropped(u64),
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct NoteAnswers {
    decision: Option<String>,
    text: Option<String>,
}

const DECISIONS: &[ChoiceOption] = &[
    ChoiceOption {
        value: "keep",
        title: "Keep",
    },
    ChoiceOption {
        value: "reword",
        title: "Reword",
    },
    ChoiceOption {
        value: "drop",
        title: "Drop",
    },
];

impl Each for Tidied {
    type Item = Note;
    type Answers = NoteAnswers;
    const QUESTIONS: &'static [Question] = &[
        Question::required(
            "decision",
            "Keep, reword or drop this note?",
            Kind::Choice(DECISIONS),
        ),
        Question::required("text", "Reword the note", Kind::Text),
    ];

    fn about(note: &Note, at: Position) -> String {
        format!(
            "Note {} of {}: {}",
            at.number,
            at.count,
            escape_value(&note.text)
        )
    }

    fn is_asked(_: &Note, answers: &NoteAnswers, question: &Question) -> bool {
        question.key != "text" || answers.decision.as_deref() == Some("reword")
    }

    fn default(note: &Note, _: &NoteAnswers, question: &Question) -> Option<String> {
        (question.key == "text").then(|| note.text.clone())
    }

    fn apply(
        answers: &mut NoteAnswers,
        question: &Question,
        value: &Value,
    ) -> Result<(), Unusable> {
        let text = value.as_str().unwrap_or_default().to_owned();
        match question.key {
            "decision" => answers.decision = Some(text),
            _ if text.len() < 3 => {
                return Err(Unusable::Refused(format!(
                    "{} is too short for a note",
                    escape_value(&text)
                )));
            }
            _ => answers.text = Some(text),
        }
        Ok(())
    }

    fn finish(note: Note, answers: NoteAnswers) -> Result<Self, String> {
        match (answers.decision.as_deref(), answers.text) {
            (Some("keep"), _) => Ok(Tidied::Kept(note.id)),
            (Some("reword"), Some(text)) => Ok(Tidied::Reworded(note.id, text)),
            (Some("drop"), _) => Ok(Tidied::Dropped(note.id)),
            other => Err(format!("note {} was not decided: {other:?}", note.id)),
        }
    }
}

/// Tidies a board: each note kept, reworded or dropped, then whether to pin the board.
#[derive(Debug)]
struct Tidy {
    board: String,
    notes: Vec<Tidied>,
    pin: Option<bool>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
struct TidyArgs {
    board: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct TidyDraft {
    notes: Option<Vec<Tidied>>,
    pin: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Notes,
    Pin,
}

static NOTES: List<Tidy, Tidied> = List::new(notes);

fn notes(live: Live<'_, Tidy>) -> Pending<'_, Result<Vec<Note>, String>> {
    Box::pin(async move {
        let board = live.context;
        board.reads.fetch_add(1, Ordering::SeqCst);
        if board.unreadable {
            Err(format!(
                "The notes of {} cannot be read",
                escape_value(&live.args.board)
            ))
        } else {
            Ok(board.notes.clone())
        }
    })
}

impl Wizard for Tidy {
    type Args = TidyArgs;
    type Draft = TidyDraft;
    type Context = Board;
    type Step = Step;

    const INFO: WizardInfo = WizardInfo {
        tool: "board_tidy",
        id: None,
        alternative: None,
        confirm: Some("Tidy the board?"),
        noun: "Tidying",
        doc: "Tidies a board's notes.",
    };
    const QUESTIONS: &'static [Question] = &[
        Question {
            each: Some(Tidied::QUESTIONS),
            ..Question::required("notes", "Each note: keep, reword or drop", Kind::Text)
        },
        Question {
            requirement: Requirement::Optional,
            ..Question::required("pin", "Pin the board?", Kind::YesNo)
        },
    ];
    const STEPS: &'static [Step] = &[Step::Notes, Step::Pin];

    fn index(step: Step) -> usize {
        step as usize
    }

    fn is_asked(_: &TidyDraft, _: Step) -> bool {
        true
    }

    fn apply(draft: &mut TidyDraft, step: Step, value: &Value) -> Result<(), Unusable> {
        match step {
            Step::Notes => {
                let notes = serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
                draft.notes = Some(notes);
            }
            Step::Pin => draft.pin = value.as_bool(),
        }
        Ok(())
    }

    fn finish(draft: TidyDraft, args: TidyArgs) -> Result<Self, String> {
        Ok(Tidy {
            board: args.board,
            notes: draft.notes.ok_or("the notes were not reviewed")?,
            pin: draft.pin,
        })
    }

    fn summary(draft: &TidyDraft, args: &TidyArgs) -> Vec<SummaryPart> {
        let count = draft.notes.as_ref().map_or(0, Vec::len);
        vec![
            SummaryPart::Built(format!("Tidy {count} notes of ")),
            SummaryPart::Value {
                text: args.board.clone(),
                truncate: None,
            },
            SummaryPart::Literal("?"),
        ]
    }

    fn list(step: Step) -> Option<&'static dyn ListStep<Self>> {
        match step {
            Step::Notes => Some(&NOTES),
            Step::Pin => None,
        }
    }
}

const PATHS: [Path; 3] = [Path::Sync, Path::Mrtr, Path::MrtrDeclaredInInitialize];

fn run(path: Path, board: Board, replies: Vec<wizard::testkit::Reply>) -> Report<Tidy> {
    let args = TidyArgs {
        board: "team".to_owned(),
    };
    Kit::new(path).run_with(args, board, replies)
}

#[test]
fn each_item_is_asked_about_in_turn_and_the_answers_make_the_list() {
    for path in PATHS {
        let board = Board::with(&["Ship **it**", "Fix the build", "Lunch?"]);
        let replies = vec![
            pick("keep"),
            pick("reword"),
            answer("text", "Fix the build today"),
            pick("drop"),
            decline(),
            yes(),
        ];
        let report = run(path, board, replies);
        assert_eq!(
            report.keys(),
            ["decision", "decision", "text", "decision", "pin", "confirm"],
            "{path:?}"
        );
        // What the item is comes first, escaped; then the question.
        assert_eq!(
            report.asked[0].message,
            "Note 1 of 3: `Ship **it**`\n\nKeep, reword or drop this note?"
        );
        assert_eq!(
            report.asked[2].message,
            "Note 2 of 3: `Fix the build`\n\nReword the note"
        );
        // The text to reword is pre-filled with the note's own.
        assert_eq!(
            report.asked[2].schema["properties"]["text"]["default"],
            "Fix the build"
        );
        assert_eq!(report.asked[5].message, "Tidy 3 notes of `team`?");
        let tidy = report.finished();
        assert_eq!(tidy.board, "team");
        assert_eq!(
            tidy.notes,
            [
                Tidied::Kept(1),
                Tidied::Reworded(2, "Fix the build today".into()),
                Tidied::Dropped(3)
            ]
        );
        assert_eq!(tidy.pin, None);
    }
}

#[test]
fn the_list_is_read_once_and_rides_in_the_state_however_many_rounds() {
    for path in PATHS {
        let board = Board::with(&["a note", "another"]);
        let reads = Arc::clone(&board.reads);
        let replies = vec![pick("keep"), pick("drop"), decline(), yes()];
        let report = run(path, board, replies);
        assert_eq!(report.keys(), ["decision", "decision", "pin", "confirm"]);
        assert!(matches!(report.outcome, Outcome::Finished(_)), "{path:?}");
        assert_eq!(reads.load(Ordering::SeqCst), 1, "{path:?}");
        if path != Path::Sync {
            assert_eq!(
                report.calls, 5,
                "{path:?}: one round per question, and the last"
            );
        }
    }
}

#[test]
fn an_empty_list_answers_its_step_with_no_items() {
    for path in PATHS {
        let report = run(path, Board::with(&[]), vec![decline(), yes()]);
        assert_eq!(report.keys(), ["pin", "confirm"], "{path:?}");
        assert_eq!(report.asked[1].message, "Tidy 0 notes of `team`?");
        assert!(report.finished().notes.is_empty());
    }
}

#[test]
fn a_list_that_cannot_be_read_ends_the_wizard_with_the_reason() {
    for path in PATHS {
        let board = Board {
            unreadable: true,
            ..Board::default()
        };
        let report = run(path, board, vec![]);
        assert!(report.asked.is_empty(), "{path:?}: nothing was asked");
        assert_eq!(
            report.text(),
            "Tidying stopped: The notes of `team` cannot be read. Nothing was done."
        );
        let Outcome::Refused(refusal) = report.outcome else {
            panic!("{path:?}: refused");
        };
        assert_eq!(refusal.stage, Stage::List("notes"));
    }
}

#[test]
fn a_list_too_long_to_ask_about_is_refused_before_anything_is_asked() {
    let many: Vec<String> = (0..=MAX_ITEMS).map(|n| format!("note {n}")).collect();
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    for path in PATHS {
        let report = run(path, Board::with(&many), vec![]);
        assert!(report.asked.is_empty(), "{path:?}");
        assert!(
            report
                .text()
                .contains(&format!("There are {} items to ask about", MAX_ITEMS + 1)),
            "{}",
            report.text()
        );
    }
}

#[test]
fn an_answer_refused_about_an_item_is_asked_again_and_the_third_ends_it() {
    for path in PATHS {
        let replies = vec![
            pick("reword"),
            answer("text", "no"),
            answer("text", "Better words"),
            decline(),
            yes(),
        ];
        let report = run(path, Board::with(&["Old words"]), replies);
        assert_eq!(
            report.keys(),
            ["decision", "text", "text", "pin", "confirm"],
            "{path:?}"
        );
        assert_eq!(
            report.asked[2].message,
            "Note 1 of 1: `Old words`\n\n`no` is too short for a note.\n\nReword the note"
        );
        assert_eq!(
            report.finished().notes,
            [Tidied::Reworded(1, "Better words".into())]
        );

        let replies = vec![
            pick("reword"),
            answer("text", "a"),
            answer("text", "b"),
            answer("text", "c"),
        ];
        let report = run(path, Board::with(&["Old words"]), replies);
        assert_eq!(
            report.text(),
            "Tidying stopped: `c` is too short for a note. The answer to `text` was refused 3 \
             times; nothing was done."
        );
    }
}

#[test]
fn declining_a_required_item_question_or_cancelling_cancels_the_wizard() {
    for path in PATHS {
        for reply in [decline(), cancel()] {
            let replies = vec![pick("keep"), reply];
            let report = run(path, Board::with(&["one", "two"]), replies);
            assert_eq!(report.keys(), ["decision", "decision"], "{path:?}");
            assert_eq!(report.text(), "Tidying cancelled.");
            assert!(matches!(report.outcome, Outcome::Cancelled(_)));
        }
        // A no at the summary, after every item was answered: an Accept with the box
        // unticked, which says so.
        let replies = vec![pick("keep"), decline(), wizard::testkit::no()];
        let report = run(path, Board::with(&["one"]), replies);
        assert_eq!(
            report.text(),
            "Nothing was done: the box 'Tidy the board?' was not ticked."
        );
    }
}

#[test]
fn an_answer_outside_the_items_form_is_the_clients_fault() {
    for path in PATHS {
        let report = run(path, Board::with(&["one"]), vec![pick("archive")]);
        assert_eq!(report.keys(), ["decision"], "{path:?}");
        let Outcome::Failed(failure) = report.outcome else {
            panic!("{path:?}: failed");
        };
        assert_eq!(failure.stage, Stage::Question("decision"));
    }
}
