use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Login", summary = "Log in as {user}?")]
struct Login {
    #[ask("Enter your user name")]
    user: String,
    #[ask("Enter your password", summary = "Password")]
    password: String,
    #[ask("Paste a personal access token", summary = "Access")]
    access: String,
}

fn main() {}
