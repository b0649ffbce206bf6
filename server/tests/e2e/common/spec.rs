//! The server's promised texts, written out again by hand so that the tests check the
//! server against what clients were promised rather than against its own tables: the
//! four wizards' questions, the answer schemas, the endings and the guard's sentences.

use serde_json::{Value, json};

/// How a question is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Text,
    YesNo,
    Choice(&'static [&'static str]),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Question {
    pub key: &'static str,
    /// The field's label in the form.
    pub title: &'static str,
    pub message: &'static str,
    pub kind: Kind,
    /// A decline ends the flow as a cancellation.
    pub required: bool,
    /// A required text whose answer may be `""`.
    pub may_be_empty: bool,
}

/// An optional text question.
const fn text(key: &'static str, title: &'static str, message: &'static str) -> Question {
    Question {
        key,
        title,
        message,
        kind: Kind::Text,
        required: false,
        may_be_empty: false,
    }
}

/// A required text question.
const fn required(key: &'static str, title: &'static str, message: &'static str) -> Question {
    Question {
        required: true,
        ..text(key, title, message)
    }
}

/// An optional yes/no.
const fn yes_no(key: &'static str, title: &'static str, message: &'static str) -> Question {
    Question {
        key,
        title,
        message,
        kind: Kind::YesNo,
        required: false,
        may_be_empty: false,
    }
}

/// One wizard (tool, catalog id, alternative) and its questions in order (the summary
/// is not listed).
#[derive(Debug, Clone, Copy)]
pub struct WizardSpec {
    pub tool: &'static str,
    pub id: &'static str,
    pub alternative: &'static str,
    pub noun: &'static str,
    /// The summary yes/no's label.
    pub confirm: &'static str,
    pub questions: &'static [Question],
}

pub const ISSUE: WizardSpec = WizardSpec {
    tool: "gitlab_interactive_issue_create",
    id: "interactive.issue_create",
    alternative: "issue.create",
    noun: "Issue",
    confirm: "Create the issue",
    questions: &[
        required("title", "Title", "Enter the issue title"),
        text(
            "description",
            "Description",
            "Enter the issue description (Markdown supported, or leave empty)",
        ),
        text(
            "labels",
            "Labels",
            "Enter comma-separated labels (or leave empty)",
        ),
        yes_no(
            "confidential",
            "Confidential",
            "Should this issue be confidential?",
        ),
    ],
};

pub const MERGE_REQUEST: WizardSpec = WizardSpec {
    tool: "gitlab_interactive_mr_create",
    id: "interactive.mr_create",
    alternative: "merge_request.create",
    noun: "Merge request",
    confirm: "Create the merge request",
    questions: &[
        required(
            "source_branch",
            "Source branch",
            "Enter the source branch name",
        ),
        required(
            "target_branch",
            "Target branch",
            "Enter the target branch name (the branch to merge into, often the default one)",
        ),
        required("title", "Title", "Enter the merge request title"),
        text(
            "description",
            "Description",
            "Enter the MR description (Markdown supported, or leave empty)",
        ),
        text(
            "labels",
            "Labels",
            "Enter comma-separated labels (or leave empty)",
        ),
        yes_no(
            "remove_source_branch",
            "Remove source branch",
            "Remove source branch after merge?",
        ),
        yes_no("squash", "Squash commits", "Squash commits on merge?"),
    ],
};

pub const RELEASE: WizardSpec = WizardSpec {
    tool: "gitlab_interactive_release_create",
    id: "interactive.release_create",
    alternative: "release.create",
    noun: "Release",
    confirm: "Create the release",
    questions: &[
        required(
            "tag_name",
            "Tag name",
            "Enter the tag name for the release (must already exist)",
        ),
        // Optional: declined or left empty, the release takes the tag's name.
        text(
            "name",
            "Name",
            "Enter the release name (or leave empty to use the tag name)",
        ),
        text(
            "description",
            "Description",
            "Enter the release description/notes (Markdown supported, or leave empty)",
        ),
    ],
};

pub const PROJECT: WizardSpec = WizardSpec {
    tool: "gitlab_interactive_project_create",
    id: "interactive.project_create",
    alternative: "project.create",
    noun: "Project",
    confirm: "Create the project",
    questions: &[
        required("name", "Name", "Enter the project name"),
        text(
            "description",
            "Description",
            "Enter the project description (or leave empty)",
        ),
        Question {
            key: "visibility",
            title: "Visibility",
            message: "Select the project visibility",
            kind: Kind::Choice(&["private", "internal", "public"]),
            required: true,
            may_be_empty: false,
        },
        yes_no(
            "initialize_with_readme",
            "Initialize with a README",
            "Initialize the repository with a README file?",
        ),
        text(
            "default_branch",
            "Default branch",
            "Enter the default branch name (or leave empty for the instance's default)",
        ),
    ],
};

