use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "ledger_add", noun = "Entry", summary = "Add {cents} cents?")]
struct Entry {
    #[ask("How many cents?", max = 10000000000000000)]
    cents: i64,
}

fn main() {}
