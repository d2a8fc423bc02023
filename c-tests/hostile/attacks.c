/*
 * A hostile C caller with its own `main`: every attack calls a generated
 * entry point of the c-tests library the way a careless or malicious C
 * program can, and says what must happen. The runner
 * (`c-tests/tests/hostile_callers.rs`) lists the attacks with `--list`,
 * runs each in its own process (natively, then under valgrind memcheck)
 * and checks the outcome:
 *
 *   value N          the call returned, and the attack observed N
 *   abort A|B|...    the process died of SIGABRT and stderr holds every
 *                    `|`-separated fragment (the function, the argument)
 *
 * The bad data is what a C program can build (a NULL, a misaligned address
 * inside a real buffer, a length that lies, a byte pattern stored through
 * `unsigned char *`); the library must turn it into a defined outcome. One
 * attack calls through a cast function type on purpose: that is what a
 * caller compiled without the extension attributes (CIRCT's arcilator)
 * does at the ABI level.
 */
#include "c_tests_exports.h"
#include "c_tests_mlir.h"
#include "c_tests_bitint.h"
#include "abi_dpi.h"

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef long long (*attack_fn)(void);

typedef struct {
    const char *name;
    const char *expect;
    attack_fn run;
} Attack;

/* Storage with room to build misaligned pointers inside a real object. */
static _Alignas(16) unsigned char scratch[256];

/* ---- panics ------------------------------------------------------------ */

static long long panic_without_status(void) { return ct_always_panics(7); }

static long long panic_with_status(void) {
    int32_t out = 0;
    return ct_sqrt_or_panic(-4, &out);
}

/* stderr is a pipe whose reader has gone: the report must not kill the
 * process (SIGPIPE) nor change the status. */
static void break_stderr_pipe(void) {
    int fds[2];
    if (pipe(fds) != 0) abort();
    close(fds[0]);
    dup2(fds[1], 2);
    close(fds[1]);
}

static long long bad_utf8_with_broken_stderr(void) {
    int32_t out = 0;
    break_stderr_pipe();
    return ct_parse_i32("\xff\xfe", 2, &out);
}

static long long null_out_with_broken_stderr(void) {
    break_stderr_pipe();
    return ct_checked_div(6, 3, NULL);
}

static long long panic_with_broken_stderr(void) {
    int32_t out = 0;
    break_stderr_pipe();
    return ct_sqrt_or_panic(-9, &out);
}

static long long bad_utf8_with_closed_stderr(void) {
    int32_t out = 0;
    close(2);
    return ct_parse_i32("\xc0\x80", 2, &out);
}

static long long panic_with_closed_stderr(void) {
    close(2);
    int32_t out = 0;
    return ct_sqrt_or_panic(-1, &out);
}

/* ---- out-pointers of Result functions ---------------------------------- */

static long long null_out_pointer(void) { return ct_checked_div(6, 3, NULL); }

static long long misaligned_out_pointer(void) {
    return ct_checked_div(6, 3, (int32_t *)(scratch + 1));
}

static long long null_struct_out_pointer(void) {
    Point p = {1.0, 2.0};
    return ct_scaled_point(&p, 2.0, NULL);
}

static long long null_struct_argument_with_status(void) {
    Point out;
    return ct_scaled_point(NULL, 2.0, &out);
}

/* ---- strings ----------------------------------------------------------- */

static long long invalid_utf8_status(void) {
    int32_t out = 0;
    return ct_parse_i32("1\xff", 2, &out);
}

static long long overlong_utf8_status(void) {
    int32_t out = 0;
    return ct_parse_i32("\xc0\xb1", 2, &out); /* overlong '1' */
}

static long long surrogate_utf8_status(void) {
    int32_t out = 0;
    return ct_parse_i32("\xed\xa0\x80", 3, &out); /* U+D800 */
}

static long long truncated_utf8_status(void) {
    int32_t out = 0;
    return ct_parse_i32("\xe2\x82", 2, &out);
}

static long long null_text_with_length_status(void) {
    int32_t out = 0;
    return ct_parse_i32(NULL, 3, &out);
}

static long long null_text_empty_is_empty(void) {
    return (long long)ct_count_chars(NULL, 0);
}

static long long interior_nul_counts(void) {
    return (long long)ct_count_chars("a\0b", 3);
}

static long long invalid_utf8_aborts(void) {
    return (long long)ct_count_chars("ok\x80", 3);
}

static long long huge_text_length_aborts(void) {
    return (long long)ct_count_chars("x", SIZE_MAX);
}

static long long null_cstr_aborts(void) { return (long long)ct_cstr_len(NULL); }

static long long null_optional_cstr(void) { return ct_cstr_len_or_minus_one(NULL); }

static long long cstr_non_utf8_is_bytes(void) {
    return (long long)ct_cstr_len("\xff\xfe");
}

/* ---- slices ------------------------------------------------------------ */

static long long null_slice_with_length_aborts(void) {
    return ct_sum_i32(NULL, 4);
}

static long long null_slice_empty(void) { return ct_sum_i32(NULL, 0); }

static long long dangling_slice_empty(void) {
    return ct_sum_i32((const int32_t *)(scratch + 1), 0);
}

static long long misaligned_slice_aborts(void) {
    return ct_sum_i32((const int32_t *)(scratch + 2), 1);
}

static long long slice_length_overflow_aborts(void) {
    return ct_sum_i32((const int32_t *)scratch, SIZE_MAX / 2);
}

static long long slice_wraps_address_space_aborts(void) {
    /* Aligned, non-NULL, length below isize::MAX bytes, but the range
     * runs past the end of the address space. */
    return ct_sum_i32((const int32_t *)(uintptr_t)(UINTPTR_MAX - 15), 8);
}

static long long null_mut_slice_aborts(void) { return (long long)ct_fill(NULL, 4, 1); }

static long long misaligned_double_slice_aborts(void) {
    return (long long)(ct_sum_f64((const double *)(scratch + 4), 2) * 0);
}

/* ---- references -------------------------------------------------------- */

static long long null_reference_aborts(void) { return ct_ref_read(NULL); }

