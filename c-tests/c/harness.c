/* Calls every c-tests export from C with edge values and checks the results.
 *
 * Entry points (prefixed gcc_ or clang_ by build.rs):
 *   int  <prefix>_harness_run(int *checks)    -> number of failed checks
 *   int  <prefix>_call_always_panics(void)    -> aborts inside Rust
 *   long <prefix>_call_ref_read_null(void)    -> aborts inside Rust
 *   int  <prefix>_call_panics_while_unwinding(void) -> Rust aborts itself
 */
#include "c_tests_exports.h"
#include "harness.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* Prototypes of the entry points, so -Wmissing-prototypes stays quiet. */
int HARNESS(harness_run)(int *checks);
int HARNESS(call_always_panics)(void);
int64_t HARNESS(call_ref_read_null)(void);
int HARNESS(call_panics_while_unwinding)(void);

static void scalars(struct harness_tally *t) {
    CHECK(t, ct_add_i8(0, 0) == 0);
    CHECK(t, ct_add_i8(-1, -1) == -2);
    CHECK(t, ct_add_i8(INT8_MAX, 1) == INT8_MIN);
    CHECK(t, ct_add_i8(INT8_MIN, -1) == INT8_MAX);
    CHECK(t, ct_add_i16(INT16_MAX, 1) == INT16_MIN);
    CHECK(t, ct_add_i16(-1, 0) == -1);
    CHECK(t, ct_add_i32(INT32_MAX, 1) == INT32_MIN);
    CHECK(t, ct_add_i32(INT32_MIN, 0) == INT32_MIN);
    CHECK(t, ct_add_i32(-1, 1) == 0);
    CHECK(t, ct_add_i64(INT64_MAX, 1) == INT64_MIN);
    CHECK(t, ct_add_i64(INT64_MIN, INT64_MIN) == 0);
    CHECK(t, ct_add_u8(UINT8_MAX, 1) == 0);
    CHECK(t, ct_add_u8(200, 55) == UINT8_MAX);
    CHECK(t, ct_add_u16(UINT16_MAX, 2) == 1);
    CHECK(t, ct_add_u32(UINT32_MAX, 1) == 0);
    CHECK(t, ct_add_u32(0x80000000u, 0x7fffffffu) == UINT32_MAX);
    CHECK(t, ct_add_u64(UINT64_MAX, 1) == 0);
    CHECK(t, ct_add_u64(UINT64_MAX - 1, 1) == UINT64_MAX);
    CHECK(t, ct_mul_usize(SIZE_MAX, 1) == SIZE_MAX);
    CHECK(t, ct_mul_usize((size_t)1 << 32, (size_t)1 << 32) == 0);
    CHECK(t, ct_neg_isize(PTRDIFF_MAX) == -PTRDIFF_MAX);
    CHECK(t, ct_neg_isize(PTRDIFF_MIN) == PTRDIFF_MIN);
    CHECK(t, ct_widen_i8(-1) == -1);
    CHECK(t, ct_widen_i8(INT8_MIN) == -128);
    CHECK(t, ct_widen_u16(UINT16_MAX) == 65535u);

    CHECK(t, ct_mul_f32(1.5f, -2.0f) == -3.0f);
    CHECK(t, ct_mul_f32(FLT_MAX, 2.0f) == (float)INFINITY);
    CHECK(t, isnan(ct_mul_f32(NAN, 1.0f)));
    CHECK(t, ct_mul_f32(-0.0f, 1.0f) == 0.0f && signbit(ct_mul_f32(-0.0f, 1.0f)));
    CHECK(t, ct_div_f64(1.0, 4.0) == 0.25);
    CHECK(t, ct_div_f64(1.0, 0.0) == INFINITY);
    CHECK(t, ct_div_f64(-1.0, 0.0) == -INFINITY);
    CHECK(t, isnan(ct_div_f64(0.0, 0.0)));
    CHECK(t, ct_div_f64(DBL_MIN, 2.0) == DBL_MIN / 2.0);
    CHECK(t, ct_is_nan(NAN));
    CHECK(t, !ct_is_nan(INFINITY));
    CHECK(t, !ct_is_nan(DBL_MAX));

    CHECK(t, ct_xor(true, false) == true);
    CHECK(t, ct_xor(true, true) == false);
    CHECK(t, ct_xor(false, false) == false);

    uint64_t before = ct_counter_get();
    ct_counter_add(5);
    ct_counter_add(UINT64_MAX); /* wraps: net effect +4 */
    CHECK(t, ct_counter_get() == before + 4);

    CHECK(t, ct_renamed() == 42);
    CHECK(t, ct_keyword_param(10, 3) == 7);
}

