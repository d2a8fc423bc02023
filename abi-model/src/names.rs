//! The naming rules of every foreign language the emitters write, in one
//! place: how a Rust identifier is spelled in C and in SystemVerilog, the
//! keyword lists, and how derived names (a slice's `x_len`, an
//! out-pointer, a keyword with `_` appended) are kept unique.

/// A Rust identifier without its raw prefix (`r#type` is `type`).
pub fn strip_raw(rust: &str) -> &str {
    rust.strip_prefix("r#").unwrap_or(rust)
}

/// The C spelling of a Rust identifier: `r#` stripped, C and C++ keywords
/// suffixed with `_`.
pub fn c_identifier(rust: &str) -> String {
    let name = strip_raw(rust);
    if is_header_keyword(name) {
        format!("{name}_")
    } else {
        name.to_owned()
    }
}

/// Whether `name` is a C keyword (C11 and C23). One `match` on the bytes,
/// because the macros evaluate this at compile time for every exported
/// name: rustc turns the patterns into a decision tree on the length and
/// then the bytes, which its const evaluator runs about ten times faster
/// than a loop over a keyword table (0.33 s of a 500-function crate's
/// build, measured).
pub const fn is_c_keyword(name: &str) -> bool {
    matches!(
        name.as_bytes(),
        b"do"
            | b"if"
            | b"for"
            | b"int"
            | b"auto"
            | b"bool"
            | b"case"
            | b"char"
            | b"else"
            | b"enum"
            | b"goto"
            | b"long"
            | b"true"
            | b"void"
            | b"_Bool"
            | b"break"
            | b"const"
            | b"false"
            | b"float"
            | b"short"
            | b"union"
            | b"while"
            | b"double"
            | b"extern"
            | b"inline"
            | b"return"
            | b"signed"
            | b"sizeof"
            | b"static"
            | b"struct"
            | b"switch"
            | b"typeof"
            | b"_Atomic"
            | b"alignas"
            | b"alignof"
            | b"default"
            | b"nullptr"
            | b"typedef"
            | b"_Alignas"
            | b"_Alignof"
            | b"_Complex"
            | b"_Generic"
            | b"continue"
            | b"register"
            | b"restrict"
            | b"unsigned"
            | b"volatile"
            | b"_Noreturn"
            | b"constexpr"
            | b"_Imaginary"
            | b"thread_local"
            | b"_Thread_local"
            | b"static_assert"
            | b"typeof_unqual"
            | b"_Static_assert"
    )
}

/// Whether `name` is a keyword of C++ (C++20) that is not one of C: the
/// generated headers are read by C++ too (Verilator includes the DPI
/// header from C++, and C headers carry `extern "C"` guards for C++).
pub const fn is_cpp_only_keyword(name: &str) -> bool {
    matches!(
        name.as_bytes(),
        b"and"
            | b"and_eq"
            | b"asm"
            | b"bitand"
            | b"bitor"
            | b"catch"
            | b"char8_t"
            | b"char16_t"
            | b"char32_t"
            | b"class"
            | b"co_await"
            | b"co_return"
            | b"co_yield"
            | b"compl"
            | b"concept"
            | b"const_cast"
            | b"consteval"
            | b"constinit"
            | b"decltype"
            | b"delete"
            | b"dynamic_cast"
            | b"explicit"
            | b"export"
            | b"friend"
            | b"mutable"
            | b"namespace"
            | b"new"
            | b"noexcept"
            | b"not"
            | b"not_eq"
            | b"operator"
            | b"or"
            | b"or_eq"
            | b"private"
            | b"protected"
            | b"public"
            | b"reinterpret_cast"
            | b"requires"
            | b"static_cast"
            | b"template"
            | b"this"
            | b"throw"
            | b"try"
            | b"typeid"
            | b"typename"
            | b"using"
            | b"virtual"
            | b"wchar_t"
            | b"xor"
            | b"xor_eq"
    )
}

/// Whether `name` is a keyword of C or of C++, the languages that read the
/// generated headers: parameter and field names are renamed, symbols
/// refused.
pub const fn is_header_keyword(name: &str) -> bool {
    is_c_keyword(name) || is_cpp_only_keyword(name)
}

