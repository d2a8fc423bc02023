//! Two cfgs of the target: `abi_core_elf` and `abi_core_global_asm`, see
//! `elf` and `global_asm` below; one of the profile,
//! `abi_core_unoptimised`, see `unoptimised`.
//!
//! The revision of the `_BitInt` rules this build follows, from the
//! environment of the build (`ABI_CORE_BITINT_RULES`, see
//! `bitint_layout::BitIntRevision::SELECTED`), as the cfg
//! `abi_core_bitint_rules`: a cfg, so that the library can also carry the
//! matching link-time marker symbol (`bitint_layout::marker`).

fn main() {
    elf();
    global_asm();
    unoptimised();
    println!("cargo::rerun-if-env-changed=ABI_CORE_BITINT_RULES");
    println!("cargo::rustc-check-cfg=cfg(abi_core_bitint_rules, values(\"legacy\", \"psabi\"))");
    let rules = match std::env::var("ABI_CORE_BITINT_RULES") {
        Err(std::env::VarError::NotPresent) => "psabi".to_owned(),
        Err(e) => panic!("ABI_CORE_BITINT_RULES: {e}"),
        Ok(value) => value,
    };
    match rules.as_str() {
        "legacy" | "psabi" => {
            println!("cargo::rustc-cfg=abi_core_bitint_rules=\"{rules}\"");
        }
        other => panic!(
            "ABI_CORE_BITINT_RULES={other:?}: it must be `legacy` (the `_BitInt` rules of clang <= 21 on RISC-V, <= 20 on LoongArch) or `psabi` (the default: the psABIs' rules, clang >= 22 / >= 21)"
        ),
    }
}

/// The cfg `abi_core_elf` on the targets whose linker defines
/// `__start_`/`__stop_` symbols at the bounds of a section named as a C
/// identifier (ELF: Linux, Android, the BSDs, Fuchsia): the one place that
/// lists them. The registry's sections and the shim table are read that
/// way there, and `linkme`'s slices elsewhere; the macros the expansions
/// call (`__register!`, `__shim_code!`, `__linked_word!`) are defined for
/// the one case, so that the user's crate expands a single level.
fn elf() {
    println!("cargo::rustc-check-cfg=cfg(abi_core_elf)");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if matches!(
        os.as_str(),
        "linux" | "android" | "freebsd" | "netbsd" | "openbsd" | "fuchsia"
    ) {
        println!("cargo::rustc-cfg=abi_core_elf");
    }
}

/// The cfg `abi_core_global_asm` on the architectures whose assembly Rust
/// supports on stable (`global_asm!`), where `__linked_word!` writes its
/// weak reference: the one place that lists them.
fn global_asm() {
    println!("cargo::rustc-check-cfg=cfg(abi_core_global_asm)");
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    if matches!(
        arch.as_str(),
        "x86" | "x86_64" | "arm" | "aarch64" | "riscv32" | "riscv64" | "loongarch64" | "s390x"
    ) {
        println!("cargo::rustc-cfg=abi_core_global_asm");
    }
}

/// The cfg `abi_core_unoptimised` when abi-core is built at `opt-level`
/// 0 (Cargo's `dev` profile). abi-core's inlined functions (the shims'
/// argument steps, the conversions and `_BitInt` arithmetic) are written
/// `#[cfg_attr(not(abi_core_unoptimised), inline)]` (`inline(always)`
/// where LLVM's own choice measured slower: `_BitInt` arithmetic, packed
/// fields, the overlap check, slice parameters, DPI-C open arrays):
/// an unoptimised build gains no speed from inlining, and inlining every
/// step at every call site was most of the type-checking and LLVM time a
/// crate of shims took (a crate of 100 two-argument `#[c_export]`s: 2.11 G
/// instructions of rustc with the steps inlined, 1.31 G without). Its
/// `#[inline]` functions likewise (`cfg_attr(.., inline)`): a crate
/// compiles its own copy of each `#[inline]` function it calls, where it
/// calls abi-core's when there is no attribute (the benchmark's crate of
/// 40 functions: 777 M instructions of rustc to 757 M).
/// Optimised builds keep the attributes, so their code is unchanged.
fn unoptimised() {
    println!("cargo::rustc-check-cfg=cfg(abi_core_unoptimised)");
    println!("cargo::rerun-if-env-changed=OPT_LEVEL");
    if std::env::var("OPT_LEVEL").as_deref() == Ok("0") {
        println!("cargo::rustc-cfg=abi_core_unoptimised");
    }
}
