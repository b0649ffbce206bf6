use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Project", summary = "Create {name}?")]
struct NewProject {
    #[ask("Enter the project name")]
    name: String,
    #[ask("Enter the default branch name", when = name, summary = "Default Branch")]
    default_branch: Option<String>,
}

fn main() {}