/// Whether `name` is spelled like a C identifier: ASCII letters, digits and
/// `_`, not empty, not starting with a digit. (Also the spelling of MLIR
/// function names and of `DpiEnum` label prefixes.)
pub const fn has_c_spelling(name: &str) -> bool {
    let bytes = name.as_bytes();
    if bytes.is_empty() || bytes[0].is_ascii_digit() {
        return false;
    }
    let mut i = 0;
    while i < bytes.len() {
        if !(bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether `name` can be an external C identifier read by C and C++: C's
/// spelling ([`has_c_spelling`]) and no keyword of either language. (The
/// macros check the spelling of exported names when they expand, and
/// keywords with [`c_symbol_problem`].)
pub const fn is_c_identifier(name: &str) -> bool {
    has_c_spelling(name) && !is_header_keyword(name)
}

/// Whether `name` is a SystemVerilog simple identifier (IEEE 1800-2017
/// §5.6): a letter or `_`, then letters, digits, `_` and `$`. Keywords are
/// checked apart ([`is_sv_keyword`]).
pub fn is_sv_simple_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// Whether MLIR reads `name` as a bare identifier (`@name`, not `@"name"`):
/// the part of MLIR's `bare-id` grammar the emitters print bare, a letter or
/// `_` then letters, digits, `_` and `$`, which is also SystemVerilog's
/// simple identifier.
pub fn is_mlir_bare_identifier(name: &str) -> bool {
    is_sv_simple_identifier(name)
}

/// The prefix of the symbols of MLIR's C interface: a function `@f`
/// compiled with `llvm.emit_c_interface` is also `_mlir_ciface_f`.
pub const CIFACE_PREFIX: &str = "_mlir_ciface_";

/// The C-interface symbol of the MLIR function `mlir_name`.
pub fn ciface_symbol(mlir_name: &str) -> String {
    format!("{CIFACE_PREFIX}{mlir_name}")
}

/// Whether C reserves `name` as an external identifier for its own
/// implementation (ISO C17 7.1.3): a name beginning with `__`, or with `_`
/// and a capital letter (the compiler runtime's `__udivti3`, the unwinder's
/// `_Unwind_Resume`, Rust's `__rust_alloc`), or a function or object of
/// the C standard library (`malloc`, `memcpy`, `printf`, `sqrtf`, ...;
/// not the "future library directions", which C23 no longer reserves).
/// Defined by the program, such a symbol replaces the library's for the
/// whole process: the allocator, `memcpy` and the rest are then whatever
/// the exported function does, which no safe Rust may decide.
pub const fn is_reserved_c_symbol(name: &str) -> bool {
    let bytes = name.as_bytes();
    if bytes.len() >= 2 && bytes[0] == b'_' && (bytes[1] == b'_' || bytes[1].is_ascii_uppercase()) {
        return true;
    }
    if is_c_library_name(bytes) {
        return true;
    }
    // The `float` and `long double` forms of <math.h> and <complex.h>.
    match bytes.split_last() {
        Some((b'f' | b'l', base)) => is_c_math_name(base),
        _ => false,
    }
}

/// The functions and objects of the C17/C23 standard library outside
/// <math.h> and <complex.h> (whose `double` forms are
/// [`is_c_math_name`]).
const fn is_c_library_name(name: &[u8]) -> bool {
    is_c_math_name(name)
        || matches!(
            name,
            // <ctype.h>, <wctype.h>
            b"isalnum" | b"isalpha" | b"isblank" | b"iscntrl" | b"isdigit" | b"isgraph"
                | b"islower" | b"isprint" | b"ispunct" | b"isspace" | b"isupper"
                | b"isxdigit" | b"tolower" | b"toupper" | b"iswalnum" | b"iswalpha"
                | b"iswblank" | b"iswcntrl" | b"iswdigit" | b"iswgraph" | b"iswlower"
                | b"iswprint" | b"iswpunct" | b"iswspace" | b"iswupper" | b"iswxdigit"
                | b"iswctype" | b"wctype" | b"towlower" | b"towupper" | b"towctrans"
                | b"wctrans"
                // <stdlib.h>
                | b"atof" | b"atoi" | b"atol" | b"atoll" | b"strtod" | b"strtof"
                | b"strtold" | b"strtol" | b"strtoll" | b"strtoul" | b"strtoull"
                | b"strfromd" | b"strfromf" | b"strfroml" | b"rand" | b"srand"
                | b"aligned_alloc" | b"calloc" | b"free" | b"free_sized"
                | b"free_aligned_sized" | b"malloc" | b"realloc" | b"abort" | b"atexit"
                | b"at_quick_exit" | b"exit" | b"_Exit" | b"getenv" | b"quick_exit"
                | b"system" | b"bsearch" | b"qsort" | b"abs" | b"labs" | b"llabs"
                | b"div" | b"ldiv" | b"lldiv" | b"mblen" | b"mbtowc" | b"wctomb"
                | b"mbstowcs" | b"wcstombs" | b"memalignment"
                // <string.h>
                | b"memcpy" | b"memccpy" | b"memmove" | b"strcpy" | b"strncpy"
                | b"strdup" | b"strndup" | b"strcat" | b"strncat" | b"memcmp"
                | b"strcmp" | b"strcoll" | b"strncmp" | b"strxfrm" | b"memchr"
                | b"strchr" | b"strcspn" | b"strpbrk" | b"strrchr" | b"strspn"
                | b"strstr" | b"strtok" | b"memset" | b"memset_explicit" | b"strerror"
                | b"strlen"
                // <stdio.h>
                | b"remove" | b"rename" | b"tmpfile" | b"tmpnam" | b"fclose" | b"fflush"
                | b"fopen" | b"freopen" | b"setbuf" | b"setvbuf" | b"fprintf" | b"fscanf"
                | b"printf" | b"scanf" | b"snprintf" | b"sprintf" | b"sscanf"
                | b"vfprintf" | b"vfscanf" | b"vprintf" | b"vscanf" | b"vsnprintf"
                | b"vsprintf" | b"vsscanf" | b"fgetc" | b"fgets" | b"fputc" | b"fputs"
                | b"getc" | b"getchar" | b"gets" | b"putc" | b"putchar" | b"puts"
                | b"ungetc" | b"fread" | b"fwrite" | b"fgetpos" | b"fseek" | b"fsetpos"
                | b"ftell" | b"rewind" | b"clearerr" | b"feof" | b"ferror" | b"perror"
                | b"stdin" | b"stdout" | b"stderr"
                // <wchar.h>, <uchar.h>
                | b"fwprintf" | b"fwscanf" | b"swprintf" | b"swscanf" | b"vfwprintf"
                | b"vfwscanf" | b"vswprintf" | b"vswscanf" | b"vwprintf" | b"vwscanf"
                | b"wprintf" | b"wscanf" | b"fgetwc" | b"fgetws" | b"fputwc" | b"fputws"
                | b"fwide" | b"getwc" | b"getwchar" | b"putwc" | b"putwchar" | b"ungetwc"
                | b"wcstod" | b"wcstof" | b"wcstold" | b"wcstol" | b"wcstoll"
                | b"wcstoul" | b"wcstoull" | b"wcscpy" | b"wcsncpy" | b"wmemcpy"
                | b"wmemmove" | b"wcscat" | b"wcsncat" | b"wcscmp" | b"wcscoll"
                | b"wcsncmp" | b"wcsxfrm" | b"wmemcmp" | b"wcschr" | b"wcscspn"
                | b"wcspbrk" | b"wcsrchr" | b"wcsspn" | b"wcsstr" | b"wcstok"
                | b"wmemchr" | b"wcslen" | b"wmemset" | b"wcsftime" | b"btowc"
                | b"wctob" | b"mbsinit" | b"mbrlen" | b"mbrtowc" | b"wcrtomb"
                | b"mbsrtowcs" | b"wcsrtombs" | b"mbrtoc8" | b"c8rtomb" | b"mbrtoc16"
                | b"c16rtomb" | b"mbrtoc32" | b"c32rtomb"
                // <time.h>
                | b"clock" | b"difftime" | b"mktime" | b"timegm" | b"time"
                | b"timespec_get" | b"timespec_getres" | b"asctime" | b"ctime"
                | b"gmtime" | b"gmtime_r" | b"localtime" | b"localtime_r" | b"strftime"
                // <signal.h>, <setjmp.h>, <locale.h>, <errno.h>
                | b"signal" | b"raise" | b"longjmp" | b"setlocale" | b"localeconv"
                | b"errno"
                // <inttypes.h>, <fenv.h>
                | b"imaxabs" | b"imaxdiv" | b"strtoimax" | b"strtoumax" | b"wcstoimax"
                | b"wcstoumax" | b"feclearexcept" | b"fegetexceptflag"
                | b"feraiseexcept" | b"fesetexceptflag" | b"fetestexcept" | b"fegetround"
                | b"fesetround" | b"fegetenv" | b"feholdexcept" | b"fesetenv"
                | b"feupdateenv"
                // <threads.h>, <stdatomic.h>
                | b"call_once" | b"cnd_broadcast" | b"cnd_destroy" | b"cnd_init"
                | b"cnd_signal" | b"cnd_timedwait" | b"cnd_wait" | b"mtx_destroy"
                | b"mtx_init" | b"mtx_lock" | b"mtx_timedlock" | b"mtx_trylock"
                | b"mtx_unlock" | b"thrd_create" | b"thrd_current" | b"thrd_detach"
                | b"thrd_equal" | b"thrd_exit" | b"thrd_join" | b"thrd_sleep"
                | b"thrd_yield" | b"tss_create" | b"tss_delete" | b"tss_get" | b"tss_set"
                | b"atomic_thread_fence" | b"atomic_signal_fence"
        )
}

/// The `double` functions of <math.h> and <complex.h> (C17 7.12, 7.3),
/// whose `float` and `long double` forms add `f` and `l`.
const fn is_c_math_name(name: &[u8]) -> bool {
    matches!(
        name,
        b"acos"
            | b"asin"
            | b"atan"
            | b"atan2"
            | b"cos"
            | b"sin"
            | b"tan"
            | b"acosh"
            | b"asinh"
            | b"atanh"
            | b"cosh"
            | b"sinh"
            | b"tanh"
            | b"exp"
            | b"exp2"
            | b"expm1"
            | b"frexp"
            | b"ilogb"
            | b"ldexp"
            | b"log"
            | b"log10"
            | b"log1p"
            | b"log2"
            | b"logb"
            | b"modf"
            | b"scalbn"
            | b"scalbln"
            | b"cbrt"
            | b"fabs"
            | b"hypot"
            | b"pow"
            | b"sqrt"
            | b"erf"
            | b"erfc"
            | b"lgamma"
            | b"tgamma"
            | b"ceil"
            | b"floor"
            | b"nearbyint"
            | b"rint"
            | b"lrint"
            | b"llrint"
            | b"round"
            | b"lround"
            | b"llround"
            | b"trunc"
            | b"fmod"
            | b"remainder"
            | b"remquo"
            | b"copysign"
            | b"nan"
            | b"nextafter"
            | b"nexttoward"
            | b"fdim"
            | b"fmax"
            | b"fmin"
            | b"fma"
            | b"cacos"
            | b"casin"
            | b"catan"
            | b"ccos"
            | b"csin"
            | b"ctan"
            | b"cacosh"
            | b"casinh"
            | b"catanh"
            | b"ccosh"
            | b"csinh"
            | b"ctanh"
            | b"cexp"
            | b"clog"
            | b"cabs"
            | b"cpow"
            | b"csqrt"
            | b"carg"
            | b"cimag"
            | b"conj"
            | b"cproj"
            | b"creal"
    )
}

/// The message of [`c_symbol_problem`] and [`sv_name_problem`] for a name
/// C reserves.
const RESERVED_SYMBOL: &str = "C reserves this name for its library and runtime (ISO C 7.1.3: the standard library's functions and objects, and names beginning with `__` or `_` and a capital letter): exported from Rust it would replace theirs for the whole program (a `#[c_export(name = \"malloc\")]` becomes every allocation); choose another with `name = \"...\"`";

/// Why `name` cannot be exported as a C symbol of its own, when C
/// reserves it ([`is_reserved_c_symbol`]).
pub fn reserved_symbol_problem(name: &str) -> Option<&'static str> {
    is_reserved_c_symbol(name).then_some(RESERVED_SYMBOL)
}

/// Why `name`, spelled like a C identifier, cannot be an exported C
/// symbol: a C or C++ keyword, which the generated header cannot declare,
/// or a name C reserves ([`is_reserved_c_symbol`]). The macros report it
/// at the name when they expand.
pub fn c_symbol_problem(name: &str) -> Option<&'static str> {
    if is_header_keyword(name) {
        return Some(
            "the exported symbol is a C or C++ keyword, which the generated header cannot declare; choose another with `name = \"...\"`",
        );
    }
    is_reserved_c_symbol(name).then_some(RESERVED_SYMBOL)
}

/// Why `name`, spelled like a C identifier, cannot be the SystemVerilog
/// name of a DPI-C function (also its C name in the generated header), as
/// [`c_symbol_problem`] for the DPI-C header, and the one name Verilator
/// refuses although C and C++ allow it.
pub fn sv_name_problem(name: &str) -> Option<&'static str> {
    if is_header_keyword(name) {
        return Some(
            "the SystemVerilog name is a C or C++ keyword, which the DPI-C header (read by C++) cannot declare; choose another with `name = \"...\"`",
        );
    }
    if let Some(problem) = reserved_symbol_problem(name) {
        return Some(problem);
    }
    // The simulator's own C functions (IEEE 1800 Annex H `svdpi.h`, Annex K
    // `vpi_user.h`): an import of the same name would replace them.
    let bytes = name.as_bytes();
    if (bytes.len() > 2 && bytes[0] == b's' && bytes[1] == b'v' && bytes[2].is_ascii_uppercase())
        || name.starts_with("vpi_")
    {
        return Some(
            "the simulator defines this name (`sv` and a capital letter: svdpi.h, IEEE 1800 Annex H; `vpi_`: vpi_user.h, Annex K): a DPI-C function of that name would replace its; choose another with `name = \"...\"`",
        );
    }
    // Verilator compiles the design to C++ and refuses (warning
    // SYMRSVDWORD, on by default) a function named like the C++ modules
    // keyword.
    (name == "module").then_some(
        "Verilator refuses a DPI-C function named `module` (C++'s modules keyword, warning SYMRSVDWORD); choose another name with `name = \"...\"`",
    )
}

