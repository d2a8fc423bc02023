//! The C ABI of `_BitInt(N)` and `unsigned _BitInt(N)` as data: size,
//! alignment, storage chunks, and how a value is passed and returned, per
//! target and per revision of the target's `_BitInt` rules.
//!
//! Every rule here is checked against clang-19 and clang-22 themselves by
//! the `c-tests` suite (`bitint_layout`): `sizeof`/`_Alignof` for every
//! width 1..=1024 and the IR signature clang gives a function taking and
//! returning the type, on every target below.
//!
//! | target | N <= 64 | N > 64 chunks | align (N > 64) | `__BITINT_MAXWIDTH__` |
//! |---|---|---|---|---|
//! | x86-64 | 1, 2, 4, 8 bytes | 8 bytes | 8 | 8388608 |
//! | i386 | 1, 2, 4, then 4-byte chunks | 4 bytes | 4 | 8388608 |
//! | aarch64 (Linux, Darwin) | 1, 2, 4, 8 bytes | 16 bytes | 16 | 128 |
//! | loongarch64, [`BitIntRevision::Psabi`] | 1, 2, 4, 8 bytes | 16 bytes | 16 | 128 |
//! | armv7, riscv32/64, ppc64le, s390x, loongarch64 ([`BitIntRevision::Legacy`]), mips64, sparcv9, wasm32 | 1, 2, 4, 8 bytes | 8 bytes | 8 | 128 |
//!
//! # Revisions
//!
//! The psABIs define `_BitInt` after compilers shipped it, so on two
//! targets two sets of rules are in use by compilers people have
//! ([`BitIntRevision`]):
//!
//! | target | [`Legacy`](BitIntRevision::Legacy) | [`Psabi`](BitIntRevision::Psabi) (the default) |
//! |---|---|---|
//! | riscv64, riscv32 | clang 16 to 21: extended by signedness below XLEN only; RV64 `unsigned _BitInt(17..=31)` sign-extended from bit N-1 | clang >= 22 (riscv-elf-psabi-doc PR 419, llvm PR 156592): extended by signedness up to 2 x XLEN bits; RV64 `_BitInt(32)` always sign-extended |
//! | loongarch64 | clang 16 to 20: `_BitInt(65..)` aligned to 8 in 8-byte chunks | clang >= 21 (la-abi-specs, llvm PR 145297): aligned to 16 in 16-byte chunks |
//! | every other target | the same rules in both revisions | |
//!
//! [`bitint_layout`] answers for the default revision,
//! [`bitint_layout_in`] for any; the `BitInt` types follow
//! [`BitIntRevision::SELECTED`], which only the final build can change
//! (see there).
//!
//! Widths above `__BITINT_MAXWIDTH__` need clang's experimental
//! `-fexperimental-max-bitint-width`, which promises no ABI;
//! [`bitint_layout_experimental`] describes what clang does then.

use core::fmt;

/// A target whose `_BitInt` ABI abi-core knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BitIntTarget {
    /// x86-64 System V (Linux).
    X86_64,
    /// i386 System V (Linux).
    I386,
    /// AArch64 AAPCS64 (Linux).
    Aarch64,
    /// Arm64 on Apple platforms.
    AppleArm64,
    /// Armv7 AAPCS32, hard float (Linux).
    Armv7,
    /// RISC-V 64-bit LP64D (Linux).
    Riscv64,
    /// RISC-V 32-bit ILP32 (bare metal).
    Riscv32,
    /// POWER little-endian ELFv2 (Linux).
    Ppc64le,
    /// IBM Z (Linux).
    S390x,
    /// LoongArch 64-bit (Linux).
    Loongarch64,
    /// MIPS64 N64 (Linux).
    Mips64,
    /// SPARC V9 (Linux).
    Sparcv9,
    /// WebAssembly 32-bit.
    Wasm32,
}

/// A revision of a target's `_BitInt` rules: what one generation of
/// compilers implements. Both exist for every target; on most they are the
/// same rules ([`BitIntTarget::psabi_since_clang`] says where they differ).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BitIntRevision {
    /// The rules clang implemented before the psABI's `_BitInt` section:
    /// clang up to 21 on RISC-V, up to 20 on LoongArch (CI proves clang 19;
    /// [`BitIntRevision::clang_versions`] names the proven range).
    Legacy,
    /// The psABI's `_BitInt` rules, as clang implements them from
    /// [`BitIntTarget::psabi_since_clang`] on. The default.
    Psabi,
}

