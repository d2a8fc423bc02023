/* `_BitInt` calls in both directions, compiled by clang-19 with -std=c2x.
 *
 * For each type in the conformance set (see BITINT_TYPES and BITINT_TYPES_WIDE):
 *   - C calls the Rust exports rt_add_*, rt_stack_*, rt_odd_*, rt_ptr_*, rt_struct_*
 *     with edge and pseudo-random values, clean and with dirty padding bits,
 *     and checks every result against clang's own `_BitInt` arithmetic;
 *   - C defines cb_add_*, cb_stack_*, cb_odd_*, cb_neg_ptr_* and cb_struct_* that Rust
 *     calls.
 */
#include "c_tests_bitint.h"
#include "harness.h"

#include <string.h>

#if !ABI_HAVE_BITINT
#error "bitint_calls.c needs a C23 compiler with _BitInt (clang-19 -std=c2x)"
#endif

/* X(id, bits, is_signed, holder struct) for every type under test. */
#define BITINT_TYPES \
    X(s2, 2, 1, HolderS2) \
    X(u2, 2, 0, HolderU2) \
    X(s7, 7, 1, HolderS7) \
    X(u7, 7, 0, HolderU7) \
    X(s8, 8, 1, HolderS8) \
    X(u8, 8, 0, HolderU8) \
    X(s24, 24, 1, HolderS24) \
    X(u24, 24, 0, HolderU24) \
    X(s32, 32, 1, HolderS32) \
    X(u32, 32, 0, HolderU32) \
    X(s33, 33, 1, HolderS33) \
    X(u33, 33, 0, HolderU33) \
    X(s63, 63, 1, HolderS63) \
    X(u63, 63, 0, HolderU63) \
    X(s64, 64, 1, HolderS64) \
    X(u64, 64, 0, HolderU64) \
    X(s65, 65, 1, HolderS65) \
    X(u65, 65, 0, HolderU65) \
    X(s100, 100, 1, HolderS100) \
    X(u100, 100, 0, HolderU100) \
    X(s127, 127, 1, HolderS127) \
    X(u127, 127, 0, HolderU127) \
    X(s128, 128, 1, HolderS128) \
    X(u128, 128, 0, HolderU128)

/* Above 128 bits: where clang accepts them (x86-64, i386; 128 is the
 * maximum on aarch64 and most other targets). */
#if __BITINT_MAXWIDTH__ >= 4096
#define BITINT_TYPES_WIDE \
    X(s129, 129, 1, HolderS129) \
    X(u129, 129, 0, HolderU129) \
    X(s200, 200, 1, HolderS200) \
    X(u200, 200, 0, HolderU200) \
    X(s256, 256, 1, HolderS256) \
    X(u256, 256, 0, HolderU256) \
    X(s511, 511, 1, HolderS511) \
    X(u511, 511, 0, HolderU511) \
    X(s512, 512, 1, HolderS512) \
    X(u512, 512, 0, HolderU512) \
    X(s1024, 1024, 1, HolderS1024) \
    X(u1024, 1024, 0, HolderU1024) \
    X(s4096, 4096, 1, HolderS4096) \
    X(u4096, 4096, 0, HolderU4096)
#else
#define BITINT_TYPES_WIDE
#endif

#define SIGNED_TYPE(bits) _BitInt(bits)
#define UNSIGNED_TYPE(bits) unsigned _BitInt(bits)

/* xorshift64*, as in the Rust tests. */
static uint64_t next_random(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1DULL;
}

/* Overwrite the padding bits (bits >= N of the storage) of an object with
 * noise: what C is allowed to leave there. */
static void dirty_padding(void *object, size_t size, unsigned bits, uint64_t *state) {
    unsigned char *bytes = object;
    for (unsigned bit = bits; bit < 8 * size; bit++) {
        if (next_random(state) & 1) {
            bytes[bit / 8] ^= (unsigned char)(1u << (bit % 8));
        }
    }
}

#define NUM_VALUES 12

