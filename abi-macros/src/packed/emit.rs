//! The code `#[derive(Packed)]` generates: `Packed` and `PackedStruct`
//! impls, the `<Name>Ref`/`<Name>Mut` view types with one accessor per
//! field, and the boundary impls (through a macro in `abi-core`).

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt;

use super::model::PackedStruct;
use crate::tokens::Qualified;

pub(crate) fn emit(model: &PackedStruct) -> TokenStream {
    let PackedStruct {
        name,
        vis,
        sv_name,
        fields,
    } = model;
    let packed = quote!(::abi_core::packed);
    let p = crate::tokens::private();
    let qualified: Vec<Qualified> = fields
        .iter()
        .map(|f| Qualified::new(&f.ty, quote!(#packed::Packed)))
        .collect();
    let widths: Vec<TokenStream> = qualified.iter().map(|q| q.item("WIDTH")).collect();
    let count = fields.len();
    // Field k starts above every field declared after it.
    let offsets: Vec<TokenStream> = (0..count)
        .map(|k| {
            let after = &widths[k + 1..];
            quote!(0 #(+ #after)*)
        })
        .collect();
    let index: Vec<usize> = (0..count).collect();
    let field_names: Vec<&syn::Ident> = fields.iter().map(|f| &f.name).collect();
    let field_strings: Vec<String> = fields
        .iter()
        .map(|f| crate::syntax::unraw(&f.name))
        .collect();
    let sv_types: Vec<TokenStream> = qualified.iter().map(|q| q.item("SV_TYPE")).collect();
    let packs: Vec<TokenStream> = qualified
        .iter()
        .zip(&field_names)
        .zip(&index)
        .map(|((q, field), k)| {
            q.call(
                "pack_into",
                quote!(&self.#field, dst, offset + FIELD_OFFSETS[#k] as usize),
            )
        })
        .collect();
    let unpacks: Vec<TokenStream> = qualified
        .iter()
        .zip(&index)
        .map(|(q, k)| {
            q.call(
                "unpack_from",
                quote!(src, offset + FIELD_OFFSETS[#k] as usize),
            )
        })
        .collect();
    let control_packs: Vec<TokenStream> = qualified
        .iter()
        .zip(&field_names)
        .zip(&index)
        .map(|((q, field), k)| {
            q.call(
                "pack_control_into",
                quote!(&self.#field, dst, offset + FIELD_OFFSETS[#k] as usize),
            )
        })
        .collect();
    let logic_unpacks: Vec<TokenStream> = qualified
        .iter()
        .zip(&index)
        .map(|(q, k)| {
            q.call(
                "unpack_logic_from",
                quote!(value, control, offset + FIELD_OFFSETS[#k] as usize),
            )
        })
        .collect();
    let four_states: Vec<TokenStream> = qualified.iter().map(|q| q.item("FOUR_STATE")).collect();
    let name_string = crate::syntax::unraw(name);
    let view_ref = format_ident!("{}Ref", name);
    let view_mut = format_ident!("{}Mut", name);
    let setters: Vec<syn::Ident> = fields
        .iter()
        .map(|f| format_ident!("set_{}", f.name.unraw()))
        .collect();
    let ref_doc = format!(
        "A read-only view of a packed [`{name_string}`] inside a byte buffer, at any bit offset, with one getter per field. Derefs to [`PackedRef`]({packed_doc}::PackedRef).",
        packed_doc = "::abi_core::packed"
    );
    let mut_doc = format!(
        "A mutable view of a packed [`{name_string}`] inside a byte buffer, at any bit offset, with one getter and one setter per field. Derefs to [`PackedMut`]({packed_doc}::PackedMut).",
        packed_doc = "::abi_core::packed"
    );
    let getter_docs: Vec<String> = field_strings
        .iter()
        .map(|f| format!("The `{f}` field, read in place."))
        .collect();
    let setter_docs: Vec<String> = field_strings
        .iter()
        .map(|f| format!("Write the `{f}` field in place; no other bit changes."))
        .collect();

    // Accessors are spanned at the field's type, so a field type that is
    // not `Packed` is reported there, however many uses it has.
    let mut ref_getters = Vec::new();
    let mut mut_accessors = Vec::new();
    for (k, field) in fields.iter().enumerate() {
        let (name, ty) = (&field.name, &field.ty);
        let span = syn::spanned::Spanned::span(ty);
        let (getter_doc, setter_doc, setter) = (&getter_docs[k], &setter_docs[k], &setters[k]);
        ref_getters.push(quote_spanned! {span=>
            #[doc = #getter_doc]
            #[inline]
            #vis fn #name(&self) -> #ty {
                #packed::PackedRef::<#ty>::get(&self.0.part::<#ty>(FIELD_OFFSETS[#k]))
            }
        });
        mut_accessors.push(quote_spanned! {span=>
            #[doc = #getter_doc]
            #[inline]
            #vis fn #name(&self) -> #ty {
                #packed::PackedRef::<#ty>::get(&self.0.as_ref().part::<#ty>(FIELD_OFFSETS[#k]))
            }
            #[doc = #setter_doc]
            #[inline]
            #vis fn #setter(&mut self, value: #ty) {
                #packed::PackedMut::<#ty>::set(&mut self.0.part_mut::<#ty>(FIELD_OFFSETS[#k]), &value);
            }
        });
    }

    quote! {
        #[doc = #ref_doc]
        #[derive(Clone, Copy, Debug)]
        #vis struct #view_ref<'a>(#packed::PackedRef<'a, #name>);

        #[doc = #mut_doc]
        #[derive(Debug)]
        #vis struct #view_mut<'a>(#packed::PackedMut<'a, #name>);

        #[doc(hidden)]
        #[allow(clippy::identity_op)]
        const _: () = {
            /// The least significant bit of each field, in declaration order.
            const FIELD_OFFSETS: [u32; #count] = [#(#offsets),*];

            #[automatically_derived]
            impl #packed::Packed for #name {
                const WIDTH: u32 = 0 #(+ #widths)*;
                const SV_TYPE: #p::SvType =
                    #p::SvType::PackedStruct(<Self as #packed::PackedStruct>::DESC);
                #[inline(always)]
                fn pack_into<AbiSink: #packed::BitSink + ?::core::marker::Sized>(
                    &self,
                    dst: &mut AbiSink,
                    offset: usize,
                ) {
                    #(#packs;)*
                }
                #[inline(always)]
                fn unpack_from<AbiSource: #packed::BitSource + ?::core::marker::Sized>(
                    src: &AbiSource,
                    offset: usize,
                ) -> Self {
                    Self { #(#field_names: #unpacks,)* }
                }
                const FOUR_STATE: bool = false #(|| #four_states)*;
                #[inline(always)]
                fn pack_control_into<AbiSink: #packed::BitSink + ?::core::marker::Sized>(
                    &self,
                    dst: &mut AbiSink,
                    offset: usize,
                ) {
                    #(#control_packs;)*
                }
                #[inline(always)]
                fn unpack_logic_from<AbiSource: #packed::BitSource + ?::core::marker::Sized>(
                    value: &AbiSource,
                    control: &AbiSource,
                    offset: usize,
                ) -> Self {
                    Self { #(#field_names: #logic_unpacks,)* }
                }
            }

            #[automatically_derived]
            impl #packed::PackedStruct for #name {
                type Words = [u64; { (<#name as #packed::Packed>::WIDTH as usize).div_ceil(64) }];
                type Bytes = [u8; { (<#name as #packed::Packed>::WIDTH as usize).div_ceil(8) }];
                type Chunks = [u32; { (<#name as #packed::Packed>::WIDTH as usize).div_ceil(32) }];
                const DESC: &'static #p::PackedStructDesc = &#p::PackedStructDesc {
                    rust_name: #name_string,
                    sv_name: #sv_name,
                    width: <#name as #packed::Packed>::WIDTH,
                    fields: &[#(#p::PackedFieldDesc {
                        name: #field_strings,
                        sv_type: #sv_types,
                        offset: FIELD_OFFSETS[#index],
                        width: #widths,
                    }),*],
                };
            }

            impl<'a> #view_ref<'a> {
                /// A view of the value stored in `bytes` from bit
                /// `bit_offset` on; an error when it does not fit.
                #vis fn new(
                    bytes: &'a [u8],
                    bit_offset: usize,
                ) -> ::core::result::Result<Self, #packed::PackedError> {
                    #packed::PackedRef::new(bytes, bit_offset).map(Self)
                }
                #(#ref_getters)*
            }

            impl<'a> ::core::ops::Deref for #view_ref<'a> {
                type Target = #packed::PackedRef<'a, #name>;
                fn deref(&self) -> &Self::Target {
                    &self.0
                }
            }

            impl<'a> #view_mut<'a> {
                /// A view of the value stored in `bytes` from bit
                /// `bit_offset` on; an error when it does not fit.
                #vis fn new(
                    bytes: &'a mut [u8],
                    bit_offset: usize,
                ) -> ::core::result::Result<Self, #packed::PackedError> {
                    #packed::PackedMut::new(bytes, bit_offset).map(Self)
                }
                #(#mut_accessors)*
            }

            impl<'a> ::core::ops::Deref for #view_mut<'a> {
                type Target = #packed::PackedMut<'a, #name>;
                fn deref(&self) -> &Self::Target {
                    &self.0
                }
            }

            impl<'a> ::core::ops::DerefMut for #view_mut<'a> {
                fn deref_mut(&mut self) -> &mut Self::Target {
                    &mut self.0
                }
            }

            ::abi_core::__packed_struct_boundary!(#name);
        };
    }
}
