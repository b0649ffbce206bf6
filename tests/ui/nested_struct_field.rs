use wizard::Wizard;

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Address {
    street: String,
    city: String,
}

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Customer", summary = "Create {name}?")]
struct NewCustomer {
    #[ask("Enter the name")]
    name: String,
    #[ask("Enter the address", summary = "Address")]
    address: Address,
}

fn main() {}
