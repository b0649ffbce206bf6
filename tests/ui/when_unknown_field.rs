use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Project", summary = "Create?")]
struct NewProject {
    #[ask("Initialize the repository with a README file?", summary = "README")]
    initialize_with_readme: bool,
    #[ask("Enter the default branch name", when = with_readme, summary = "Default Branch")]
    default_branch: Option<String>,
}

fn main() {}
