/* Shared by the C drivers: symbol prefixing and the check macro.
 *
 * build.rs compiles every driver twice, with gcc and with clang-19, defining
 * HARNESS_PREFIX as gcc or clang, so both copies link into one test binary. */
#ifndef HARNESS_H
#define HARNESS_H

#include <stdio.h>

#define HARNESS_CAT2(a, b) a##_##b
#define HARNESS_CAT(a, b) HARNESS_CAT2(a, b)
#define HARNESS(name) HARNESS_CAT(HARNESS_PREFIX, name)
#define HARNESS_STR2(x) #x
#define HARNESS_STR(x) HARNESS_STR2(x)

/* Counts checks and failures; a failure names its file, line and condition. */
struct harness_tally {
    int checks;
    int failures;
};

#define CHECK(tally, condition)                                                        \
    do {                                                                               \
        (tally)->checks++;                                                             \
        if (!(condition)) {                                                            \
            (tally)->failures++;                                                       \
            fprintf(stderr, "[%s] %s:%d: check failed: %s\n", HARNESS_STR(HARNESS_PREFIX), \
                    __FILE__, __LINE__, #condition);                                   \
        }                                                                              \
    } while (0)

#endif
