/* Checks from C that every prototype in the c_tests_*.h headers has exactly the intended
 * type: the expected types below are written by hand from the Rust
 * signatures and the documented mapping, not copied from the header. A
 * mismatch fails the build under gcc and clang-19. */
/* Every domain header together: each defines the shared statuses, structs
 * and descriptors under guards, so they can be included in one file. */
#include "c_tests_bench.h"
#include "c_tests_bitint.h"
#include "c_tests_exports.h"
#include "c_tests_mlir.h"
#include "c_tests_readme.h"

#define EXPECT_TYPE(function, type)                                             \
    _Static_assert(__builtin_types_compatible_p(__typeof__(function), type), \
                   #function " does not have type " #type)

/* Scalars */
EXPECT_TYPE(ct_add_i8, int8_t(int8_t, int8_t));
EXPECT_TYPE(ct_add_i16, int16_t(int16_t, int16_t));
EXPECT_TYPE(ct_add_i32, int32_t(int32_t, int32_t));
EXPECT_TYPE(ct_add_i64, int64_t(int64_t, int64_t));
EXPECT_TYPE(ct_add_u8, uint8_t(uint8_t, uint8_t));
EXPECT_TYPE(ct_add_u16, uint16_t(uint16_t, uint16_t));
EXPECT_TYPE(ct_add_u32, uint32_t(uint32_t, uint32_t));
EXPECT_TYPE(ct_add_u64, uint64_t(uint64_t, uint64_t));
EXPECT_TYPE(ct_mul_usize, size_t(size_t, size_t));
EXPECT_TYPE(ct_neg_isize, ptrdiff_t(ptrdiff_t));
EXPECT_TYPE(ct_widen_i8, int64_t(int8_t));
EXPECT_TYPE(ct_widen_u16, uint64_t(uint16_t));
EXPECT_TYPE(ct_mul_f32, float(float, float));
EXPECT_TYPE(ct_div_f64, double(double, double));
EXPECT_TYPE(ct_is_nan, _Bool(double));
EXPECT_TYPE(ct_xor, _Bool(_Bool, _Bool));
EXPECT_TYPE(ct_counter_add, void(uint64_t));
EXPECT_TYPE(ct_counter_get, uint64_t(void));
EXPECT_TYPE(ct_renamed, int32_t(void));
EXPECT_TYPE(ct_keyword_param, int32_t(int32_t, int32_t));

/* Pointers */
EXPECT_TYPE(ct_raw_read, uint32_t(const uint32_t *));
EXPECT_TYPE(ct_raw_write, void(uint32_t *, uint32_t));
EXPECT_TYPE(ct_void_identity, void *(void *));
EXPECT_TYPE(ct_ref_read, int64_t(const int64_t *));
EXPECT_TYPE(ct_ref_increment, void(int64_t *));
EXPECT_TYPE(ct_option_read, int32_t(const int32_t *, int32_t));
EXPECT_TYPE(ct_option_store, _Bool(int32_t *, int32_t));
EXPECT_TYPE(ct_array_sum, int32_t(const int32_t (*)[4]));
EXPECT_TYPE(ct_max_element, const uint32_t *(const uint32_t *, size_t));
EXPECT_TYPE(ct_static_answer, const uint32_t *(void));
EXPECT_TYPE(ct_unchecked_byte, uint8_t(const uint8_t *, size_t));
EXPECT_TYPE(ct_pick_mut, int32_t *(int32_t *, int32_t *, _Bool));
EXPECT_TYPE(ct_first_mut, int32_t *(int32_t *, size_t));
EXPECT_TYPE(ct_byte_offset, const uint8_t *(const uint8_t *, size_t));

/* Packed structs: host-order bytes */
EXPECT_TYPE(ct_packed_float_exponent, uint32_t(const uint8_t *));
EXPECT_TYPE(ct_packed_payload_sign, _Bool(const uint8_t *));
EXPECT_TYPE(ct_packed_float_negate, _Bool(uint8_t *));

/* Structs */
EXPECT_TYPE(ct_point_add, struct Point(struct Point, struct Point));
EXPECT_TYPE(ct_rect_area, double(const struct Rect *));
EXPECT_TYPE(ct_rect_grow, void(struct Rect *, double));
EXPECT_TYPE(ct_record_checksum, uint64_t(const struct Record *));
_Static_assert(sizeof(struct Record) == 32 && _Alignof(struct Record) == 8, "Record layout");

/* Slices and strings: a pointer and a size_t length */
EXPECT_TYPE(ct_sum_i32, int64_t(const int32_t *, size_t));
EXPECT_TYPE(ct_sum_f64, double(const double *, size_t));
EXPECT_TYPE(ct_fill, size_t(uint8_t *, size_t, uint8_t));
EXPECT_TYPE(ct_centroid, struct Point(const struct Point *, size_t));
EXPECT_TYPE(ct_count_chars, size_t(const char *, size_t));
EXPECT_TYPE(ct_cstr_len, size_t(const char *));
EXPECT_TYPE(ct_cstr_len_or_minus_one, int64_t(const char *));
EXPECT_TYPE(ct_greeting, const char *(void));

/* Results: int32_t status, value through a trailing out-pointer */
EXPECT_TYPE(ct_parse_i32, int32_t(const char *, size_t, int32_t *));
EXPECT_TYPE(ct_checked_div, int32_t(int32_t, int32_t, int32_t *));
EXPECT_TYPE(ct_require_even, int32_t(uint32_t));
EXPECT_TYPE(ct_scaled_point, int32_t(const struct Point *, double, struct Point *));
EXPECT_TYPE(ct_sqrt_or_panic, int32_t(int32_t, int32_t *));
EXPECT_TYPE(ct_double_into, int32_t(const int32_t *, int32_t *));
EXPECT_TYPE(ct_always_panics, int32_t(int32_t));

/* Benchmark pairs (the generated half) */
EXPECT_TYPE(bench_add_generated, int32_t(int32_t, int32_t));
EXPECT_TYPE(bench_div_generated, int32_t(int32_t, int32_t, int32_t *));
EXPECT_TYPE(bench_sum_generated, int64_t(const int32_t *, size_t));

_Static_assert(ABI_STATUS_OK == 0 && ABI_STATUS_PANIC == -1 && ABI_STATUS_NULL_POINTER == -2 &&
                   ABI_STATUS_INVALID_ARGUMENT == -3,
               "reserved statuses");

/* ISO C forbids an empty translation unit. */
typedef int prototypes_translation_unit_is_not_empty;