/// `a == b`, in `const` context (for abi-core; not a public API).
#[doc(hidden)]
pub const fn const_str_eq(a: &str, b: &str) -> bool {
    const_bytes_eq(a.as_bytes(), b.as_bytes())
}

/// `a == b` for byte strings, in `const` context.
pub(crate) const fn const_bytes_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The reserved words of IEEE 1800-2017 SystemVerilog (Annex B), sorted.
/// Every one that is a legal Rust identifier could name a parameter, a
/// function or a packed-struct field, and would make the generated package
/// fail to parse.
pub const SV_KEYWORDS: &[&str] = &[
    "accept_on",
    "alias",
    "always",
    "always_comb",
    "always_ff",
    "always_latch",
    "and",
    "assert",
    "assign",
    "assume",
    "automatic",
    "before",
    "begin",
    "bind",
    "bins",
    "binsof",
    "bit",
    "break",
    "buf",
    "bufif0",
    "bufif1",
    "byte",
    "case",
    "casex",
    "casez",
    "cell",
    "chandle",
    "checker",
    "class",
    "clocking",
    "cmos",
    "config",
    "const",
    "constraint",
    "context",
    "continue",
    "cover",
    "covergroup",
    "coverpoint",
    "cross",
    "deassign",
    "default",
    "defparam",
    "design",
    "disable",
    "dist",
    "do",
    "edge",
    "else",
    "end",
    "endcase",
    "endchecker",
    "endclass",
    "endclocking",
    "endconfig",
    "endfunction",
    "endgenerate",
    "endgroup",
    "endinterface",
    "endmodule",
    "endpackage",
    "endprimitive",
    "endprogram",
    "endproperty",
    "endsequence",
    "endspecify",
    "endtable",
    "endtask",
    "enum",
    "event",
    "eventually",
    "expect",
    "export",
    "extends",
    "extern",
    "final",
    "first_match",
    "for",
    "force",
    "foreach",
    "forever",
    "fork",
    "forkjoin",
    "function",
    "generate",
    "genvar",
    "global",
    "highz0",
    "highz1",
    "if",
    "iff",
    "ifnone",
    "ignore_bins",
    "illegal_bins",
    "implements",
    "implies",
    "import",
    "incdir",
    "include",
    "initial",
    "inout",
    "input",
    "inside",
    "instance",
    "int",
    "integer",
    "interconnect",
    "interface",
    "intersect",
    "join",
    "join_any",
    "join_none",
    "large",
    "let",
    "liblist",
    "library",
    "local",
    "localparam",
    "logic",
    "longint",
    "macromodule",
    "matches",
    "medium",
    "modport",
    "module",
    "nand",
    "negedge",
    "nettype",
    "new",
    "nexttime",
    "nmos",
    "nor",
    "noshowcancelled",
    "not",
    "notif0",
    "notif1",
    "null",
    "or",
    "output",
    "package",
    "packed",
    "parameter",
    "pmos",
    "posedge",
    "primitive",
    "priority",
    "program",
    "property",
    "protected",
    "pull0",
    "pull1",
    "pulldown",
    "pullup",
    "pulsestyle_ondetect",
    "pulsestyle_onevent",
    "pure",
    "rand",
    "randc",
    "randcase",
    "randsequence",
    "rcmos",
    "real",
    "realtime",
    "ref",
    "reg",
    "reject_on",
    "release",
    "repeat",
    "restrict",
    "return",
    "rnmos",
    "rpmos",
    "rtran",
    "rtranif0",
    "rtranif1",
    "s_always",
    "s_eventually",
    "s_nexttime",
    "s_until",
    "s_until_with",
    "scalared",
    "sequence",
    "shortint",
    "shortreal",
    "showcancelled",
    "signed",
    "small",
    "soft",
    "solve",
    "specify",
    "specparam",
    "static",
    "string",
    "strong",
    "strong0",
    "strong1",
    "struct",
    "super",
    "supply0",
    "supply1",
    "sync_accept_on",
    "sync_reject_on",
    "table",
    "tagged",
    "task",
    "this",
    "throughout",
    "time",
    "timeprecision",
    "timeunit",
    "tran",
    "tranif0",
    "tranif1",
    "tri",
    "tri0",
    "tri1",
    "triand",
    "trior",
    "trireg",
    "type",
    "typedef",
    "union",
    "unique",
    "unique0",
    "unsigned",
    "until",
    "until_with",
    "untyped",
    "use",
    "uwire",
    "var",
    "vectored",
    "virtual",
    "void",
    "wait",
    "wait_order",
    "wand",
    "weak",
    "weak0",
    "weak1",
    "while",
    "wildcard",
    "wire",
    "with",
    "within",
    "wor",
    "xnor",
    "xor",
];