impl BitIntRevision {
    /// Every revision.
    pub const ALL: [BitIntRevision; 2] = [BitIntRevision::Legacy, BitIntRevision::Psabi];

    /// The revision a build follows unless told otherwise: the psABI's.
    pub const DEFAULT: BitIntRevision = BitIntRevision::Psabi;

    /// The name `ABI_CORE_BITINT_RULES` takes for this revision.
    pub const fn name(self) -> &'static str {
        match self {
            BitIntRevision::Legacy => "legacy",
            BitIntRevision::Psabi => "psabi",
        }
    }

    /// The revision this build of abi-core follows, on its compilation
    /// target: [`BitIntRevision::DEFAULT`], or the one named by the
    /// environment variable `ABI_CORE_BITINT_RULES` (`legacy` or `psabi`)
    /// when abi-core was compiled.
    ///
    /// An environment variable of the build, not a Cargo feature: Cargo
    /// unifies features, so a feature enabled by one dependency would
    /// silently change the `_BitInt` ABI of every other crate's exports.
    /// No crate can set a variable for its dependents; only whoever runs
    /// the final build can (its shell, or its workspace's
    /// `.cargo/config.toml` `[env]`), for the whole program, which is what
    /// the choice is about: the C compiler the program is linked with.
    /// Cargo rebuilds abi-core when the variable changes; any other value
    /// fails the build. A mismatch fails loudly: every generated C header
    /// on RISC-V and LoongArch states the revision and refuses (`#error`)
    /// a compiler that implements the other one, naming both, and
    /// references the library's marker symbol of its revision (see
    /// [`marker`]), so C compiled against a header generated for the
    /// other revision does not link ("undefined reference to
    /// `abi_core_bitint_rules_legacy`").
    pub const SELECTED: BitIntRevision = if cfg!(abi_core_bitint_rules = "legacy") {
        BitIntRevision::Legacy
    } else {
        // abi-core's build script refuses any other value than these two.
        BitIntRevision::Psabi
    };

    /// The revision named `name` ([`BitIntRevision::name`]).
    pub const fn from_name(name: &str) -> Option<BitIntRevision> {
        let mut i = 0;
        while i < BitIntRevision::ALL.len() {
            let revision = BitIntRevision::ALL[i];
            if crate::model::names::const_str_eq(name, revision.name()) {
                return Some(revision);
            }
            i += 1;
        }
        None
    }

    /// The clang versions implementing this revision on `target`: the
    /// first, and the last (`None`: every later one). On targets where the
    /// revisions agree, every version from clang 19 (the oldest CI proves).
    pub const fn clang_versions(self, target: BitIntTarget) -> (u32, Option<u32>) {
        const OLDEST_PROVEN: u32 = 19;
        match (target.psabi_since_clang(), self) {
            (None, _) => (OLDEST_PROVEN, None),
            (Some(first), BitIntRevision::Psabi) => (first, None),
            (Some(first), BitIntRevision::Legacy) => (OLDEST_PROVEN, Some(first - 1)),
        }
    }

    /// The revision clang `major` implements on `target`.
    pub const fn of_clang(target: BitIntTarget, major: u32) -> BitIntRevision {
        match target.psabi_since_clang() {
            Some(first) if major < first => BitIntRevision::Legacy,
            _ => BitIntRevision::Psabi,
        }
    }
}

/// The link-time marker of the revision this library follows, on the
/// targets whose `_BitInt` rules have revisions: a symbol named
/// `abi_core_bitint_rules_<revision>` ([`BitIntRevision::name`]), which the
/// generated C header references. A header and a library built for
/// different revisions (the header generated by a test build, the library
/// by another with a different `ABI_CORE_BITINT_RULES`) then fail to link
/// instead of passing values the other side misreads.
pub mod marker {
    /// The marker of [`BitIntRevision::Legacy`](super::BitIntRevision::Legacy).
    #[cfg(all(
        abi_core_bitint_rules = "legacy",
        any(
            target_arch = "riscv64",
            target_arch = "riscv32",
            target_arch = "loongarch64"
        )
    ))]
    #[unsafe(no_mangle)]
    #[used]
    #[allow(non_upper_case_globals)] // a C symbol, spelled as the header spells it
    pub static abi_core_bitint_rules_legacy: u8 = 0;

    /// The marker of [`BitIntRevision::Psabi`](super::BitIntRevision::Psabi).
    #[cfg(all(
        abi_core_bitint_rules = "psabi",
        any(
            target_arch = "riscv64",
            target_arch = "riscv32",
            target_arch = "loongarch64"
        )
    ))]
    #[unsafe(no_mangle)]
    #[used]
    #[allow(non_upper_case_globals)] // a C symbol, spelled as the header spells it
    pub static abi_core_bitint_rules_psabi: u8 = 0;
}