static void pointers(struct harness_tally *t) {
    uint32_t cell = 0xdeadbeefu;
    CHECK(t, ct_raw_read(&cell) == 0xdeadbeefu);
    CHECK(t, ct_raw_read(NULL) == 0);
    ct_raw_write(&cell, 7);
    CHECK(t, cell == 7);
    ct_raw_write(NULL, 9); /* must not crash */

    int marker = 0;
    CHECK(t, ct_void_identity(&marker) == &marker);
    CHECK(t, ct_void_identity(NULL) == NULL);

    int64_t big = INT64_MIN;
    CHECK(t, ct_ref_read(&big) == INT64_MIN);
    big = INT64_MAX;
    ct_ref_increment(&big);
    CHECK(t, big == INT64_MIN);

    int32_t small = -5;
    CHECK(t, ct_option_read(&small, 1) == -5);
    CHECK(t, ct_option_read(NULL, 1) == 1);
    CHECK(t, ct_option_store(&small, INT32_MAX) && small == INT32_MAX);
    CHECK(t, !ct_option_store(NULL, 3));

    const int32_t quad[4] = {2, -1, INT32_MAX, 0};
    CHECK(t, ct_array_sum(&quad) == INT32_MIN); /* 2 - 1 + MAX wraps */

    const uint32_t values[5] = {3, UINT32_MAX, 0, 17, UINT32_MAX};
    const uint32_t *max = ct_max_element(values, 5);
    CHECK(t, max != NULL && *max == UINT32_MAX && max >= values && max < values + 5);
    CHECK(t, ct_max_element(NULL, 0) == NULL);
    CHECK(t, ct_max_element(values, 0) == NULL);

    const uint32_t *answer = ct_static_answer();
    CHECK(t, answer != NULL && *answer == 42);

    const uint8_t bytes[3] = {1, 2, 255};
    CHECK(t, ct_unchecked_byte(bytes, 2) == 255);
    CHECK(t, ct_byte_offset(bytes, 2) == bytes + 2);
    CHECK(t, ct_byte_offset(NULL, 0) == NULL);

    int32_t left = 1, right = 2;
    *ct_pick_mut(&left, &right, true) = 20;
    *ct_pick_mut(&left, &right, false) = 10;
    CHECK(t, left == 10 && right == 20);

    int32_t cells[2] = {5, 6};
    int32_t *first = ct_first_mut(cells, 2);
    CHECK(t, first == &cells[0]);
    CHECK(t, ct_first_mut(NULL, 0) == NULL);
}

static void structs(struct harness_tally *t) {
    Point a = {1.5, -2.0};
    Point b = {-0.5, 4.0};
    Point sum = ct_point_add(a, b);
    CHECK(t, sum.x == 1.0 && sum.y == 2.0);

    Rect r = {{0.0, 0.0}, {2.0, 3.0}};
    CHECK(t, ct_rect_area(&r) == 6.0);
    ct_rect_grow(&r, 1.0);
    CHECK(t, r.min.x == -1.0 && r.min.y == -1.0 && r.max.x == 3.0 && r.max.y == 4.0);
    CHECK(t, ct_rect_area(&r) == 20.0);

    /* The same checksum, computed here field by field. */
    Record second = {7, UINT64_MAX, true, {1, 2, 3}, NULL};
    Record first = {200, 5, false, {0xff, 0, 0x80}, &second};
    uint64_t expected = 0;
    const Record *walk = &first;
    while (walk) {
        uint64_t tag = (uint64_t)walk->tag[0] | (uint64_t)walk->tag[1] << 8 | (uint64_t)walk->tag[2] << 16;
        expected = expected * 31 + walk->id + walk->value + ((uint64_t)walk->flag << 8) + (tag << 16);
        walk = walk->next;
    }
    CHECK(t, ct_record_checksum(&first) == expected);
    CHECK(t, ct_record_checksum(NULL) == 0);
}