/// The words that make a SystemVerilog comment a tool directive when they
/// begin its text (after any blanks), compared without case: Verilator's
/// metacomments (`// verilator lint_off`; 5.006 and 5.049 read
/// `// Verilator passes...` as the unknown metacomment
/// `/*verilator passes...*/` and stop, and `// verilator_x` as a
/// malformed one), and the synthesis and lint pragmas other tools honour
/// (`// synopsys translate_off`, `// pragma translate_off`,
/// `// synthesis ...`, `// cadence ...`, `// ambit synthesis ...`,
/// `// spyglass disable ...`, `// coverage off`, `// lint_off ...`,
/// `// translate_off`, `// rtl_synthesis off`, `// verilint ...`).
const SV_DIRECTIVE_WORDS: &[&str] = &[
    "ambit",
    "cadence",
    "coverage",
    "lint_",
    "pragma",
    "rtl_synthesis",
    "spyglass",
    "synopsys",
    "synthesis",
    "translate_",
    "verilator",
    "verilint",
];

/// The text of a `//` comment line that no tool reads as a directive:
/// `text` itself, unless its first word begins with a directive word
/// (`SV_DIRECTIVE_WORDS`, in any case), which is then preceded by `| `.
/// The generated package writes Rust doc comments through it.
pub fn sv_comment_text(text: &str) -> String {
    let first = text.trim_start();
    let directive = SV_DIRECTIVE_WORDS.iter().any(|word| {
        first
            .get(..word.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(word))
    });
    if directive {
        format!("| {text}")
    } else {
        text.to_owned()
    }
}