impl fmt::Display for BitIntRevision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl BitIntTarget {
    /// Every known target.
    pub const ALL: [BitIntTarget; 13] = [
        BitIntTarget::X86_64,
        BitIntTarget::I386,
        BitIntTarget::Aarch64,
        BitIntTarget::AppleArm64,
        BitIntTarget::Armv7,
        BitIntTarget::Riscv64,
        BitIntTarget::Riscv32,
        BitIntTarget::Ppc64le,
        BitIntTarget::S390x,
        BitIntTarget::Loongarch64,
        BitIntTarget::Mips64,
        BitIntTarget::Sparcv9,
        BitIntTarget::Wasm32,
    ];

    /// The `--target` clang is given for this target.
    pub const fn clang_triple(self) -> &'static str {
        match self {
            BitIntTarget::X86_64 => "x86_64-linux-gnu",
            BitIntTarget::I386 => "i386-linux-gnu",
            BitIntTarget::Aarch64 => "aarch64-linux-gnu",
            BitIntTarget::AppleArm64 => "arm64-apple-darwin",
            BitIntTarget::Armv7 => "armv7-linux-gnueabihf",
            BitIntTarget::Riscv64 => "riscv64-linux-gnu",
            BitIntTarget::Riscv32 => "riscv32-unknown-elf",
            BitIntTarget::Ppc64le => "powerpc64le-linux-gnu",
            BitIntTarget::S390x => "s390x-linux-gnu",
            BitIntTarget::Loongarch64 => "loongarch64-linux-gnu",
            BitIntTarget::Mips64 => "mips64-linux-gnuabi64",
            BitIntTarget::Sparcv9 => "sparcv9-linux-gnu",
            BitIntTarget::Wasm32 => "wasm32-unknown-unknown",
        }
    }

    /// clang 19's `__BITINT_MAXWIDTH__`.
    pub const fn max_width(self) -> u32 {
        match self {
            BitIntTarget::X86_64 | BitIntTarget::I386 => 8_388_608,
            _ => 128,
        }
    }

    /// The first clang whose `_BitInt` rules on this target differ from
    /// the ones before ([`BitIntRevision::Psabi`]), or `None` where every
    /// clang since 19 agrees. RISC-V: riscv-elf-psabi-doc PR 419,
    /// implemented by llvm PR 156592 (clang 22). LoongArch: la-abi-specs'
    /// alignment, llvm PR 145297 (clang 21; measured: clang 19 legacy,
    /// clang 22 psABI).
    pub const fn psabi_since_clang(self) -> Option<u32> {
        match self {
            BitIntTarget::Riscv64 | BitIntTarget::Riscv32 => Some(22),
            BitIntTarget::Loongarch64 => Some(21),
            BitIntTarget::X86_64
            | BitIntTarget::I386
            | BitIntTarget::Aarch64
            | BitIntTarget::AppleArm64
            | BitIntTarget::Armv7
            | BitIntTarget::Ppc64le
            | BitIntTarget::S390x
            | BitIntTarget::Mips64
            | BitIntTarget::Sparcv9
            | BitIntTarget::Wasm32 => None,
        }
    }

    /// The target this crate is compiled for, if it is known.
    pub const fn current() -> Option<BitIntTarget> {
        if cfg!(target_arch = "x86_64") {
            Some(BitIntTarget::X86_64)
        } else if cfg!(target_arch = "x86") {
            Some(BitIntTarget::I386)
        } else if cfg!(all(target_arch = "aarch64", target_vendor = "apple")) {
            Some(BitIntTarget::AppleArm64)
        } else if cfg!(target_arch = "aarch64") {
            Some(BitIntTarget::Aarch64)
        } else if cfg!(target_arch = "arm") {
            Some(BitIntTarget::Armv7)
        } else if cfg!(target_arch = "riscv64") {
            Some(BitIntTarget::Riscv64)
        } else if cfg!(target_arch = "riscv32") {
            Some(BitIntTarget::Riscv32)
        } else if cfg!(all(target_arch = "powerpc64", target_endian = "little")) {
            Some(BitIntTarget::Ppc64le)
        } else if cfg!(target_arch = "s390x") {
            Some(BitIntTarget::S390x)
        } else if cfg!(target_arch = "loongarch64") {
            Some(BitIntTarget::Loongarch64)
        } else if cfg!(target_arch = "mips64") {
            Some(BitIntTarget::Mips64)
        } else if cfg!(target_arch = "sparc64") {
            Some(BitIntTarget::Sparcv9)
        } else if cfg!(target_arch = "wasm32") {
            Some(BitIntTarget::Wasm32)
        } else {
            None
        }
    }

    /// Size in bytes of one storage chunk for N > 64 (and, on i386, N > 32).
    const fn wide_chunk_bytes(self, revision: BitIntRevision) -> usize {
        match (self, revision) {
            (BitIntTarget::I386, _) => 4,
            (BitIntTarget::Aarch64 | BitIntTarget::AppleArm64, _) => 16,
            (BitIntTarget::Loongarch64, BitIntRevision::Psabi) => 16,
            _ => 8,
        }
    }

    /// The widest value passed directly (in registers, or on the stack like
    /// an integer); wider ones go in memory or by reference.
    const fn widest_direct_param(self) -> u32 {
        match self {
            BitIntTarget::I386
            | BitIntTarget::Armv7
            | BitIntTarget::S390x
            | BitIntTarget::Riscv32 => 64,
            _ => 128,
        }
    }

    /// How a value too wide to pass directly is passed.
    const fn wide_param(self) -> ParamPassing {
        match self {
            BitIntTarget::X86_64
            | BitIntTarget::Armv7
            | BitIntTarget::Ppc64le
            | BitIntTarget::Mips64
            | BitIntTarget::Wasm32 => ParamPassing::Memory,
            _ => ParamPassing::Reference,
        }
    }

    /// The widest value returned directly; wider ones through a hidden
    /// pointer to caller memory (`sret`).
    const fn widest_direct_result(self) -> u32 {
        match self {
            BitIntTarget::I386
            | BitIntTarget::Armv7
            | BitIntTarget::S390x
            | BitIntTarget::Riscv32 => 64,
            BitIntTarget::Sparcv9 => 256,
            _ => 128,
        }
    }

    /// What the caller guarantees about the register bits above N of a
    /// directly passed argument (the LLVM `signext`/`zeroext` clang emits).
    const fn narrow_extension(
        self,
        revision: BitIntRevision,
        bits: u32,
        signed: bool,
    ) -> Extension {
        let by_signedness = if signed {
            Extension::Sign
        } else {
            Extension::Zero
        };
        match (self, revision) {
            // The psABI (PR 419): by signedness up to 2 x XLEN bits, and
            // RV64's `_BitInt(32)` sign-extended like every 32-bit value.
            (BitIntTarget::Riscv64, BitIntRevision::Psabi) => {
                if bits == 32 {
                    Extension::Sign
                } else {
                    by_signedness
                }
            }
            (BitIntTarget::Riscv32, BitIntRevision::Psabi) => by_signedness,
            _ => self.narrow_extension_as_before_the_psabi(bits, signed, by_signedness),
        }
    }

    /// [`BitIntTarget::narrow_extension`] where the revisions agree, and on
    /// RISC-V the rules of clang 16 to 21.
    const fn narrow_extension_as_before_the_psabi(
        self,
        bits: u32,
        signed: bool,
        by_signedness: Extension,
    ) -> Extension {
        match self {
            // AAPCS64: arguments arrive unextended; the callee extends.
            BitIntTarget::Aarch64 => Extension::None,
            // Extended to 32 bits, the width of `int`.
            BitIntTarget::AppleArm64
            | BitIntTarget::X86_64
            | BitIntTarget::I386
            | BitIntTarget::Armv7
            | BitIntTarget::Riscv32
            | BitIntTarget::Wasm32 => {
                if bits < 32 {
                    by_signedness
                } else {
                    Extension::None
                }
            }
            // Extended to the 64-bit register.
            BitIntTarget::Ppc64le | BitIntTarget::S390x | BitIntTarget::Sparcv9 => {
                if bits < 64 {
                    by_signedness
                } else {
                    Extension::None
                }
            }
            // 32-bit quantities live sign-extended in 64-bit registers,
            // whatever their signedness: unsigned N in 17..=32 is
            // sign-extended (from bit N-1), narrower or wider unsigned
            // values zero-extended.
            BitIntTarget::Riscv64 | BitIntTarget::Loongarch64 => {
                if bits >= 64 {
                    Extension::None
                } else if signed || (bits >= 17 && bits <= 32) {
                    Extension::Sign
                } else {
                    Extension::Zero
                }
            }
            // As RISC-V, and extended up to the 128-bit register pair.
            BitIntTarget::Mips64 => {
                if signed || (bits >= 17 && bits <= 32) {
                    Extension::Sign
                } else {
                    Extension::Zero
                }
            }
        }
    }
}