static void slices(struct harness_tally *t) {
    const int32_t xs[4] = {INT32_MAX, INT32_MAX, INT32_MIN, -1};
    CHECK(t, ct_sum_i32(xs, 4) == (int64_t)INT32_MAX - 2);
    CHECK(t, ct_sum_i32(xs, 1) == INT32_MAX);
    CHECK(t, ct_sum_i32(NULL, 0) == 0);
    CHECK(t, ct_sum_i32(xs, 0) == 0);

    const double ds[3] = {0.5, 0.25, -1.0};
    CHECK(t, ct_sum_f64(ds, 3) == -0.25);
    const double with_nan[2] = {1.0, NAN};
    CHECK(t, isnan(ct_sum_f64(with_nan, 2)));

    uint8_t buffer[8];
    memset(buffer, 0, sizeof buffer);
    CHECK(t, ct_fill(buffer + 2, 4, 0xab) == 4);
    CHECK(t, buffer[1] == 0 && buffer[2] == 0xab && buffer[5] == 0xab && buffer[6] == 0);
    CHECK(t, ct_fill(NULL, 0, 1) == 0);

    const Point ps[3] = {{0, 0}, {3, 0}, {0, 6}};
    Point c = ct_centroid(ps, 3);
    CHECK(t, c.x == 1.0 && c.y == 2.0);
    c = ct_centroid(NULL, 0);
    CHECK(t, c.x == 0.0 && c.y == 0.0);
}

static void strings(struct harness_tally *t) {
    const char *text = "gr\xc3\xbc\xc3\x9f dich"; /* "grüß dich": 11 bytes, 9 chars */
    CHECK(t, ct_count_chars(text, strlen(text)) == 9);
    CHECK(t, ct_count_chars(text, 4) == 3); /* "grü": a prefix that ends on a character boundary */
    CHECK(t, ct_count_chars(NULL, 0) == 0);
    CHECK(t, ct_count_chars("nul\0inside", 10) == 10); /* length-delimited: NUL is a char */
    CHECK(t, ct_cstr_len("") == 0);
    CHECK(t, ct_cstr_len(text) == 11);
    CHECK(t, ct_cstr_len_or_minus_one(NULL) == -1);
    CHECK(t, ct_cstr_len_or_minus_one("abc") == 3);
    CHECK(t, strcmp(ct_greeting(), "hello from Rust") == 0);
}

