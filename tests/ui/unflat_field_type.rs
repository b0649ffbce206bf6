use std::collections::{BTreeMap, HashMap};

use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Thing", summary = "Create?")]
struct NewThing {
    #[ask("Enter the variables", summary = "Variables")]
    variables: HashMap<String, String>,
    #[ask("Enter the weights", summary = "Weights")]
    weights: Option<BTreeMap<String, u8>>,
    #[ask("Enter a point", summary = "Point")]
    point: (u32, u32),
    #[ask("Enter four bytes", summary = "Bytes")]
    bytes: [u8; 4],
    #[ask("Enter a name", summary = "Name")]
    name: &'static str,
    #[ask("Enter a nickname", summary = "Nickname")]
    nickname: Option<Option<String>>,
    #[ask("Pick colours per row", summary = "Rows")]
    rows: Vec<Vec<String>>,
}

fn main() {}