/// Whether `name` is a SystemVerilog keyword.
pub fn is_sv_keyword(name: &str) -> bool {
    SV_KEYWORDS.binary_search(&name).is_ok()
}

/// Whether a parameter or field name must be renamed in SystemVerilog: a
/// SystemVerilog keyword, or a C or C++ one (Verilator compiles the design
/// to C++ and warns, `SYMRSVDWORD`, on a name that is a C++ keyword).
pub fn is_sv_reserved(name: &str) -> bool {
    is_sv_keyword(name) || is_header_keyword(name)
}

/// The SystemVerilog spelling of a Rust identifier: `r#` stripped,
/// keywords of SystemVerilog, C and C++ suffixed with `_` (`begin` becomes
/// `begin_`, `class` becomes `class_`).
pub fn sv_identifier(rust: &str) -> String {
    let name = strip_raw(rust);
    if is_sv_reserved(name) {
        format!("{name}_")
    } else {
        name.to_owned()
    }
}

/// The SystemVerilog name of an imported or exported function: a keyword
/// becomes an escaped identifier (`\\begin` followed by a space), which
/// denotes the same name, so the C symbol the simulator links stays
/// `begin`. (A parameter or field name is renamed with `_` instead: it is
/// the user's to choose, and `x.begin_` reads better than `x.\\begin `.)
pub fn sv_function_name(name: &str) -> String {
    if is_sv_keyword(name) {
        format!("\\{name} ")
    } else {
        name.to_owned()
    }
}

