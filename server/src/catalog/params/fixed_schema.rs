//! A parameter type's schema written out by hand, for the types that check their own value.

/// The schema of a parameter type that checks its own value: fixed, and inlined where used.
macro_rules! fixed_schema {
    ($type:ident, $schema:tt) => {
        impl ::schemars::JsonSchema for $type {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                stringify!($type).into()
            }
            fn inline_schema() -> bool {
                true
            }
            fn json_schema(_: &mut ::schemars::SchemaGenerator) -> ::schemars::Schema {
                ::schemars::json_schema!($schema)
            }
        }
    };
}
pub(crate) use fixed_schema;