static long long misaligned_reference_aborts(void) {
    return ct_ref_read((const int64_t *)(scratch + 4));
}

static long long null_mut_reference_aborts(void) {
    ct_ref_increment(NULL);
    return 0;
}

static long long null_optional_reference(void) { return ct_option_read(NULL, -9); }

static long long misaligned_optional_reference_aborts(void) {
    return ct_option_read((const int32_t *)(scratch + 1), 0);
}

static long long null_optional_mut_reference(void) { return ct_option_store(NULL, 5); }

static long long null_struct_reference_aborts(void) {
    return (long long)ct_rect_area(NULL);
}

static long long misaligned_struct_reference_aborts(void) {
    return (long long)ct_rect_area((const Rect *)(scratch + 8 + 4));
}

static long long null_array_reference_aborts(void) { return ct_array_sum(NULL); }

static long long null_packed_view_aborts(void) { return ct_packed_payload_sign(NULL); }

static long long null_packed_mut_view_aborts(void) { return ct_packed_float_negate(NULL); }

/* ---- C bool behind pointers (any byte: non-zero is true) ---------------- */

static long long bool_byte_two_in_struct(void) {
    Record a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    a.id = b.id = 3;
    a.value = b.value = 99;
    unsigned char two = 2, one = 1;
    memcpy(&a.flag, &two, 1);
    memcpy(&b.flag, &one, 1);
    /* Same checksum: the byte 2 reads as true, like 1. */
    return ct_record_checksum(&a) == ct_record_checksum(&b);
}

static long long bool_bytes_in_slice(void) {
    unsigned char bytes[5] = {0, 1, 2, 0x80, 0xff};
    bool flags[5];
    memcpy(flags, bytes, sizeof bytes);
    return (long long)ct_count_true(flags, 5);
}

static long long bool_byte_behind_reference(void) {
    unsigned char byte = 0x42;
    bool flag;
    memcpy(&flag, &byte, 1);
    return ct_read_flag(&flag);
}

static long long bool_by_value_any_byte(void) {
    /* By value through the declared `bool` type: C converts, so this is
     * the well-defined way; a caller storing 2 goes through memory above. */
    return ct_xor(true, false);
}

/* ---- overlapping arguments --------------------------------------------- */