/// Make a list of names unique. Each entry is a preferred name and whether
/// it is a name the user wrote (kept as it is: Rust already made those
/// unique) or one derived by an emitter (a keyword with `_` appended, a
/// slice's `x_len`, an out-pointer), which takes further `_`s until it
/// collides with no other name and is not a keyword of the language.
pub fn unique_names(
    wanted: impl IntoIterator<Item = (String, bool)>,
    is_keyword: impl Fn(&str) -> bool,
) -> Vec<String> {
    let wanted: Vec<(String, bool)> = wanted.into_iter().collect();
    let mut taken: Vec<String> = wanted
        .iter()
        .filter(|(_, own)| *own)
        .map(|(name, _)| name.clone())
        .collect();
    wanted
        .into_iter()
        .map(|(mut name, own)| {
            if !own {
                while taken.contains(&name) || is_keyword(&name) {
                    name.push('_');
                }
                taken.push(name.clone());
            }
            name
        })
        .collect()
}

#[cfg(test)]
mod tests {

    /// The naming rules the macros apply when they expand: a C or C++
    /// keyword is no exported symbol, and no SystemVerilog name either,
    /// which also may not be `module` (Verilator's refusal); ordinary names
    /// and the keywords of the other side only pass.
    #[test]
    fn exported_name_rules() {
        use super::{c_symbol_problem, sv_name_problem};
        for keyword in ["register", "double", "class", "template", "_Bool"] {
            assert!(c_symbol_problem(keyword).is_some(), "{keyword}");
            assert!(sv_name_problem(keyword).is_some(), "{keyword}");
        }
        assert!(c_symbol_problem("module").is_none());
        assert!(sv_name_problem("module").unwrap().contains("SYMRSVDWORD"));
        for name in ["add", "logic", "my_module", "Register"] {
            assert_eq!(c_symbol_problem(name), None, "{name}");
            assert_eq!(sv_name_problem(name), None, "{name}");
        }
        // What C reserves for its library and runtime, in both; the
        // simulator's own names in SystemVerilog's only.
        for reserved in [
            "malloc",
            "free",
            "memcpy",
            "memset",
            "strlen",
            "printf",
            "exit",
            "abort",
            "errno",
            "sqrt",
            "sqrtf",
            "sqrtl",
            "cabsf",
            "modff",
            "ceill",
            "__udivti3",
            "__rust_alloc",
            "_Unwind_Resume",
            "_Exit",
            "thrd_create",
            "time",
        ] {
            assert!(
                c_symbol_problem(reserved).unwrap().contains("7.1.3"),
                "{reserved}"
            );
            assert!(
                sv_name_problem(reserved).unwrap().contains("7.1.3"),
                "{reserved}"
            );
            assert!(super::is_reserved_c_symbol(reserved), "{reserved}");
        }
        for simulator in ["svGetScope", "svPutUserData", "vpi_get_value"] {
            assert_eq!(c_symbol_problem(simulator), None, "{simulator}");
            assert!(
                sv_name_problem(simulator).unwrap().contains("Annex H"),
                "{simulator}"
            );
        }
        // Near misses stay free: C17's future library directions (`str`,
        // `is`, `to` and a lowercase letter) are not reserved by C23, a
        // single leading underscore before a lowercase letter is the
        // program's (MLIR's `_mlir_ciface_`), and a math name's suffix
        // applies to math names only.
        for free in [
            "total",
            "store",
            "isready",
            "memo",
            "_mlir_ciface_f",
            "_x",
            "ceilf_x",
            "addf",
            "divl",
            "mallocf",
            "sv",
            "svc",
            "svelte",
            "vpi",
        ] {
            assert_eq!(c_symbol_problem(free), None, "{free}");
            assert_eq!(sv_name_problem(free), None, "{free}");
        }
    }

