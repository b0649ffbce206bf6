//! The impls `#[derive(Choice)]` emits: `Choice`, `Answer`, `SummaryValue`, and
//! serde and `JsonSchema` as the wire value string.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

use crate::choice_model::Variant;

pub fn expand(input: &DeriveInput, variants: &[Variant]) -> TokenStream {
    let ident = &input.ident;
    let name = ident.to_string();
    let idents: Vec<_> = variants.iter().map(|variant| variant.ident).collect();
    let values: Vec<_> = variants.iter().map(|variant| &variant.value).collect();
    let titles = variants.iter().map(|variant| &variant.title);
    quote! {
        #[automatically_derived]
        impl ::wizard::Choice for #ident {
            const OPTIONS: &'static [::wizard::__private::ChoiceOption] = &[
                #(::wizard::__private::ChoiceOption { value: #values, title: #titles },)*
            ];

            fn wire_value(&self) -> &'static str {
                match self {
                    #(Self::#idents => #values,)*
                }
            }

            fn from_wire_value(value: &str) -> ::core::option::Option<Self> {
                match value {
                    #(#values => ::core::option::Option::Some(Self::#idents),)*
                    _ => ::core::option::Option::None,
                }
            }
        }

        #[automatically_derived]
        impl ::wizard::__private::Askable for #ident {
            const SHAPE: ::wizard::__private::Shape = ::wizard::__private::Shape::Choice(<Self as ::wizard::Choice>::OPTIONS);

            fn from_answer(
                value: &::wizard::__private::serde_json::Value,
            ) -> ::core::result::Result<Self, ::std::string::String> {
                value
                    .as_str()
                    .and_then(<Self as ::wizard::Choice>::from_wire_value)
                    .ok_or_else(|| ::std::format!("expected one of the options offered, got {value}"))
            }
        }

        #[automatically_derived]
        impl ::wizard::__private::SummaryValue for #ident {
            fn summary_text(&self) -> ::core::option::Option<::std::string::String> {
                ::core::option::Option::Some(::std::borrow::ToOwned::to_owned(
                    <Self as ::wizard::Choice>::wire_value(self),
                ))
            }
        }

        #[automatically_derived]
        impl ::wizard::__private::serde::Serialize for #ident {
            fn serialize<S: ::wizard::__private::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.serialize_str(<Self as ::wizard::Choice>::wire_value(self))
            }
        }

        #[automatically_derived]
        impl<'de> ::wizard::__private::serde::Deserialize<'de> for #ident {
            fn deserialize<D: ::wizard::__private::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                const VALUES: &[&str] = &[#(#values),*];
                let value: ::std::borrow::Cow<'de, str> =
                    ::wizard::__private::serde::Deserialize::deserialize(deserializer)?;
                <Self as ::wizard::Choice>::from_wire_value(&value).ok_or_else(|| {
                    <D::Error as ::wizard::__private::serde::de::Error>::unknown_variant(&value, VALUES)
                })
            }
        }

        #[automatically_derived]
        impl ::wizard::__private::schemars::JsonSchema for #ident {
            fn inline_schema() -> bool {
                true
            }

            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(#name)
            }

            fn json_schema(
                _: &mut ::wizard::__private::schemars::SchemaGenerator,
            ) -> ::wizard::__private::schemars::Schema {
                ::wizard::__private::schemars::json_schema!({
                    "type": "string",
                    "enum": [#(#values),*],
                })
            }
        }
    }
}
