#![doc = include_str!("../README.md")]
//!
//! # Where each system is documented
//!
//! - C: [`c_export`] and the [`c`] module (the rules in short: integers,
//!   `bool`, `f32`, `f64` and raw pointers pass by value (behind a pointer
//!   or in a struct, C's `bool` is [`CBool`](c::CBool)); `&T`/`&mut T` are pointers
//!   that must not be NULL, `Option<&T>` may be; `&[T]`, `&mut [T]` and
//!   `&str` become a pointer and a `size_t` length; `&CStr` is a
//!   NUL-terminated `const char *`; `#[c_export] #[repr(C)]` structs pass by
//!   value or by pointer; `Result<T, E>` returns an `int32_t` status and
//!   writes `T` through a trailing out-pointer, see [`c::status`]). A panic
//!   never unwinds into C: it is reported on stderr with the function's
//!   name and either aborts the process or, for `Result` functions, becomes
//!   `ABI_STATUS_PANIC`.
//! - C23 `_BitInt(N)`: [`BitInt`](bitint::BitInt), [`UBitInt`](bitint::UBitInt) and the [`bitint`](mod@bitint) module.
//! - SystemVerilog DPI-C: [`dpi_import`], [`dpi_export`], [`DpiEnum`](dpi::DpiEnum) and
//!   the [`dpi`] module; packed layouts in [`packed`].
//! - MLIR's C interface: [`ciface`] and the [`memref`] module.
//! - The generated files: [`emit`] ([`CHeader`](emit::CHeader), [`SvPackage`](emit::SvPackage),
//!   [`emit::Bundle`]) from the [`Registry`]; reflection JSON in
//!   [`reflect`].
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]
#![warn(clippy::allow_attributes_without_reason)]

mod argument;
pub mod bitint;
pub mod bitint_layout;
pub mod c;
pub mod dpi;
pub mod emit;
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod golden;
mod guard;
pub mod memref;
pub mod model;
pub mod packed;
pub mod reflect;
mod registry;
mod registry_section;
mod sealed;

// One public path per item (ARCHITECTURE.md, "Public paths"): each item
// is public in the module that defines and documents it. The root holds
// the attributes (abi-macros has no module here), the `macro_rules!` macros
// (`#[macro_export]` puts them here) and the items of the modules that are
// not public (`argument`, `registry`).
pub use abi_macros::{c_export, ciface, dpi_export, dpi_import};
pub use argument::{ArgError, Borrow, BorrowedFor};
pub use registry::{Registry, UnmatchedModule};

/// What generated code refers to. Not a public API: it changes without
/// notice.
#[doc(hidden)]
pub mod __private {
    pub use crate::__c_export_generic as c_export_generic;
    pub use crate::__dpi_import_generic as dpi_import_generic;
    pub use crate::__linked_symbol as linked_symbol;
    pub use crate::__register as register;
    pub use crate::__shim_code as shim_code;
    pub use crate::argument::{
        ArgError, Borrow, BorrowedFor, LentArgument, LentPick, LentPickNone, LentProbe,
    };
    pub use crate::bitint::AbiCoreBitInt;
    pub use crate::c::shim_template::{
        CParamList, c_entry1, c_entry2, c_entry3, c_entry4, c_entry5, c_entry6, c_entry7, c_entry8,
        c_slice_entry,
    };
    pub use crate::c::status::{CError, STATUS_NULL_POINTER, STATUS_OK};
    pub use crate::c::{CParam, CResult, CSliceParam, CType};
    pub use crate::dpi::enums::{
        enum_base_range, enum_element_read, enum_element_write, enum_from_base, enum_initial,
        enum_result_sv_type, enum_to_base,
    };
    pub use crate::dpi::export_task::{
        EXPORT_TASK_C_TYPE, ExportTaskReturn, TASK_NOT_DISABLED, export_task_outcome,
    };
    pub use crate::dpi::flavour::{
        VERILATOR_EXPORT_TASK_C_TYPE, VerilatorExportResult, VerilatorExportTaskReturn,
        VerilatorResult, VerilatorType, VerilatorValue, verilator_export_task_outcome,
    };
    pub use crate::dpi::flavour_check::{standard_export_or_abort, standard_import_or_abort};
    pub use crate::dpi::import_shims::*;
    pub use crate::dpi::runtime::{LazySymbol, ScopeGrant, require_scope};
    pub use crate::dpi::string::{handed_strings_mark, release_handed_strings};
    pub use crate::dpi::traits::{
        RequireDpiValue, RequireExportInout, accepted, accepted_param, accepted_verilator_param,
        overlap_possible, require_call_lifetime, require_owned_export_output, require_owned_inout,
    };
    pub use crate::dpi::{DpiError, DpiExportResult, DpiResult, DpiType, DpiValue, ExportInout};
    pub use crate::guard::{
        abort_on_panic, argument_or_abort, argument_status, c_borrow_or_abort, c_borrow_or_status,
        c_convert_or_abort, c_convert_or_status, c_first_or_abort, c_first_or_status,
        c_second_or_abort, c_second_or_status, c_shim1, c_shim2, c_shim3, c_shim4, c_shim5,
        c_shim6, c_shim7, c_shim8, c_slice_borrow_or_abort, c_slice_borrow_or_status,
        c_slice_convert_or_abort, c_slice_convert_or_status, c_slice_first_or_abort,
        c_slice_first_or_status, c_slice_second_or_abort, c_slice_second_or_status, c_slice_shim1,
        disjoint_or_abort, disjoint_or_status, out_pointer_status, pointer_or_abort,
        ranges_disjoint_or_abort, reject_argument, reject_result_pointer, status_on_panic,
    };
    pub use crate::memref::__private as memref;
    pub use crate::memref::{
        CifaceArg, CifaceDirect, CifaceError, CifaceParam, CifaceResult, MemRefDescriptor,
        UnrankedMemRefDescriptor,
    };
    pub use crate::model::c::CTypeDesc;
    pub use crate::model::function::{
        Abi, CifaceDesc, CifaceProvider, FieldDesc, FunctionEntry, ParamEntry, Passing,
        RecordSource, ResultEntry, RustItem, StructDesc,
    };
    pub use crate::model::mlir::{Dim, MemRefLayout, MemRefType};
    pub use crate::model::packed::{PackedFieldDesc, PackedStructDesc};
    pub use crate::model::record::TypeRecord;
    pub use crate::model::sv::{DpiDecl, DpiFlavour, DpiParamDecl, SvType};
    pub use crate::model::{AbiKind, Direction};
    pub use crate::packed::passing as packed_passing;
    pub use crate::packed::{Packed, PackedStruct, union_member};
    #[cfg(not(abi_core_elf))]
    pub use crate::registry_section::{FUNCTIONS, STRUCTS};
    pub use ::core;
    #[cfg(not(abi_core_elf))]
    pub use ::linkme;

    /// The raw C type of a successful `Result` value.
    pub type OkRaw<T> = <T as CResult>::Raw;
}