pub const WIZARDS: [WizardSpec; 4] = [ISSUE, MERGE_REQUEST, RELEASE, PROJECT];

/// The key of the summary and of the destructive guard's question.
pub const CONFIRM: &str = "confirm";

impl WizardSpec {
    pub fn question(&self, key: &str) -> Question {
        *self
            .questions
            .iter()
            .find(|question| question.key == key)
            .unwrap_or_else(|| panic!("{} asks no `{key}`", self.id))
    }

    /// `Issue creation cancelled by user.`
    pub fn cancelled(&self) -> String {
        format!("{} creation cancelled by user.", self.noun)
    }

    /// The summary accepted with its box unticked: `Not created: the box 'Create the
    /// issue' was not ticked.`
    pub fn unticked(&self) -> String {
        format!("Not created: the box '{}' was not ticked.", self.confirm)
    }
}

impl Question {
    /// The `requestedSchema` of this question, as clients were promised it: the field
    /// labelled, and listed in `required` only when it must be filled in.
    pub fn schema(&self) -> Value {
        let must_fill = self.required && !self.may_be_empty;
        match self.kind {
            // A required text must not be empty, and says so.
            Kind::Text if must_fill => form(
                self.key,
                json!({"type": "string", "title": self.title, "description": self.message, "minLength": 1}),
                true,
            ),
            Kind::Text => form(
                self.key,
                json!({"type": "string", "title": self.title, "description": self.message}),
                false,
            ),
            Kind::YesNo => form(
                "confirmed",
                json!({"type": "boolean", "title": self.title, "description": self.message, "default": false}),
                false,
            ),
            Kind::Choice(options) => form(
                "selection",
                json!({"type": "string", "title": self.title, "description": self.message, "enum": options}),
                true,
            ),
        }
    }
}

/// The schema of a yes/no that must be answered (a summary, a guard), labelled `title`:
/// the only one with a default, and that default is no.
pub fn yes_no_schema(title: &str, message: &str) -> Value {
    form(
        "confirmed",
        json!({"type": "boolean", "title": title, "description": message, "default": false}),
        true,
    )
}

/// The summary's schema: the message is the summary; the field is labelled with what a
/// tick does (`Create the issue`) and says that Accept alone does nothing, since a client
/// shows it as a checkbox beside its Accept button.
pub fn summary_schema(title: &str) -> Value {
    let (verb, rest) = title.split_once(' ').expect("a label of several words");
    let nothing = match verb {
        "Merge" => "merges nothing",
        "Run" => "runs nothing",
        _ => "creates nothing",
    };
    let description = format!(
        "Tick this box, then Accept, to {} {rest}. Accept without ticking it {nothing}.",
        verb.to_lowercase()
    );
    yes_no_schema(title, &description)
}

fn form(property: &str, schema: Value, required: bool) -> Value {
    let mut form = json!({"type": "object", "properties": {property: schema}});
    if required {
        form["required"] = json!([property]);
    }
    form
}

/// On the legacy path the key is not on the wire: the question with this message, else
/// `confirm` for a yes/no (the summary, the guard), else the schema's only property.
pub fn key_of(message: &str, schema: &Value) -> String {
    if let Some(question) = WIZARDS
        .iter()
        .flat_map(|wizard| wizard.questions)
        .find(|question| question.message == message)
    {
        return question.key.to_owned();
    }
    let properties = schema["properties"].as_object();
    match properties.and_then(|properties| properties.keys().next()) {
        Some(property) if property == "confirmed" => CONFIRM.to_owned(),
        Some(property) => property.clone(),
        None => String::new(),
    }
}

/// Every refusal of a destructive call ends with this sentence.
pub const REAPPROVE: &str =
    "Re-send with confirm=true only after the user explicitly approves this operation.";
/// A no, decline or cancel at the guard's question.
pub const CANCELED: &str = "Operation canceled by user.";

/// The dynamic surface's refusal, word for word.
pub fn dynamic_refusal(action: &str) -> String {
    format!("gitlab_execute_action: action \"{action}\" is destructive. {REAPPROVE}")
}