impl fmt::Display for BitIntTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.clang_triple())
    }
}

/// How the caller widens a directly passed value to the register.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Extension {
    /// No promise: the callee must extend.
    None,
    /// Zero-extended from bit N-1.
    Zero,
    /// Sign-extended from bit N-1.
    Sign,
}

/// How a `_BitInt` argument reaches the callee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParamPassing {
    /// Like an integer of the same size: in registers, or on the stack.
    Direct {
        /// What the caller guarantees about the bits above N.
        extension: Extension,
    },
    /// A copy on the stack (LLVM `byval`).
    Memory,
    /// A pointer to a caller-owned copy.
    Reference,
}

/// How a `_BitInt` result reaches the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultPassing {
    /// In registers.
    Direct,
    /// Written to caller memory through a hidden pointer (LLVM `sret`).
    Indirect,
}

/// The ABI of one `_BitInt(N)` type on one target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BitIntLayout {
    /// N.
    pub bits: u32,
    /// `_BitInt` (signed) or `unsigned _BitInt`.
    pub signed: bool,
    /// `sizeof`.
    pub size: usize,
    /// `_Alignof`.
    pub align: usize,
    /// Size of the storage unit: the whole value for N <= 64 (N <= 32 on
    /// i386), otherwise the chunk the value is an array of.
    pub chunk_bytes: usize,
    /// How it is passed as an argument.
    pub param: ParamPassing,
    /// How it is returned.
    pub result: ResultPassing,
}