static long long overlapping_slices_abort(void) {
    int32_t buf[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    return (long long)ct_copy_into(buf, 8, buf + 2, 4);
}

static long long disjoint_slices_copy(void) {
    int32_t buf[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    size_t n = ct_copy_into(buf, 4, buf + 4, 4);
    return (long long)n * 100 + buf[0];
}

static long long same_object_twice_aborts(void) {
    int64_t x = 5;
    ct_add_assign(&x, &x);
    return x;
}

static long long adjacent_objects_are_fine(void) {
    int64_t pair[2] = {5, 6};
    ct_add_assign(&pair[0], &pair[1]);
    return pair[0];
}

static long long overlapping_with_status(void) {
    uint32_t x = 1;
    return ct_checked_swap(&x, &x);
}

static long long shared_slices_may_overlap(void) {
    /* Two shared borrows of one buffer are fine. */
    uint32_t xs[3] = {4, 9, 2};
    const uint32_t *max = ct_max_element(xs, 3);
    return max ? (long long)*max : -1;
}

/* A packed value by value is read through its pointer: inside the `&mut`
 * buffer beside it, the shim would read bytes a `&mut` covers. */
static long long packed_value_inside_mut_buffer_aborts(void) {
    uint8_t buf[8] = {0, 0, 0x80, 0x3f, 0, 0, 0, 0}; /* 1.0f from byte 0 */
    return (long long)ct_store_float(buf, 8, buf + 2);
}

static long long packed_value_beside_mut_buffer(void) {
    uint8_t buf[8] = {0, 0, 0x80, 0x3f, 0, 0, 0, 0};
    size_t n = ct_store_float(buf + 4, 4, buf);
    return (long long)n * 1000 + buf[7];
}

static long long cstr_inside_mut_buffer_aborts(void) {
    char buf[8] = "abcdef";
    return (long long)ct_copy_cstr_into((uint8_t *)buf + 4, 4, buf);
}

/* ---- panics that Rust aborts for itself -------------------------------- */

/* A destructor panics while the first panic unwinds: Rust aborts before
 * the shim sees the panic; the report must still name the function. */
static long long panic_while_unwinding_aborts(void) {
    return ct_panics_while_unwinding(3);
}

static long long status_panic_while_unwinding_aborts(void) {
    int32_t out = 0;
    return ct_status_panics_while_unwinding(4, &out);
}

/* ---- memref descriptors ------------------------------------------------ */

static float floats[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

static MemRef1D_f32 good_1d(int64_t n) {
    MemRef1D_f32 m = {floats, floats, 0, {n}, {1}};
    return m;
}

static long long memref_null_descriptor_aborts(void) {
    _mlir_ciface_rust_scale(NULL, 2.0f);
    return 0;
}

static long long memref_negative_size_aborts(void) {
    MemRef1D_f32 m = good_1d(-1);
    _mlir_ciface_rust_scale(&m, 2.0f);
    return 0;
}

static long long memref_negative_stride_aborts(void) {
    MemRef1D_f32 m = good_1d(4);
    m.strides[0] = -1;
    _mlir_ciface_rust_scale(&m, 2.0f);
    return 0;
}

static long long memref_size_stride_overflow_aborts(void) {
    MemRef1D_f32 m = good_1d(4);
    m.strides[0] = INT64_MAX / 2;
    _mlir_ciface_rust_scale(&m, 2.0f);
    return 0;
}

static long long memref_offset_overflow_aborts(void) {
    MemRef1D_f32 m = good_1d(4);
    m.offset = INT64_MAX;
    _mlir_ciface_rust_scale(&m, 2.0f);
    return 0;
}

static long long memref_negative_offset_aborts(void) {
    MemRef1D_f32 m = good_1d(4);
    m.offset = -1;
    _mlir_ciface_rust_scale(&m, 2.0f);
    return 0;
}

static long long memref_null_aligned_aborts(void) {
    MemRef1D_f32 m = good_1d(4);
    m.aligned = NULL;
    _mlir_ciface_rust_scale(&m, 2.0f);
    return 0;
}

static long long memref_misaligned_data_aborts(void) {
    MemRef1D_f32 m = good_1d(2);
    m.aligned = (float *)(scratch + 2);
    _mlir_ciface_rust_scale(&m, 2.0f);
    return 0;
}

static long long memref_misaligned_descriptor_aborts(void) {
    MemRef1D_f32 m = good_1d(2);
    memcpy(scratch + 4, &m, sizeof m);
    _mlir_ciface_rust_scale((MemRef1D_f32 *)(scratch + 4), 2.0f);
    return 0;
}

static long long memref_zero_stride_mutable_aborts(void) {
    /* Every element is the same float: a mutable view would hand out
     * aliasing `&mut`. */
    MemRef1D_f32 m = good_1d(4);
    m.strides[0] = 0;
    _mlir_ciface_rust_scale(&m, 2.0f);
    return 0;
}

static long long memref_empty_null_data(void) {
    MemRef1D_f32 m = {NULL, NULL, 0, {0}, {1}};
    _mlir_ciface_rust_scale(&m, 2.0f);
    return 1;
}

static long long memref_static_shape_mismatch_aborts(void) {
    int32_t data[24] = {0};
    MemRef3D_i32 m = {data, data, 0, {2, 3, 5}, {15, 5, 1}};
    return _mlir_ciface_rust_sum_static(&m);
}

static long long memref_good_scale(void) {
    float v[3] = {1, 2, 3};
    MemRef1D_f32 m = {v, v, 0, {3}, {1}};
    _mlir_ciface_rust_scale(&m, 2.0f);
    return (long long)(v[0] + v[1] + v[2]);
}

static long long memref_same_buffer_twice_aborts(void) {
    float v[4] = {1, 2, 3, 4};
    MemRef1D_f32 m = {v, v, 0, {4}, {1}};
    _mlir_ciface_rust_axpy(&m, &m, 1.0f);
    return 0;
}

static long long memref_overlapping_views_abort(void) {
    float v[8] = {0};
    MemRef1D_f32 y = {v, v, 0, {4}, {1}};
    MemRef1D_f32 x = {v + 3, v + 3, 0, {4}, {1}};
    _mlir_ciface_rust_axpy(&y, &x, 1.0f);
    return 0;
}

static long long memref_disjoint_views(void) {
    float v[8] = {1, 1, 1, 1, 1, 2, 3, 4};
    MemRef1D_f32 y = {v, v, 0, {4}, {1}};
    MemRef1D_f32 x = {v + 4, v + 4, 0, {4}, {1}};
    _mlir_ciface_rust_axpy(&y, &x, 1.0f);
    return (long long)(v[0] + v[1] + v[2] + v[3]);
}

static long long unranked_null_aborts(void) { return _mlir_ciface_rust_rank(NULL); }

static long long unranked_null_descriptor_aborts(void) {
    UnrankedMemRef u = {1, NULL};
    return _mlir_ciface_rust_rank(&u);
}

static long long unranked_negative_rank_aborts(void) {
    MemRef1D_f32 m = good_1d(3);
    UnrankedMemRef u = {-1, &m};
    return _mlir_ciface_rust_rank(&u);
}

static long long unranked_huge_rank_aborts(void) {
    MemRef1D_f32 m = good_1d(3);
    UnrankedMemRef u = {1000, &m};
    return _mlir_ciface_rust_rank(&u);
}

static long long unranked_misaligned_descriptor(void) {
    /* The sizes are read unaligned: rank 1, first size 3. */
    MemRef1D_f32 m = good_1d(3);
    memcpy(scratch + 4, &m, sizeof m);
    UnrankedMemRef u = {1, scratch + 4};
    return _mlir_ciface_rust_rank(&u);
}

static long long result_null_out_pointer_aborts(void) {
    _mlir_ciface_rust_iota(NULL, 3);
    return 0;
}

static long long result_misaligned_out_pointer_aborts(void) {
    _mlir_ciface_rust_iota((MemRef1D_f32 *)(scratch + 4), 3);
    return 0;
}

/* ---- DPI-C imports called from C ----------------------------------------- */

static long long dpi_null_output_aborts(void) { return dpi_bytes(1, 2, NULL); }

static long long dpi_misaligned_output_aborts(void) {
    return dpi_bytes(1, 2, (short *)(scratch + 1));
}

static long long dpi_null_inout_aborts(void) {
    int b = 0;
    dpi_swap(NULL, &b);
    return 0;
}

static long long dpi_bit_any_byte(void) {
    svBit both = 0;
    /* svBit is an unsigned char: only the low bit counts. */
    return dpi_bits(2, 1, &both) * 10 + both; /* 2 reads as 0 */
}

static long long dpi_forged_chandle(void) {
    return dpi_acc_add((void *)(uintptr_t)0x1234567, 1);
}

static long long dpi_null_chandle(void) { return dpi_acc_add(NULL, 1); }

static long long dpi_double_free_chandle(void) {
    void *h = dpi_acc_new(5);
    long long first = dpi_acc_free(h);
    long long second = dpi_acc_free(h);
    return first * 100 + second;
}

static long long dpi_freed_chandle_use(void) {
    void *h = dpi_acc_new(5);
    dpi_acc_free(h);
    return dpi_acc_add(h, 1);
}

static long long dpi_panic_reported(void) { return dpi_panics(3); }
/* typedef enum values that are no label: an input (opcode 3, in a packed
 * base) and an inout (an int base) abort naming the argument. */
static long long dpi_enum_input_not_a_label_aborts(void) {
    const svBitVecVal op = 3;
    return dpi_alu(&op, 1, 2);
}
static long long dpi_enum_inout_not_a_label_aborts(void) {
    int state = 7;
    return dpi_bus_step(&state, 1);
}
/* An inout string whose cell holds NULL reads as empty. */
static long long dpi_string_inout_null_cell(void) {
    const char *text = NULL;
    dpi_string_append(&text, "xyz");
    return (long long)strlen(text);
}
static long long dpi_string_inout_null_pointer_aborts(void) {
    dpi_string_append(NULL, "xyz");
    return 0;
}
/* A 4-state struct with X in `valid`, Z in data bit 2, X in the 2-state
 * `parity` (reads as 0) and delta = -2: 1000*3 + 100*1 + 0 + 6. */
static long long dpi_four_state_struct_unknowns(void) {
    svLogicVecVal sample;
    sample.aval = 1u << 13 | (0xA5u & ~0x4u) << 5 | 1u << 4 | 0xEu;
    sample.bval = 1u << 13 | 1u << 7 | 1u << 4 | 0xFFFFC000u; /* and garbage above bit 13 */
    return dpi_bus_sample_unknowns(&sample);
}
static long long dpi_four_state_struct_null_aborts(void) { return dpi_bus_sample_unknowns(NULL); }
static long long dpi_enum_dirty_bits_above_base(void) {
    const svBitVecVal op = 0xFFFFFFF8u | 5u; /* bits above [2:0] are not the value's */
    return dpi_alu(&op, 6, 3);
}

/* ---- _BitInt values C left dirty ----------------------------------------- */

static long long bitint_dirty_u24_argument(void) {
    /* C passes an `unsigned _BitInt(24)` in a 32-bit register, extended;
     * a caller that did not extend (through a cast function type) leaves
     * the top byte dirty. */
    uint32_t (*add)(uint32_t, uint32_t) = (uint32_t (*)(uint32_t, uint32_t))(void (*)(void))rt_add_u24;
    return add(0xff000001u, 1u) & 0xffffffu;
}

/* ---- narrow integers from a caller that does not extend them ------------- */
/* C requires the caller to pass `uint16_t`/`int8_t`/`bool` extended, but a
 * caller compiled without extension attributes (CIRCT's arcilator declares
 * `i8` parameters without `signext`) leaves garbage above the value. The
 * shim must read only the value's own bits. */

static long long narrow_u16_upper_garbage(void) {
    uint64_t (*widen)(uint32_t) = (uint64_t (*)(uint32_t))(void (*)(void))ct_widen_u16;
    return (long long)widen(0xabcd0005u);
}

static long long narrow_i8_upper_garbage(void) {
    int64_t (*widen)(uint32_t) = (int64_t (*)(uint32_t))(void (*)(void))ct_widen_i8;
    return widen(0x123456ffu); /* the byte 0xff is -1 */
}

static long long narrow_bool_upper_garbage(void) {
    bool (*xor_)(uint32_t, uint32_t) = (bool (*)(uint32_t, uint32_t))(void (*)(void))ct_xor;
    return xor_(0x100u, 0u); /* the byte is 0: false ^ false */
}

static long long narrow_dpi_byte_upper_garbage(void) {
    short sum = 0;
    unsigned char (*bytes)(uint32_t, uint32_t, short *) =
        (unsigned char (*)(uint32_t, uint32_t, short *))(void (*)(void))dpi_bytes;
    unsigned char r = bytes(0x7700ff01u, 0x66000002u, &sum); /* a = 1, b = 2 */
    return r * 1000 + sum;
}

static long long narrow_bitint_upper_garbage(void) {
    /* `unsigned _BitInt(2)` in an 8-bit storage: 0xffffff01 + 0x7f00ff01,
     * whose own two bits are 1 and 1. */
    uint32_t (*add)(uint32_t, uint32_t) = (uint32_t (*)(uint32_t, uint32_t))(void (*)(void))rt_add_u2;
    return add(0xffffff01u, 0x7f00ff01u) & 0xffu;
}

/* ---- parameter names the header had to make unique ---------------------- */

static long long names_len_collision(void) {
    const uint8_t bytes[3] = {1, 2, 3};
    return (long long)ct_len_collision(bytes, 3, 7);
}

static long long names_keyword_collision(void) { return ct_keyword_collision(2, 5); }

static long long names_out_collision(void) {
    const int32_t xs[2] = {0, 0};
    int32_t result = 0;
    int32_t status = ct_out_collision(1, xs, 2, &result);
    return status * 100 + result;
}


/* ---- more of every kind (each a process of its own) ---------------------- */

typedef uint32_t (*u32_u32_u32)(uint32_t, uint32_t);
#define GARBAGE_CALL(fn, a, b) ((u32_u32_u32)(void (*)(void))(fn))((a), (b))

static long long garbage_add_u8(void) { return GARBAGE_CALL(ct_add_u8, 0xabcd00feu, 0x11110001u) & 0xffu; }
static long long garbage_add_i8(void) { return (int8_t)(GARBAGE_CALL(ct_add_i8, 0xffffff7fu, 0x00000001u) & 0xffu); }
static long long garbage_add_u16(void) { return GARBAGE_CALL(ct_add_u16, 0xdead0001u, 0xbeef0002u) & 0xffffu; }
static long long garbage_add_i16(void) { return (int16_t)(GARBAGE_CALL(ct_add_i16, 0x1234ffffu, 0x00000001u) & 0xffffu); }
static long long garbage_widen_i8_min(void) {
    int64_t (*widen)(uint32_t) = (int64_t (*)(uint32_t))(void (*)(void))ct_widen_i8;
    return widen(0xffffff80u & 0x0f0f0f80u);
}
static long long raw_null_is_the_function_s_business(void) { return ct_raw_read(NULL); }
static long long optional_cstr_present(void) { return ct_cstr_len_or_minus_one("abc"); }
static long long utf8_two_byte_char(void) { return (long long)ct_count_chars("\xc3\xa9", 2); }
static long long max_element_of_nothing(void) { return ct_max_element(NULL, 0) == NULL; }
static long long fill_nothing_through_null(void) { return (long long)ct_fill(NULL, 0, 7); }
static long long division_error_code(void) { int32_t out = 0; return ct_checked_div(1, 0, &out); }
static long long odd_error_code(void) { return ct_require_even(3); }
static long long parse_empty_error_code(void) { int32_t out = 0; return ct_parse_i32("  ", 2, &out); }
static long long parse_overflow_error_code(void) { int32_t out = 0; return ct_parse_i32("99999999999", 11, &out); }
static long long null_reference_with_status(void) { int32_t out = 0; return ct_double_into(NULL, &out); }
static long long misaligned_reference_with_status(void) {
    int32_t out = 0;
    return ct_double_into((const int32_t *)(scratch + 2), &out);
}
static long long null_out_after_reference(void) { int32_t x = 4; return ct_double_into(&x, NULL); }
static long long misaligned_struct_with_status(void) {
    Point out;
    return ct_scaled_point((const Point *)(scratch + 4), 2.0, &out);
}
static long long empty_overlap_is_no_overlap(void) {
    int32_t buf[4] = {1, 2, 3, 4};
    return (long long)ct_copy_into(buf, 0, buf, 4);
}
static long long exact_same_slices_abort(void) {
    int32_t buf[4] = {1, 2, 3, 4};
    return (long long)ct_copy_into(buf, 4, buf, 4);
}
static long long one_element_overlap_aborts(void) {
    int32_t buf[8] = {0};
    return (long long)ct_copy_into(buf, 4, buf + 3, 4);
}
static long long pick_mut_same_object_aborts(void) {
    int32_t a = 1;
    return *ct_pick_mut(&a, &a, true);
}
static long long null_rect_grow_aborts(void) { ct_rect_grow(NULL, 1.0); return 0; }
static long long misaligned_rect_grow_aborts(void) { ct_rect_grow((Rect *)(scratch + 4), 1.0); return 0; }
static long long null_record_list(void) { return (long long)ct_record_checksum(NULL); }
static long long null_flags_with_length_aborts(void) { return (long long)ct_count_true(NULL, 3); }
static long long null_flags_empty(void) { return (long long)ct_count_true(NULL, 0); }
static long long null_flag_reference_aborts(void) { return ct_read_flag(NULL); }
static long long null_points_aborts(void) { Point p = ct_centroid(NULL, 2); return (long long)p.x; }
static long long null_doubles_empty(void) { return (long long)ct_sum_f64(NULL, 0); }
static long long misaligned_u32_slice_aborts(void) { return ct_max_element((const uint32_t *)(scratch + 1), 1) != NULL; }
static long long first_mut_too_long_aborts(void) {
    int32_t xs[2] = {1, 2};
    return ct_first_mut(xs, SIZE_MAX / 2) != NULL;
}
static long long memref_2d_negative_size_aborts(void) {
    MemRef2D_f32 m = {floats, floats, 0, {2, -2}, {2, 1}};
    return (long long)_mlir_ciface_rust_sum_2d(&m);
}
static long long memref_2d_not_identity_aborts(void) {
    MemRef2D_f32 m = {floats, floats, 0, {2, 2}, {1, 2}}; /* transposed */
    return (long long)_mlir_ciface_rust_sum_2d(&m);
}
static long long memref_2d_huge_sizes_abort(void) {
    MemRef2D_f32 m = {floats, floats, 0, {INT64_MAX, INT64_MAX}, {1, 1}};
    return (long long)_mlir_ciface_rust_sum_2d(&m);
}
static long long memref_2d_empty_null(void) {
    MemRef2D_f32 m = {NULL, NULL, 0, {0, 5}, {5, 1}};
    return (long long)_mlir_ciface_rust_sum_2d(&m);
}
static long long memref_2d_good(void) {
    MemRef2D_f32 m = {floats, floats, 0, {2, 3}, {3, 1}};
    return (long long)_mlir_ciface_rust_sum_2d(&m);
}
static long long memref_0d_null_aborts(void) { return (long long)_mlir_ciface_rust_read_0d(NULL); }
static long long memref_0d_good(void) {
    double x = 21.0;
    MemRef0D_f64 m = {&x, &x, 0};
    return (long long)_mlir_ciface_rust_read_0d(&m);
}
static long long memref_0d_null_aligned_aborts(void) {
    MemRef0D_f64 m = {NULL, NULL, 0};
    return (long long)_mlir_ciface_rust_read_0d(&m);
}
static long long memref_strided_negative_stride(void) {
    /* memref<?xf32, strided<[?], offset: ?>>: a reversed view is legal. */
    MemRef1D_f32 m = {floats, floats, 3, {4}, {-1}};
    return (long long)_mlir_ciface_rust_weighted(&m); /* 4*1 + 3*2 + 2*3 + 1*4 */
}
static long long memref_strided_offset_before_start_aborts(void) {
    MemRef1D_f32 m = {floats, floats, 1, {4}, {-1}}; /* would reach index -2 */
    return (long long)_mlir_ciface_rust_weighted(&m);
}
static long long memref_shared_twice_is_fine(void) {
    double v[3] = {1, 2, 3};
    MemRef1D_f64 m = {v, v, 0, {3}, {1}};
    return (long long)_mlir_ciface_rust_expanded_dot(&m, &m);
}
static long long memref_bf16_null_aborts(void) { return (long long)_mlir_ciface_rust_sum_bf16(NULL); }
static long long memref_static_good(void) {
    int32_t data[24];
    for (int i = 0; i < 24; i++) data[i] = 1;
    MemRef3D_i32 m = {data, data, 0, {2, 3, 4}, {12, 4, 1}};
    return _mlir_ciface_rust_sum_static(&m);
}
static long long memref_static_wrong_strides_aborts(void) {
    int32_t data[48] = {0};
    MemRef3D_i32 m = {data, data, 0, {2, 3, 4}, {24, 8, 2}};
    return _mlir_ciface_rust_sum_static(&m);
}
static long long unranked_rank_three(void) {
    MemRef3D_i32 m = {NULL, NULL, 0, {4, 0, 2}, {0, 2, 1}};
    UnrankedMemRef u = {3, &m};
    return _mlir_ciface_rust_rank(&u);
}
static long long unranked_result_null_out_aborts(void) { _mlir_ciface_rust_unranked_iota(NULL, 2); return 0; }
static long long pair_result_null_out_aborts(void) { _mlir_ciface_rust_pair(NULL, 2); return 0; }
static long long scalar_pair_null_out_aborts(void) { _mlir_ciface_rust_div_mod(NULL, 1, 2.0); return 0; }
static long long negative_length_result_is_empty(void) {
    MemRef1D_f32 r;
    _mlir_ciface_rust_iota(&r, -5);
    long long size = r.sizes[0];
    free(r.allocated);
    return size;
}
static long long dpi_null_short_output_aborts(void) { return dpi_shortints(1, 2, NULL); }
static long long dpi_null_shortreal_output_aborts(void) {
    double d = 1.0;
    return (long long)dpi_shortreal(1.0, NULL, &d);
}
static long long dpi_same_cell_twice(void) {
    int a = 5;
    dpi_swap(&a, &a); /* copied into cells: defined, a stays 5 */
    return a;
}
static long long dpi_task_null_output_aborts(void) { return dpi_accumulate(1, NULL); }
static long long dpi_null_vector_input_aborts(void) {
    svBitVecVal out[2];
    dpi_inc33(NULL, out);
    return 0;
}
static long long dpi_null_vector_output_aborts(void) {
    svBitVecVal in[2] = {1, 0};
    dpi_inc33(in, NULL);
    return 0;
}
static long long dpi_misaligned_vector_input_aborts(void) {
    svBitVecVal out[2];
    dpi_inc33((const svBitVecVal *)(scratch + 1), out);
    return 0;
}
static long long dpi_null_inout_vector_aborts(void) { dpi_mark70(NULL); return 0; }
static long long dpi_null_string_aborts(void) { return dpi_string_length(NULL); }
static long long dpi_string_good(void) { return dpi_string_length("abc"); }
static long long dpi_logic_any_byte(void) { return dpi_logic_and(0xfd, 0x05); /* 1 & 1 */ }
static long long dpi_null_chandle_output_aborts(void) { dpi_acc_new_into(1, NULL); return 0; }
static long long dpi_null_logic_input_aborts(void) {
    svLogicVecVal out;
    return dpi_invert12(NULL, &out);
}
static long long dpi_null_unpacked_input_aborts(void) {
    int out[4];
    return dpi_reverse4(NULL, out);
}
static long long dpi_null_unpacked_output_aborts(void) {
    int in[4] = {1, 2, 3, 4};
    return dpi_reverse4(in, NULL);
}
static long long dpi_null_flags_aborts(void) { return dpi_count_flags(NULL); }
static long long dpi_flags_any_bytes(void) {
    svBit f[5] = {1, 2, 3, 0xff, 0};
    return dpi_count_flags(f); /* odd bytes are 1 */
}
static long long dpi_null_matrix_aborts(void) { return dpi_weigh_2x3(NULL); }
static long long dpi_keyword_names_null_inout_aborts(void) { return table(1, 2, NULL); }
static long long dpi_keyword_names_good(void) { int t = 1; return table(3, 10, &t) * 10 + t; }
static long long dpi_wrong_typed_chandle(void) {
    /* A handle made by `dpi_acc_new`, used as another type by no import
     * here; a forged small number is unknown. */
    return dpi_acc_free((void *)(uintptr_t)1);
}

static const Attack ATTACKS[] = {
#define A(name, expect) {#name, expect, name}
    A(panic_without_status, "abort deliberate panic with code 7|ct_always_panics` (C symbol `ct_always_panics`) panicked"),
    A(panic_with_status, "value -1"),
    A(bad_utf8_with_broken_stderr, "value -3"),
    A(null_out_with_broken_stderr, "value -2"),
    A(panic_with_broken_stderr, "value -1"),
    A(bad_utf8_with_closed_stderr, "value -3"),
    A(panic_with_closed_stderr, "value -1"),
    A(null_out_pointer, "value -2"),
    A(misaligned_out_pointer, "value -3"),
    A(null_struct_out_pointer, "value -2"),
    A(null_struct_argument_with_status, "value -2"),
    A(invalid_utf8_status, "value -3"),
    A(overlong_utf8_status, "value -3"),
    A(surrogate_utf8_status, "value -3"),
    A(truncated_utf8_status, "value -3"),
    A(null_text_with_length_status, "value -2"),
    A(null_text_empty_is_empty, "value 0"),
    A(interior_nul_counts, "value 3"),
    A(invalid_utf8_aborts, "abort ct_count_chars`|argument `text: &str`|not UTF-8"),
    A(huge_text_length_aborts, "abort ct_count_chars`|argument `text: &str`"),
    A(null_cstr_aborts, "abort ct_cstr_len`|argument `text: &CStr`|NULL"),
    A(null_optional_cstr, "value -1"),
    A(cstr_non_utf8_is_bytes, "value 2"),
    A(null_slice_with_length_aborts, "abort ct_sum_i32`|argument `xs: &[i32]`|NULL"),
    A(null_slice_empty, "value 0"),
    A(dangling_slice_empty, "value 0"),
    A(misaligned_slice_aborts, "abort ct_sum_i32`|argument `xs: &[i32]`|not aligned"),
    A(slice_length_overflow_aborts, "abort ct_sum_i32`|exceeds the address space"),
    A(slice_wraps_address_space_aborts, "abort ct_sum_i32`|exceeds the address space"),
    A(null_mut_slice_aborts, "abort ct_fill`|argument `buffer: &mut [u8]`|NULL"),
    A(misaligned_double_slice_aborts, "abort ct_sum_f64`|not aligned to 8 bytes"),
    A(null_reference_aborts, "abort ct_ref_read`|argument `x: &i64`|Option<&T>"),
    A(misaligned_reference_aborts, "abort ct_ref_read`|not aligned to 8 bytes"),
    A(null_mut_reference_aborts, "abort ct_ref_increment`|argument `x: &mut i64`"),
    A(null_optional_reference, "value -9"),
    A(misaligned_optional_reference_aborts, "abort ct_option_read`|not aligned"),
    A(null_optional_mut_reference, "value 0"),
    A(null_struct_reference_aborts, "abort ct_rect_area`|argument `r: &Rect`"),
    A(misaligned_struct_reference_aborts, "abort ct_rect_area`|not aligned"),
    A(null_array_reference_aborts, "abort ct_array_sum`|argument `a: &[i32; 4]`"),
    A(null_packed_view_aborts, "abort ct_packed_payload_sign`|NULL"),
    A(null_packed_mut_view_aborts, "abort ct_packed_float_negate`|NULL"),
    A(bool_byte_two_in_struct, "value 1"),
    A(bool_bytes_in_slice, "value 4"),
    A(bool_byte_behind_reference, "value 1"),
    A(bool_by_value_any_byte, "value 1"),
    A(overlapping_slices_abort, "abort ct_copy_into`|`dst: &mut [i32]` and `src: &[i32]` share memory"),
    A(disjoint_slices_copy, "value 405"),
    A(same_object_twice_aborts, "abort ct_add_assign`|`acc: &mut i64` and `x: &i64` share memory"),
    A(adjacent_objects_are_fine, "value 11"),
    A(overlapping_with_status, "value -3"),
    A(shared_slices_may_overlap, "value 9"),
    A(packed_value_inside_mut_buffer_aborts, "abort ct_store_float`|`dst: &mut [u8]` and `value: Float32` share memory"),
    A(packed_value_beside_mut_buffer, "value 4063"),
    A(cstr_inside_mut_buffer_aborts, "abort ct_copy_cstr_into`|`dst: &mut [u8]` and `text: &CStr` share memory"),
    A(panic_while_unwinding_aborts, "abort first panic with code 3|ct_panics_while_unwinding` (C symbol `ct_panics_while_unwinding`) panicked in a destructor while a panic was unwinding"),
    A(status_panic_while_unwinding_aborts, "abort first panic with code 4|ct_status_panics_while_unwinding` (C symbol `ct_status_panics_while_unwinding`) panicked in a destructor"),
    A(memref_null_descriptor_aborts, "abort _mlir_ciface_rust_scale`|argument `m"),
    A(memref_negative_size_aborts, "abort _mlir_ciface_rust_scale`|argument `m"),
    A(memref_negative_stride_aborts, "abort _mlir_ciface_rust_scale`|argument `m"),
    A(memref_size_stride_overflow_aborts, "abort _mlir_ciface_rust_scale`|argument `m"),
    A(memref_offset_overflow_aborts, "abort _mlir_ciface_rust_scale`|argument `m"),
    A(memref_negative_offset_aborts, "abort _mlir_ciface_rust_scale`|argument `m"),
    A(memref_null_aligned_aborts, "abort _mlir_ciface_rust_scale`|argument `m"),
    A(memref_misaligned_data_aborts, "abort _mlir_ciface_rust_scale`|argument `m|`aligned` data pointer"),
    A(memref_misaligned_descriptor_aborts, "abort _mlir_ciface_rust_scale`|argument `m|the descriptor itself"),
    A(memref_zero_stride_mutable_aborts, "abort _mlir_ciface_rust_scale`|argument `m"),
    A(memref_empty_null_data, "value 1"),
    A(memref_static_shape_mismatch_aborts, "abort _mlir_ciface_rust_sum_static`|argument `m"),
    A(memref_good_scale, "value 12"),
    A(memref_same_buffer_twice_aborts, "abort _mlir_ciface_rust_axpy`|`y: MemRefMut<'_, f32, 1>` and `x: MemRef<'_, f32, 1>` share memory"),
    A(memref_overlapping_views_abort, "abort _mlir_ciface_rust_axpy`|share memory"),
    A(memref_disjoint_views, "value 14"),
    A(unranked_null_aborts, "abort _mlir_ciface_rust_rank`|argument `m"),
    A(unranked_null_descriptor_aborts, "abort _mlir_ciface_rust_rank`|argument `m"),
    A(unranked_negative_rank_aborts, "abort _mlir_ciface_rust_rank`|argument `m|claims rank -1"),
    A(unranked_huge_rank_aborts, "abort _mlir_ciface_rust_rank`|argument `m|claims rank 1000"),
    A(unranked_misaligned_descriptor, "value 13"),
    A(result_null_out_pointer_aborts, "abort _mlir_ciface_rust_iota`|result out-pointer"),
    A(result_misaligned_out_pointer_aborts, "abort _mlir_ciface_rust_iota`|result out-pointer"),
    A(dpi_null_output_aborts, "abort dpi_bytes`|argument `sum"),
    A(dpi_misaligned_output_aborts, "abort dpi_bytes`|argument `sum"),
    A(dpi_null_inout_aborts, "abort dpi_swap`|argument `a"),
    A(dpi_bit_any_byte, "value 10"),
    A(dpi_forged_chandle, "value -1"),
    A(dpi_null_chandle, "value -1"),
    A(dpi_double_free_chandle, "value 499"),
    A(dpi_freed_chandle_use, "value -1"),
    A(dpi_panic_reported, "abort dpi_panics`|panicked"),
    A(dpi_enum_input_not_a_label_aborts, "abort dpi_alu`|argument `op|3 is not a value of the enum `opcode_t`"),
    A(dpi_enum_inout_not_a_label_aborts, "abort dpi_bus_step`|argument `state|7 is not a value of the enum `bus_state_t`"),
    A(dpi_enum_dirty_bits_above_base, "value 7"),
    A(dpi_four_state_struct_unknowns, "value 3106"),
    A(dpi_four_state_struct_null_aborts, "abort dpi_bus_sample_unknowns`|argument `sample"),
    A(dpi_string_inout_null_cell, "value 3"),
    A(dpi_string_inout_null_pointer_aborts, "abort dpi_string_append`|argument `text"),
    A(bitint_dirty_u24_argument, "value 2"),
    A(narrow_u16_upper_garbage, "value 5"),
    A(narrow_i8_upper_garbage, "value -1"),
    A(narrow_bool_upper_garbage, "value 0"),
    A(narrow_dpi_byte_upper_garbage, "value 4003"),
    A(narrow_bitint_upper_garbage, "value 2"),
    A(names_len_collision, "value 3007"),
    A(names_keyword_collision, "value 25"),
    A(names_out_collision, "value 3"),
    A(garbage_add_u8, "value 255"),
    A(garbage_add_i8, "value -128"),
    A(garbage_add_u16, "value 3"),
    A(garbage_add_i16, "value 0"),
    A(garbage_widen_i8_min, "value -128"),
    A(raw_null_is_the_function_s_business, "value 0"),
    A(optional_cstr_present, "value 3"),
    A(utf8_two_byte_char, "value 1"),
    A(max_element_of_nothing, "value 1"),
    A(fill_nothing_through_null, "value 0"),
    A(division_error_code, "value 7"),
    A(odd_error_code, "value 9"),
    A(parse_empty_error_code, "value 1"),
    A(parse_overflow_error_code, "value 3"),
    A(null_reference_with_status, "value -2"),
    A(misaligned_reference_with_status, "value -3"),
    A(null_out_after_reference, "value -2"),
    A(misaligned_struct_with_status, "value -3"),
    A(empty_overlap_is_no_overlap, "value 0"),
    A(exact_same_slices_abort, "abort ct_copy_into`|share memory"),
    A(one_element_overlap_aborts, "abort ct_copy_into`|share memory"),
    A(pick_mut_same_object_aborts, "abort ct_pick_mut`|`first: &'a mut i32` and `second: &'a mut i32` share memory"),
    A(null_rect_grow_aborts, "abort ct_rect_grow`|NULL"),
    A(misaligned_rect_grow_aborts, "abort ct_rect_grow`|not aligned"),
    A(null_record_list, "value 0"),
    A(null_flags_with_length_aborts, "abort ct_count_true`|NULL"),
    A(null_flags_empty, "value 0"),
    A(null_flag_reference_aborts, "abort ct_read_flag`|NULL"),
    A(null_points_aborts, "abort ct_centroid`|NULL"),
    A(null_doubles_empty, "value 0"),
    A(misaligned_u32_slice_aborts, "abort ct_max_element`|not aligned"),
    A(first_mut_too_long_aborts, "abort ct_first_mut`|exceeds the address space"),
    A(memref_2d_negative_size_aborts, "abort _mlir_ciface_rust_sum_2d`|invalid memref"),
    A(memref_2d_not_identity_aborts, "abort _mlir_ciface_rust_sum_2d`|invalid memref"),
    A(memref_2d_huge_sizes_abort, "abort _mlir_ciface_rust_sum_2d`|invalid memref"),
    A(memref_2d_empty_null, "value 0"),
    A(memref_2d_good, "value 21"),
    A(memref_0d_null_aborts, "abort _mlir_ciface_rust_read_0d`|NULL"),
    A(memref_0d_good, "value 42"),
    A(memref_0d_null_aligned_aborts, "abort _mlir_ciface_rust_read_0d`|invalid memref"),
    A(memref_strided_negative_stride, "value 20"),
    A(memref_strided_offset_before_start_aborts, "abort _mlir_ciface_rust_weighted`|invalid memref"),
    A(memref_shared_twice_is_fine, "value 14"),
    A(memref_bf16_null_aborts, "abort _mlir_ciface_rust_sum_bf16`|NULL"),
    A(memref_static_good, "value 96"),
    A(memref_static_wrong_strides_aborts, "abort _mlir_ciface_rust_sum_static`|invalid memref"),
    A(unranked_rank_three, "value 34"),
    A(unranked_result_null_out_aborts, "abort _mlir_ciface_rust_unranked_iota`|result out-pointer"),
    A(pair_result_null_out_aborts, "abort _mlir_ciface_rust_pair`|result out-pointer"),
    A(scalar_pair_null_out_aborts, "abort _mlir_ciface_rust_div_mod`|result out-pointer"),
    A(negative_length_result_is_empty, "value 0"),
    A(dpi_null_short_output_aborts, "abort dpi_shortints`|argument `echo"),
    A(dpi_null_shortreal_output_aborts, "abort dpi_shortreal`|argument `plus_one"),
    A(dpi_same_cell_twice, "value 5"),
    A(dpi_task_null_output_aborts, "abort dpi_accumulate`|argument `total"),
    A(dpi_null_vector_input_aborts, "abort dpi_inc33`|argument `x"),
    A(dpi_null_vector_output_aborts, "abort dpi_inc33`|argument `out"),
    A(dpi_misaligned_vector_input_aborts, "abort dpi_inc33`|argument `x"),
    A(dpi_null_inout_vector_aborts, "abort dpi_mark70`|argument `v"),
    A(dpi_null_string_aborts, "abort dpi_string_length`|argument `text"),
    A(dpi_string_good, "value 3"),
    A(dpi_logic_any_byte, "value 1"),
    A(dpi_null_chandle_output_aborts, "abort dpi_acc_new_into`|argument `handle"),
    A(dpi_null_logic_input_aborts, "abort dpi_invert12`|argument `x"),
    A(dpi_null_unpacked_input_aborts, "abort dpi_reverse4`|argument `a"),
    A(dpi_null_unpacked_output_aborts, "abort dpi_reverse4`|argument `out"),
    A(dpi_null_flags_aborts, "abort dpi_count_flags`|argument `flags"),
    A(dpi_flags_any_bytes, "value 3"),
    A(dpi_null_matrix_aborts, "abort dpi_weigh_2x3`|argument `m"),
    A(dpi_keyword_names_null_inout_aborts, "abort table`|argument `type"),
    A(dpi_keyword_names_good, "value 72"),
    A(dpi_wrong_typed_chandle, "value -1"),
#undef A
};

int main(int argc, char **argv) {
    size_t count = sizeof ATTACKS / sizeof ATTACKS[0];
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (size_t i = 0; i < count; i++) printf("%s\t%s\n", ATTACKS[i].name, ATTACKS[i].expect);
        return 0;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: %s --list | ATTACK\n", argv[0]);
        return 2;
    }
    for (size_t i = 0; i < count; i++) {
        if (strcmp(argv[1], ATTACKS[i].name) == 0) {
            long long observed = ATTACKS[i].run();
            printf("value %lld\n", observed);
            fflush(stdout);
            return 0;
        }
    }
    fprintf(stderr, "unknown attack %s\n", argv[1]);
    return 2;
}
