//! The code `#[derive(DpiEnum)]` generates: the `DpiEnum` impl, whose
//! description the SystemVerilog package declares as a `typedef enum`.

use proc_macro2::TokenStream;
use quote::quote;

use super::model::DpiEnum;

pub(crate) fn emit(model: &DpiEnum) -> TokenStream {
    let DpiEnum {
        name,
        sv_name,
        base,
        prefix,
        variants,
    } = model;
    let p = crate::tokens::private();
    let dpi = quote!(::abi_core::dpi);
    let name_string = crate::syntax::unraw(name);
    let variant_names: Vec<String> = variants.iter().map(crate::syntax::unraw).collect();
    quote! {
        // Values that do not fit the base fail here, where the enum is
        // defined, even before a function uses it.
        const _: () = {
            let _ = <#name as #dpi::DpiEnum>::DESC;
        };

        ::abi_core::__dpi_enum_boundary!(#name);

        impl #dpi::DpiEnum for #name {
            const DESC: &'static ::abi_core::model::sv::DpiEnumDesc = &::abi_core::model::sv::DpiEnumDesc {
                rust_name: ::core::concat!(::core::module_path!(), "::", #name_string),
                sv_name: #sv_name,
                base: &<#base as #p::DpiType>::SV_TYPE,
                labels: &[#((#variant_names, #name::#variants as i128)),*],
                label_prefix: #prefix,
            }
            .checked(#p::enum_base_range::<Self>());
            type Base = #base;
            #[inline]
            fn to_value(self) -> i128 {
                self as i128
            }
            #[inline]
            fn from_value(value: i128) -> ::core::option::Option<Self> {
                #(
                    if value == #name::#variants as i128 {
                        return ::core::option::Option::Some(#name::#variants);
                    }
                )*
                ::core::option::Option::None
            }
        }
    }
}
