//! The revision of the `_BitInt` rules this build follows, from the
//! environment of the build (`ABI_CORE_BITINT_RULES`, see
//! `bitint_layout::BitIntRevision::SELECTED`), as the cfg
//! `abi_core_bitint_rules`: a cfg, so that the library can also carry the
//! matching link-time marker symbol (`bitint_layout::marker`).

fn main() {
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
