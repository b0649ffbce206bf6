//! Derives for the `wizard` crate. (Placeholder until the derive lands.)
use proc_macro::TokenStream;

#[proc_macro_derive(Wizard, attributes(wizard, ask, tool_arg))]
pub fn derive_wizard(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}

#[proc_macro_derive(Choice, attributes(choice))]
pub fn derive_choice(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}
