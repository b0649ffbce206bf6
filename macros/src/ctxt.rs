//! Collects every error of one derive so that the user sees them all in one compile.

use proc_macro2::TokenStream;
use quote::ToTokens;
use std::fmt::Display;

#[derive(Default)]
pub struct Ctxt {
    errors: Vec<syn::Error>,
}

impl Ctxt {
    /// Records an error spanned at `tokens`.
    pub fn error(&mut self, tokens: impl ToTokens, message: impl Display) {
        self.errors.push(syn::Error::new_spanned(tokens, message));
    }

    pub fn push(&mut self, error: syn::Error) {
        self.errors.push(error);
    }

    pub fn has_errors(&self) -> bool {
        !self.errors.is_empty()
    }

    /// Every error as `compile_error!` invocations, each at its own span.
    pub fn into_compile_errors(self) -> TokenStream {
        self.errors
            .iter()
            .map(syn::Error::to_compile_error)
            .collect()
    }
}