/* Per type: the checks C runs against Rust, and the functions Rust calls. */
#define DEFINE_TYPE(ID, bits, is_signed, holder)                                                      \
    typedef UNSIGNED_TYPE(bits) u_##ID;                                                         \
    typedef __typeof__(rt_add_##ID(0, 0)) t_##ID;                                              \
    _Static_assert(sizeof(t_##ID) == sizeof(u_##ID), "same storage");                          \
    /* Wrapping arithmetic done in the unsigned type (signed overflow is UB). */                \
    static t_##ID add_##ID(t_##ID a, t_##ID b) { return (t_##ID)((u_##ID)a + (u_##ID)b); } \
    static t_##ID sub_##ID(t_##ID a, t_##ID b) { return (t_##ID)((u_##ID)a - (u_##ID)b); } \
    static t_##ID mul_##ID(t_##ID a, t_##ID b) { return (t_##ID)((u_##ID)a * (u_##ID)b); } \
    static t_##ID neg_##ID(t_##ID a) { return (t_##ID)(-(u_##ID)a); }                       \
    static t_##ID abs_##ID(t_##ID a) { return a < 0 ? neg_##ID(a) : a; }                      \
    static void values_##ID(t_##ID out[NUM_VALUES], uint64_t *state) {                         \
        u_##ID all = (u_##ID)-1;                                                                 \
        t_##ID max = is_signed ? (t_##ID)(all >> 1) : (t_##ID)all;                              \
        t_##ID min = is_signed ? (t_##ID)(-(t_##ID)(all >> 1) - 1) : 0;                         \
        out[0] = 0;                                                                                \
        out[1] = 1;                                                                                \
        out[2] = (t_##ID)all; /* -1 when signed, MAX when unsigned */                             \
        out[3] = min;                                                                              \
        out[4] = max;                                                                              \
        out[5] = sub_##ID(max, 1);                                                                \
        out[6] = add_##ID(min, 1);                                                                \
        for (int i = 7; i < NUM_VALUES; i++) {                                                     \
            u_##ID v = 0;                                                                         \
            for (unsigned k = 0; k < sizeof(u_##ID); k += 8) {                                    \
                v = (u_##ID)(v << (bits > 64 ? 64 : 0)) ^ (u_##ID)next_random(state);            \
            }                                                                                      \
            out[i] = (t_##ID)v;                                                                   \
        }                                                                                          \
    }                                                                                              \
    static void check_##ID(struct harness_tally *t) {                                           \
        uint64_t state = 0x9E3779B97F4A7C15ULL ^ (uint64_t)bits;                                   \
        t_##ID values[NUM_VALUES];                                                                \
        values_##ID(values, &state);                                                              \
        for (int i = 0; i < NUM_VALUES; i++) {                                                     \
            t_##ID a = values[i];                                                                 \
            for (int j = 0; j < NUM_VALUES; j++) {                                                 \
                CHECK(t, rt_add_##ID(a, values[j]) == add_##ID(a, values[j]));                   \
            }                                                                                      \
            CHECK(t, rt_stack_##ID(1, 2, 3, 4, 5, 6, 7, a, 8) == (t_##ID)(a >> 1));                \
            CHECK(t, rt_odd_##ID(7, a) == (t_##ID)~a && rt_odd_##ID(6, a) == a);                    \
            t_##ID out = 0;                                                                       \
            rt_ptr_##ID(&a, &out);                                                                \
            CHECK(t, out == (t_##ID)(a >> (bits / 2)));                                            \
            holder h = {200, a, 65535};                                                            \
            holder r = rt_struct_##ID(h);                                                        \
            CHECK(t, r.tag == 201 && r.value == abs_##ID(a) && r.tail == 0);                      \
            /* Dirty padding, by value and by pointer. */                                          \
            union { t_##ID v; unsigned char bytes[sizeof(t_##ID)]; } dirty, other;                \
            dirty.v = a;                                                                           \
            dirty_padding(dirty.bytes, sizeof dirty.bytes, bits, &state);                          \
            other.v = values[(i + 5) % NUM_VALUES];                                                \
            dirty_padding(other.bytes, sizeof other.bytes, bits, &state);                          \
            CHECK(t, rt_add_##ID(dirty.v, other.v) == add_##ID(a, values[(i + 5) % NUM_VALUES])); \
            CHECK(t, rt_stack_##ID(1, 2, 3, 4, 5, 6, 7, dirty.v, 8) == (t_##ID)(a >> 1));          \
            CHECK(t, rt_odd_##ID(7, dirty.v) == (t_##ID)~a);                                       \
            rt_ptr_##ID(&dirty.v, &out);                                                          \
            CHECK(t, out == (t_##ID)(a >> (bits / 2)));                                            \
            dirty_padding(&h.value, sizeof h.value, bits, &state);                                 \
            r = rt_struct_##ID(h);                                                                \
            CHECK(t, r.tag == 201 && r.value == abs_##ID(a) && r.tail == 0);                      \
        }                                                                                          \
    }                                                                                              \
    t_##ID cb_add_##ID(t_##ID a, t_##ID b);                                                   \
    t_##ID cb_add_##ID(t_##ID a, t_##ID b) { return add_##ID(a, b); }                       \
    t_##ID cb_stack_##ID(int64_t l1, int64_t l2, int64_t l3, int64_t l4, int64_t l5, int64_t l6,  \
                           int64_t l7, t_##ID x, int64_t l8);                                    \
    t_##ID cb_stack_##ID(int64_t l1, int64_t l2, int64_t l3, int64_t l4, int64_t l5, int64_t l6,  \
                           int64_t l7, t_##ID x, int64_t l8) {                                   \
        int ok = l1 == 1 && l2 == 2 && l3 == 3 && l4 == 4 && l5 == 5 && l6 == 6 && l7 == 7 && l8 == 8; \
        return ok ? sub_##ID(x, 1) : x;                                                           \
    }                                                                                              \
    t_##ID cb_odd_##ID(int32_t tag, t_##ID x);                                                 \
    t_##ID cb_odd_##ID(int32_t tag, t_##ID x) { return tag == 7 ? (t_##ID)~x : x; }            \
    void cb_neg_ptr_##ID(const t_##ID *x, t_##ID *out);                                        \
    void cb_neg_ptr_##ID(const t_##ID *x, t_##ID *out) { *out = neg_##ID(*x); }               \
    holder cb_struct_##ID(holder h);                                                          \
    holder cb_struct_##ID(holder h) {                                                         \
        h.tag++;                                                                              \
        h.value = abs_##ID(h.value);                                                          \
        h.tail++;                                                                             \
        return h;                                                                             \
    }

#define X(ID, bits, is_signed, holder) DEFINE_TYPE(ID, bits, is_signed, holder)
BITINT_TYPES
BITINT_TYPES_WIDE
#undef X

int bitint_harness_run(int *checks);
int bitint_harness_run(int *checks) {
    struct harness_tally tally = {0, 0};
#define X(ID, bits, is_signed, holder) check_##ID(&tally);
    BITINT_TYPES
    BITINT_TYPES_WIDE
#undef X
    *checks = tally.checks;
    return tally.failures;
}