static void results(struct harness_tally *t) {
    int32_t out = 12345;
    CHECK(t, ct_parse_i32(" -2147483648 ", 13, &out) == ABI_STATUS_OK && out == INT32_MIN);
    CHECK(t, ct_parse_i32("2147483647", 10, &out) == ABI_STATUS_OK && out == INT32_MAX);
    out = 12345;
    CHECK(t, ct_parse_i32("   ", 3, &out) == 1 && out == 12345);
    CHECK(t, ct_parse_i32("12x", 3, &out) == 2 && out == 12345);
    CHECK(t, ct_parse_i32("2147483648", 10, &out) == 3 && out == 12345);
    CHECK(t, ct_parse_i32(NULL, 0, &out) == 1);
    /* Bad arguments become reserved statuses; the out-pointer is untouched. */
    CHECK(t, ct_parse_i32("\xff\xfe", 2, &out) == ABI_STATUS_INVALID_ARGUMENT && out == 12345);
    CHECK(t, ct_parse_i32(NULL, 4, &out) == ABI_STATUS_NULL_POINTER);
    CHECK(t, ct_parse_i32("1", 1, NULL) == ABI_STATUS_NULL_POINTER);

    CHECK(t, ct_checked_div(7, 2, &out) == ABI_STATUS_OK && out == 3);
    CHECK(t, ct_checked_div(1, 0, &out) == 7);
    CHECK(t, ct_checked_div(INT32_MIN, -1, &out) == 7);

    CHECK(t, ct_require_even(0) == ABI_STATUS_OK);
    CHECK(t, ct_require_even(UINT32_MAX) == 9);

    Point p = {1.0, -2.0};
    Point scaled = {0, 0};
    CHECK(t, ct_scaled_point(&p, 3.0, &scaled) == ABI_STATUS_OK && scaled.x == 3.0 && scaled.y == -6.0);
    CHECK(t, ct_scaled_point(&p, -1.0, &scaled) == 4 && scaled.x == 3.0);
    CHECK(t, ct_scaled_point(NULL, 1.0, &scaled) == ABI_STATUS_NULL_POINTER);

    /* A panic inside a Result function is caught and becomes a status. */
    out = 77;
    CHECK(t, ct_sqrt_or_panic(16, &out) == ABI_STATUS_OK && out == 4);
    CHECK(t, ct_sqrt_or_panic(-1, &out) == ABI_STATUS_PANIC && out == 4);
    CHECK(t, ct_sqrt_or_panic(INT32_MIN, &out) == ABI_STATUS_PANIC);

    int32_t in = 21, doubled = 0;
    CHECK(t, ct_double_into(&in, &doubled) == ABI_STATUS_OK && doubled == 42);
    in = INT32_MAX;
    CHECK(t, ct_double_into(&in, &doubled) == 1);
    CHECK(t, ct_double_into(NULL, &doubled) == ABI_STATUS_NULL_POINTER);

    /* Misaligned pointers are reported, not dereferenced. */
    int32_t words[3] = {0, 0, 0};
    const int32_t *misaligned = (const int32_t *)((uintptr_t)words + 1);
    CHECK(t, ct_double_into(misaligned, &doubled) == ABI_STATUS_INVALID_ARGUMENT);
    CHECK(t, ct_checked_div(1, 1, (int32_t *)((uintptr_t)words + 2)) == ABI_STATUS_INVALID_ARGUMENT);
    CHECK(t, words[0] == 0 && words[1] == 0);
}

static void packed(struct harness_tally *t) {
    /* A float32 packed struct is the float's own bytes in host order. */
    float x = -1.5f;
    uint8_t bytes[4];
    memcpy(bytes, &x, sizeof bytes);
    CHECK(t, ct_packed_float_exponent(bytes) == 127);
    x = 0x1p-126f; /* smallest normal: exponent 1 */
    memcpy(bytes, &x, sizeof bytes);
    CHECK(t, ct_packed_float_exponent(bytes) == 1);
    CHECK(t, ct_packed_float_negate(bytes) == 0);
    memcpy(&x, bytes, sizeof bytes);
    CHECK(t, x == -0x1p-126f);
    CHECK(t, ct_packed_float_negate(bytes) == 1);
    memcpy(&x, bytes, sizeof bytes);
    CHECK(t, x == 0x1p-126f);

    /* The 103-bit packet: 13 bytes, the payload's sign at bit 56. */
    uint8_t packet[13] = {0};
    CHECK(t, ct_packed_payload_sign(packet) == 0);
    packet[7] = 0x01;
    CHECK(t, ct_packed_payload_sign(packet) == 1);
    packet[7] = 0xfe; /* every bit of byte 7 but the sign */
    memset(packet, 0xff, 7);
    memset(packet + 8, 0xff, 5);
    CHECK(t, ct_packed_payload_sign(packet) == 0);
}

int HARNESS(harness_run)(int *checks) {
    struct harness_tally tally = {0, 0};
    scalars(&tally);
    pointers(&tally);
    structs(&tally);
    slices(&tally);
    strings(&tally);
    results(&tally);
    packed(&tally);
    *checks = tally.checks;
    return tally.failures;
}

int HARNESS(call_always_panics)(void) {
    return ct_always_panics(3);
}

int64_t HARNESS(call_ref_read_null)(void) {
    return ct_ref_read(NULL);
}

int HARNESS(call_panics_while_unwinding)(void) {
    return ct_panics_while_unwinding(5);
}