impl BitIntLayout {
    /// The bits of storage above N, which C leaves unspecified (and abi-core
    /// always writes extended and re-normalises on every read).
    pub const fn padding_bits(&self) -> usize {
        self.size * 8 - self.bits as usize
    }
}

/// The ABI of `_BitInt(bits)` (or `unsigned _BitInt(bits)`) on `target`
/// under the default revision ([`BitIntRevision::DEFAULT`], the psABI's),
/// or `None` for a width clang rejects there: 0, 1 when signed, or above
/// [`BitIntTarget::max_width`].
pub const fn bitint_layout(target: BitIntTarget, bits: u32, signed: bool) -> Option<BitIntLayout> {
    bitint_layout_in(target, BitIntRevision::DEFAULT, bits, signed)
}

/// As [`bitint_layout`], under the rules of `revision`.
pub const fn bitint_layout_in(
    target: BitIntTarget,
    revision: BitIntRevision,
    bits: u32,
    signed: bool,
) -> Option<BitIntLayout> {
    if bits > target.max_width() {
        return None;
    }
    bitint_layout_experimental_in(target, revision, bits, signed)
}

/// As [`bitint_layout`], but also above `__BITINT_MAXWIDTH__`, as clang
/// lays such types out under `-fexperimental-max-bitint-width` (an
/// experimental option with no ABI promise).
pub const fn bitint_layout_experimental(
    target: BitIntTarget,
    bits: u32,
    signed: bool,
) -> Option<BitIntLayout> {
    bitint_layout_experimental_in(target, BitIntRevision::DEFAULT, bits, signed)
}

