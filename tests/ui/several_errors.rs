// Every mistake below is reported in one compile, each at its own token, and the
// stub impl keeps `main` free of follow-up errors.
use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", noun = "Project", summary = "Create {name} in {group}?")]
struct NewProject {
    #[ask("Enter the project name", colour = "blue")]
    name: String,
    #[ask("Enter the deploy token", summary = "Token")]
    deploy_token: String,
    #[ask("Initialize the repository with a README file?", summary = "README", default = true)]
    initialize_with_readme: bool,
    #[ask("Enter the default branch name", when = readme, summary = "Default Branch")]
    default_branch: Option<String>,
    #[ask("Enter the topics", key = "name", summary = "Topics")]
    topics: std::collections::HashSet<String>,
}

fn takes_a_wizard<W: Wizard>() {}

fn main() {
    takes_a_wizard::<NewProject>();
    let _ = <NewProject as Wizard>::QUESTIONS;
    let _ = NewProjectDraft::default();
    let _ = NewProjectStep::DefaultBranch;
}
