use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", single_form)]
struct NewProject {
    #[ask("Initialize the repository with a README file?")]
    readme: bool,
    #[ask("Enter the default branch name", when = readme)]
    default_branch: Option<String>,
}

fn main() {}