/// As [`bitint_layout_experimental`], under the rules of `revision`.
pub const fn bitint_layout_experimental_in(
    target: BitIntTarget,
    revision: BitIntRevision,
    bits: u32,
    signed: bool,
) -> Option<BitIntLayout> {
    if bits == 0 || (signed && bits == 1) {
        return None;
    }
    let (size, align, chunk_bytes) = if bits <= 8 {
        (1, 1, 1)
    } else if bits <= 16 {
        (2, 2, 2)
    } else if bits <= 32 {
        (4, 4, 4)
    } else if bits <= 64 && !matches!(target, BitIntTarget::I386) {
        (8, 8, 8)
    } else {
        let chunk = target.wide_chunk_bytes(revision);
        let chunk_bits = (chunk * 8) as u32;
        (chunk * bits.div_ceil(chunk_bits) as usize, chunk, chunk)
    };
    let param = if bits <= target.widest_direct_param() {
        ParamPassing::Direct {
            extension: target.narrow_extension(revision, bits, signed),
        }
    } else {
        target.wide_param()
    };
    let result = if bits <= target.widest_direct_result() {
        ResultPassing::Direct
    } else {
        ResultPassing::Indirect
    };
    Some(BitIntLayout {
        bits,
        signed,
        size,
        align,
        chunk_bytes,
        param,
        result,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measured_corner_cases() {
        let l = |t, n| bitint_layout(t, n, false).map(|l| (l.size, l.align));
        assert_eq!(l(BitIntTarget::X86_64, 65), Some((16, 8)));
        assert_eq!(l(BitIntTarget::X86_64, 129), Some((24, 8)));
        assert_eq!(l(BitIntTarget::I386, 64), Some((8, 4)));
        assert_eq!(l(BitIntTarget::I386, 65), Some((12, 4)));
        assert_eq!(l(BitIntTarget::Aarch64, 65), Some((16, 16)));
        assert_eq!(l(BitIntTarget::Aarch64, 129), None);
        assert_eq!(
            bitint_layout_experimental(BitIntTarget::Aarch64, 129, false)
                .map(|l| (l.size, l.align)),
            Some((32, 16))
        );
        assert_eq!(l(BitIntTarget::X86_64, 8_388_608), Some((1_048_576, 8)));
        assert_eq!(l(BitIntTarget::X86_64, 8_388_609), None);
        assert_eq!(bitint_layout(BitIntTarget::X86_64, 1, true), None);
        assert_eq!(bitint_layout(BitIntTarget::X86_64, 0, false), None);
    }

    /// The two revisions differ exactly where the compilers did (the
    /// c-tests sweep proves each against clang-19 and clang-22).
    #[test]
    fn revisions_differ_on_riscv_and_loongarch_only() {
        use BitIntRevision::{Legacy, Psabi};
        let ext = |t, r, n, s| match bitint_layout_in(t, r, n, s).unwrap().param {
            ParamPassing::Direct { extension } => extension,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            ext(BitIntTarget::Riscv64, Legacy, 100, true),
            Extension::None
        );
        assert_eq!(
            ext(BitIntTarget::Riscv64, Psabi, 100, true),
            Extension::Sign
        );
        assert_eq!(
            ext(BitIntTarget::Riscv64, Legacy, 20, false),
            Extension::Sign
        );
        assert_eq!(
            ext(BitIntTarget::Riscv64, Psabi, 20, false),
            Extension::Zero
        );
        assert_eq!(
            ext(BitIntTarget::Riscv64, Psabi, 32, false),
            Extension::Sign
        );
        assert_eq!(
            ext(BitIntTarget::Riscv32, Legacy, 40, false),
            Extension::None
        );
        assert_eq!(
            ext(BitIntTarget::Riscv32, Psabi, 40, false),
            Extension::Zero
        );
        let align = |r, n| {
            bitint_layout_experimental_in(BitIntTarget::Loongarch64, r, n, true)
                .map(|l| (l.size, l.align))
        };
        assert_eq!(align(Legacy, 100), Some((16, 8)));
        assert_eq!(align(Psabi, 100), Some((16, 16)));
        assert_eq!(align(Legacy, 129), Some((24, 8)));
        assert_eq!(align(Psabi, 129), Some((32, 16)));
        for target in BitIntTarget::ALL {
            if target.psabi_since_clang().is_some() {
                continue;
            }
            for bits in 1..=1024 {
                for signed in [false, true] {
                    assert_eq!(
                        bitint_layout_experimental_in(target, Legacy, bits, signed),
                        bitint_layout_experimental_in(target, Psabi, bits, signed),
                        "{target} {bits}"
                    );
                }
            }
        }
    }

    #[test]
    fn revisions_by_name_and_compiler() {
        for r in BitIntRevision::ALL {
            assert_eq!(BitIntRevision::from_name(r.name()), Some(r));
        }
        assert_eq!(BitIntRevision::from_name("clang-19"), None);
        assert_eq!(
            BitIntRevision::of_clang(BitIntTarget::Riscv64, 21),
            BitIntRevision::Legacy
        );
        assert_eq!(
            BitIntRevision::of_clang(BitIntTarget::Riscv64, 22),
            BitIntRevision::Psabi
        );
        assert_eq!(
            BitIntRevision::of_clang(BitIntTarget::X86_64, 19),
            BitIntRevision::Psabi
        );
        assert_eq!(
            BitIntRevision::Legacy.clang_versions(BitIntTarget::Loongarch64),
            (19, Some(20))
        );
    }
}
