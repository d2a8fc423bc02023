//! The code `#[derive(Packed)]` generates: `Packed` and `PackedStruct`
//! impls, the `<Name>Ref`/`<Name>Mut` view types with one accessor per
//! field, and the boundary impls (through a macro in `abi-core`).

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt;

use super::model::PackedStruct;
use crate::tokens::Qualified;

pub(crate) fn emit(model: &PackedStruct) -> TokenStream {
    let name = &model.name;
    let views = view_types(model);
    let offsets = field_offsets(model);
    let packed = packed_impl(model);
    let packed_struct = packed_struct_impl(model);
    let view_impls = view_impls(model);
    let members = union_members(model);
    let widths = qualified(model).into_iter().map(|q| q.item("WIDTH"));
    quote! {
        #views

        #[doc(hidden)]
        #[allow(clippy::identity_op)]
        const _: () = {
            #offsets
            #packed
            #packed_struct
            #view_impls
            #members

            ::abi_core::__packed_struct_boundary!(#name, [#(#widths),*]);
        };
    }
}

fn packed_path() -> TokenStream {
    quote!(::abi_core::packed)
}

/// `<FieldType as Packed>` of each field, spanned at its type.
fn qualified(model: &PackedStruct) -> Vec<Qualified> {
    let packed = packed_path();
    model
        .fields
        .iter()
        .map(|f| Qualified::new(&f.ty, quote!(#packed::Packed)))
        .collect()
}

/// `const FIELD_OFFSETS`: the least significant bit of each field, in
/// declaration order (field k starts above every field declared after
/// it).
fn field_offsets(model: &PackedStruct) -> TokenStream {
    let count = model.fields.len();
    if model.union {
        // Every member of a union sits at bit 0.
        return quote! {
            /// Every member's least significant bit: 0.
            const FIELD_OFFSETS: [u32; #count] = [0; #count];
        };
    }
    let widths: Vec<TokenStream> = qualified(model).iter().map(|q| q.item("WIDTH")).collect();
    let offsets = (0..count).map(|k| {
        let after = &widths[k + 1..];
        quote!(0 #(+ #after)*)
    });
    quote! {
        /// The least significant bit of each field, in declaration order.
        const FIELD_OFFSETS: [u32; #count] = [#(#offsets),*];
    }
}

/// `<Field as Packed>::method(args(k, field))` for each field `k`.
fn per_field(
    model: &PackedStruct,
    method: &str,
    args: impl Fn(usize, &syn::Ident) -> TokenStream,
) -> Vec<TokenStream> {
    qualified(model)
        .iter()
        .zip(&model.fields)
        .enumerate()
        .map(|(k, (q, field))| q.call(method, args(k, &field.name)))
        .collect()
}

/// `impl Packed`: the width, the SystemVerilog type, and packing each
/// field at its offset (two-state and four-state).
fn packed_impl(model: &PackedStruct) -> TokenStream {
    if model.union {
        return union_packed_impl(model);
    }
    let name = &model.name;
    let qualified = qualified(model);
    let widths = qualified.iter().map(|q| q.item("WIDTH"));
    let four_states = qualified.iter().map(|q| q.item("FOUR_STATE"));
    let field_names: Vec<&syn::Ident> = model.fields.iter().map(|f| &f.name).collect();
    let packs = per_field(
        model,
        "pack_into",
        |k, field| quote!(&self.#field, dst, offset + FIELD_OFFSETS[#k] as usize),
    );
    let unpacks = per_field(
        model,
        "unpack_from",
        |k, _| quote!(src, offset + FIELD_OFFSETS[#k] as usize),
    );
    let control_packs = per_field(
        model,
        "pack_control_into",
        |k, field| quote!(&self.#field, dst, offset + FIELD_OFFSETS[#k] as usize),
    );
    let logic_unpacks = per_field(
        model,
        "unpack_logic_from",
        |k, _| quote!(value, control, offset + FIELD_OFFSETS[#k] as usize),
    );
    packed_trait_impl(
        name,
        quote!(0 #(+ #widths)*),
        quote!(false #(|| #four_states)*),
        PackedBodies {
            pack: quote!(#(#packs;)*),
            unpack: quote!(Self { #(#field_names: #unpacks,)* }),
            pack_control: quote!(#(#control_packs;)*),
            unpack_logic: quote!(Self { #(#field_names: #logic_unpacks,)* }),
        },
    )
}

/// The bodies of `Packed`'s four methods, in the order the trait has them.
struct PackedBodies {
    pack: TokenStream,
    unpack: TokenStream,
    pack_control: TokenStream,
    unpack_logic: TokenStream,
}

/// `impl Packed for name`, the same frame for a struct and a union.
fn packed_trait_impl(
    name: &syn::Ident,
    width: TokenStream,
    four_state: TokenStream,
    bodies: PackedBodies,
) -> TokenStream {
    let packed = packed_path();
    let p = crate::tokens::private();
    let PackedBodies {
        pack,
        unpack,
        pack_control,
        unpack_logic,
    } = bodies;
    quote! {
        #[automatically_derived]
        impl #packed::Packed for #name {
            const WIDTH: u32 = #width;
            const SV_TYPE: #p::SvType =
                #p::SvType::PackedStruct(<Self as #packed::PackedStruct>::DESC);
            #[inline(always)]
            fn pack_into<AbiSink: #packed::BitSink + ?::core::marker::Sized>(
                &self,
                dst: &mut AbiSink,
                offset: usize,
            ) {
                #pack
            }
            #[inline(always)]
            fn unpack_from<AbiSource: #packed::BitSource + ?::core::marker::Sized>(
                src: &AbiSource,
                offset: usize,
            ) -> Self {
                #unpack
            }
            const FOUR_STATE: bool = #four_state;
            #[inline(always)]
            fn pack_control_into<AbiSink: #packed::BitSink + ?::core::marker::Sized>(
                &self,
                dst: &mut AbiSink,
                offset: usize,
            ) {
                #pack_control
            }
            #[inline(always)]
            fn unpack_logic_from<AbiSource: #packed::BitSource + ?::core::marker::Sized>(
                value: &AbiSource,
                control: &AbiSource,
                offset: usize,
            ) -> Self {
                #unpack_logic
            }
        }
    }
}

/// `impl Packed` of a `union packed` (an enum of one-field variants): the
/// first member's width, which every other member must have (a
/// compile-time check spanned at the member's type); packing writes the
/// member the value holds; unpacking reads the first member, which sees
/// every bit (the others are read from it with `to_<member>()`).
fn union_packed_impl(model: &PackedStruct) -> TokenStream {
    let name = &model.name;
    let qualified = qualified(model);
    let first_width = qualified[0].item("WIDTH");
    let first_four_state = qualified[0].item("FOUR_STATE");
    let four_states = qualified.iter().map(|q| q.item("FOUR_STATE"));
    let variants: Vec<&syn::Ident> = model
        .fields
        .iter()
        .map(|f| f.variant.as_ref().expect("a union member is a variant"))
        .collect();
    let first = variants[0];
    let pack = |method: &str| -> Vec<TokenStream> {
        qualified
            .iter()
            .zip(&variants)
            .map(|(q, v)| {
                let call = q.call(method, quote!(member, dst, offset));
                quote!(Self::#v(member) => #call)
            })
            .collect()
    };
    let packs = pack("pack_into");
    let control_packs = pack("pack_control_into");
    let unpack = qualified[0].call("unpack_from", quote!(src, offset));
    let logic_unpack = qualified[0].call("unpack_logic_from", quote!(value, control, offset));
    // One check per member after the first, spanned at its type.
    let width_checks = model.fields.iter().zip(&qualified).skip(1).map(|(field, q)| {
        let span = syn::spanned::Spanned::span(&field.ty);
        let width = q.item("WIDTH");
        let message = format!(
            "every member of a packed union has the union's width (IEEE 1800-2017 7.3.1): member `{}` differs from the first member; pad it to the same width (a `#[derive(Packed)]` struct with a `Bits<K>` filler field)",
            crate::syntax::unraw(&field.name)
        );
        quote_spanned! {span=>
            const _: () = ::core::assert!(#width == #first_width, #message);
        }
    });
    let first_span = syn::spanned::Spanned::span(&model.fields[0].ty);
    let four_state_check = quote_spanned! {first_span=>
        const _: () = ::core::assert!(
            #first_four_state || !(false #(|| #four_states)*),
            "a 4-state packed union is read from the simulator as its first member: make the first member 4-state (`LogicVec<N>`) so that X and Z bits are kept"
        );
    };
    let four_states = qualified.iter().map(|q| q.item("FOUR_STATE"));
    let packed_impl = packed_trait_impl(
        name,
        quote!(#first_width),
        quote!(false #(|| #four_states)*),
        PackedBodies {
            pack: quote!(match self { #(#packs,)* }),
            unpack: quote!(Self::#first(#unpack)),
            pack_control: quote!(match self { #(#control_packs,)* }),
            unpack_logic: quote!(Self::#first(#logic_unpack)),
        },
    );
    quote! {
        #(#width_checks)*
        #four_state_check

        #packed_impl
    }
}

/// The `to_<member>()` conversions of a packed union: its bits read as
/// each member.
fn union_members(model: &PackedStruct) -> TokenStream {
    if !model.union {
        return TokenStream::new();
    }
    let PackedStruct { name, vis, .. } = model;
    let packed = packed_path();
    let p = crate::tokens::private();
    let methods = model.fields.iter().map(|field| {
        let ty = &field.ty;
        let span = syn::spanned::Spanned::span(ty);
        let member = crate::syntax::unraw(&field.name);
        let method = format_ident!("to_{}", member);
        let doc = format!(
            "The union's bits read as its `{member}` member (X and Z read as 0 by a 2-state member)."
        );
        let q = Qualified::new(ty, quote!(#packed::Packed));
        let ty_tokens = quote_spanned!(span=> #ty);
        let _ = q;
        quote_spanned! {span=>
            #[doc = #doc]
            #[inline]
            #vis fn #method(&self) -> #ty_tokens {
                #p::union_member::<#name, #ty_tokens>(self)
            }
        }
    });
    quote! {
        #[automatically_derived]
        impl #name {
            #(#methods)*
        }
    }
}

/// `impl PackedStruct`: the storage types and the description.
fn packed_struct_impl(model: &PackedStruct) -> TokenStream {
    let PackedStruct {
        name,
        sv_name,
        union,
        ..
    } = model;
    let packed = packed_path();
    let p = crate::tokens::private();
    let qualified = qualified(model);
    let widths = qualified.iter().map(|q| q.item("WIDTH"));
    let sv_types = qualified.iter().map(|q| q.item("SV_TYPE"));
    let index = 0..model.fields.len();
    let name_string = crate::syntax::unraw(name);
    let field_strings = model.fields.iter().map(|f| crate::syntax::unraw(&f.name));
    quote! {
        #[automatically_derived]
        impl #packed::PackedStruct for #name {
            type Words = [u64; { (<#name as #packed::Packed>::WIDTH as usize).div_ceil(64) }];
            type Bytes = [u8; { (<#name as #packed::Packed>::WIDTH as usize).div_ceil(8) }];
            type Chunks = [u32; { (<#name as #packed::Packed>::WIDTH as usize).div_ceil(32) }];
            const DESC: &'static #p::PackedStructDesc = &#p::PackedStructDesc {
                rust_name: #name_string,
                sv_name: #sv_name,
                width: <#name as #packed::Packed>::WIDTH,
                four_state: <#name as #packed::Packed>::FOUR_STATE,
                union: #union,
                fields: &[#(#p::PackedFieldDesc {
                    name: #field_strings,
                    sv_type: #sv_types,
                    offset: FIELD_OFFSETS[#index],
                    width: #widths,
                }),*],
            };
        }
    }
}

fn view_names(name: &syn::Ident) -> (syn::Ident, syn::Ident) {
    (format_ident!("{}Ref", name), format_ident!("{}Mut", name))
}

/// The `<Name>Ref`/`<Name>Mut` view types.
fn view_types(model: &PackedStruct) -> TokenStream {
    let PackedStruct { name, vis, .. } = model;
    let packed = packed_path();
    let name_string = crate::syntax::unraw(name);
    let (view_ref, view_mut) = view_names(name);
    let ref_doc = format!(
        "A read-only view of a packed [`{name_string}`] inside a byte buffer, at any bit offset, with one getter per field. Derefs to [`PackedRef`]({packed_doc}::PackedRef).",
        packed_doc = "::abi_core::packed"
    );
    let mut_doc = format!(
        "A mutable view of a packed [`{name_string}`] inside a byte buffer, at any bit offset, with one getter and one setter per field. Derefs to [`PackedMut`]({packed_doc}::PackedMut).",
        packed_doc = "::abi_core::packed"
    );
    quote! {
        #[doc = #ref_doc]
        #[derive(Clone, Copy, Debug)]
        #vis struct #view_ref<'a>(#packed::PackedRef<'a, #name>);

        #[doc = #mut_doc]
        #[derive(Debug)]
        #vis struct #view_mut<'a>(#packed::PackedMut<'a, #name>);
    }
}

/// The views' constructors, one getter (and setter) per field, and their
/// `Deref` to `PackedRef`/`PackedMut`.
fn view_impls(model: &PackedStruct) -> TokenStream {
    let PackedStruct { name, vis, .. } = model;
    let packed = packed_path();
    let (view_ref, view_mut) = view_names(name);
    let (ref_getters, mut_accessors) = accessors(model);
    quote! {
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
    }
}

/// The getters of `<Name>Ref` and the getters and setters of `<Name>Mut`,
/// spanned at the field's type, so a field type that is not `Packed` is
/// reported there, however many uses it has.
fn accessors(model: &PackedStruct) -> (Vec<TokenStream>, Vec<TokenStream>) {
    let vis = &model.vis;
    let packed = packed_path();
    let mut ref_getters = Vec::new();
    let mut mut_accessors = Vec::new();
    for (k, field) in model.fields.iter().enumerate() {
        let (name, ty) = (&field.name, &field.ty);
        let span = syn::spanned::Spanned::span(ty);
        let field_string = crate::syntax::unraw(name);
        let getter_doc = format!("The `{field_string}` field, read in place.");
        let setter_doc =
            format!("Write the `{field_string}` field in place; no other bit changes.");
        let setter = format_ident!("set_{}", name.unraw());
        // The field read and written through `<F as Packed>` paths spanned
        // like every other use of the field type, so that a type with no
        // packed layout is one error (the offsets lie inside the value by
        // construction: `FIELD_OFFSETS`).
        let q = Qualified::new(ty, quote!(#packed::Packed));
        let at = quote!(FIELD_OFFSETS[#k] as usize);
        let read = q.call(
            "unpack_from",
            quote!(#packed::PackedRef::bytes(&view), #packed::PackedRef::bit_offset(&view) + #at),
        );
        let write = q.call(
            "pack_into",
            quote!(&value, #packed::PackedMut::bytes_mut(&mut self.0), __abi_offset),
        );
        ref_getters.push(quote_spanned! {span=>
            #[doc = #getter_doc]
            #[inline]
            #vis fn #name(&self) -> #ty {
                let view = self.0;
                #read
            }
        });
        mut_accessors.push(quote_spanned! {span=>
            #[doc = #getter_doc]
            #[inline]
            #vis fn #name(&self) -> #ty {
                let view = self.0.as_ref();
                #read
            }
            #[doc = #setter_doc]
            #[inline]
            #vis fn #setter(&mut self, value: #ty) {
                let __abi_offset = #packed::PackedMut::bit_offset(&self.0) + #at;
                #write
            }
        });
    }
    (ref_getters, mut_accessors)
}