    /// A doc line that begins with a tool's directive word, in any case and
    /// after blanks, is preceded by `| `; other lines are kept.
    #[test]
    fn comment_lines_are_no_directives() {
        for line in [
            "Verilator passes this",
            "verilator lint_off WIDTH",
            "  VERILATOR_x",
            "synopsys translate_off",
            "Synthesis off",
            "pragma translate_off",
            "cadence x",
            "ambit synthesis off",
            "coverage off",
            "lint_off",
            "translate_off",
            "spyglass disable",
        ] {
            assert_eq!(sv_comment_text(line), format!("| {line}"), "{line}");
        }
        for line in [
            "Adds two numbers.",
            "(Verilator passes)",
            "A verilator note",
            "",
        ] {
            assert_eq!(sv_comment_text(line), line);
        }
    }

    use super::*;

    #[test]
    fn c_identifiers() {
        assert!(is_c_identifier("abi_add"));
        assert!(is_c_identifier("_x1"));
        assert!(!is_c_identifier(""));
        assert!(!is_c_identifier("1x"));
        assert!(!is_c_identifier("a-b"));
        assert!(!is_c_identifier("int"));
        assert!(!is_c_identifier("struct"));
        assert!(!is_c_identifier("é"));
        assert!(has_c_spelling("int") && !has_c_spelling("9a") && !has_c_spelling(""));
        assert!(is_sv_simple_identifier("a$b") && is_sv_simple_identifier("_x"));
        assert!(!is_sv_simple_identifier("$a") && !is_sv_simple_identifier("1a"));
        assert_eq!(ciface_symbol("matmul"), "_mlir_ciface_matmul");
        assert_eq!(c_identifier("r#type"), "type");
        assert_eq!(c_identifier("int"), "int_");
        assert_eq!(c_identifier("len"), "len");
        assert_eq!(c_identifier("class"), "class_");
        assert_eq!(c_identifier("r#virtual"), "virtual_");
        assert!(!is_c_identifier("new") && is_cpp_only_keyword("xor_eq"));
        assert!(!is_cpp_only_keyword("int") && is_header_keyword("int"));
        assert!(is_c_keyword("_Static_assert") && is_c_keyword("do"));
        assert!(!is_c_keyword("dot") && !is_c_keyword("d") && !is_c_keyword(""));
    }

    #[test]
    fn sv_names() {
        assert!(
            SV_KEYWORDS.windows(2).all(|w| w[0] < w[1]),
            "sorted for binary search"
        );
        assert_eq!(SV_KEYWORDS.len(), 248);
        for keyword in [
            "begin", "end", "table", "this", "new", "null", "wait", "fork", "type", "assign",
        ] {
            assert_eq!(sv_identifier(keyword), format!("{keyword}_"));
        }
        assert_eq!(sv_identifier("r#type"), "type_");
        assert_eq!(sv_identifier("beginning"), "beginning");
        assert_eq!(sv_function_name("wait"), "\\wait ");
        assert_eq!(sv_function_name("waiter"), "waiter");
    }

    #[test]
    fn derived_names_yield_to_written_ones() {
        let names = unique_names(
            [
                ("x".to_owned(), true),
                ("x_len".to_owned(), false),
                ("x_len".to_owned(), true),
                ("int_".to_owned(), false),
                ("int_".to_owned(), true),
            ],
            is_c_keyword,
        );
        assert_eq!(names, ["x", "x_len_", "x_len", "int__", "int_"]);
    }
}
