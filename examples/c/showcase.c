/* The C11 side of the showcase: includes the header generated from the Rust
 * registry and calls every C export of the `examples` crate, checking each
 * result (a failure prints the check and its line). */
#include "abi_examples.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

#define EXPECT(condition)                                                    \
    do {                                                                     \
        checks++;                                                            \
        if (!(condition)) {                                                  \
            failures++;                                                      \
            printf("  FAILED: %s (showcase.c:%d)\n", #condition, __LINE__); \
        }                                                                    \
    } while (0)

int main(void) {
    EXPECT(strcmp(ex_version(), "abi-core examples 0.1.0") == 0);

    const char *digits = "123456789";
    EXPECT(ex_crc32((const uint8_t *)digits, strlen(digits)) == 0xCBF43926u);
    EXPECT(ex_fahrenheit(37.0) > 98.59 && ex_fahrenheit(37.0) < 98.61);
    EXPECT(ex_fahrenheit(-40.0) == -40.0);

    /* Result<Reading, SensorError>: a status, the value through a pointer. */
    Reading readings[3];
    const char *lines[3] = {"1:19.5", "2: 23.0", "3:-4.25"};
    for (int i = 0; i < 3; i++) {
        EXPECT(ex_parse_reading(lines[i], strlen(lines[i]), &readings[i]) == ABI_STATUS_OK);
        EXPECT(readings[i].sensor_id == (uint32_t)(i + 1));
    }
    Reading unused;
    EXPECT(ex_parse_reading("9:-300", 6, &unused) == 3); /* below absolute zero */
    EXPECT(ex_parse_reading("\xff:1", 4, &unused) == ABI_STATUS_INVALID_ARGUMENT); /* not UTF-8 */

    double mean = 0.0;
    EXPECT(ex_mean_celsius(readings, 3, &mean) == ABI_STATUS_OK && mean > 12.7 && mean < 12.8);
    EXPECT(ex_mean_celsius(NULL, 0, &mean) == 1); /* no readings */

    /* Option<&Reading>: a pointer into the caller's array, or NULL. */
    EXPECT(ex_warmest(readings, 3) == &readings[1]);
    EXPECT(ex_warmest(NULL, 0) == NULL);

    int32_t values[5] = {-10, 0, 5, 50, 100};
    EXPECT(ex_clamp(values, 5, 0, 42) == 3);
    EXPECT(values[0] == 0 && values[1] == 0 && values[2] == 5 && values[3] == 42 && values[4] == 42);

    EXPECT(ex_count_words("  the quick\tbrown fox ") == 4);
    const char *word = "r\xc3\xa9" "er";           /* "réer" is not a palindrome */
    const char *pal = "\xc3\xa5" "b" "\xc3\xa5";   /* "åbå" is */
    EXPECT(!ex_is_palindrome(word, strlen(word)));
    EXPECT(ex_is_palindrome(pal, strlen(pal)));

    /* A packed struct: a float's 4 bytes, read field by field in Rust. */
    float minus_six = -6.0f;
    EXPECT(ex_float_exponent((const uint8_t *)&minus_six) == 2);

    if (failures) {
        printf("C: %d of %d checks FAILED\n", failures, checks);
        return 1;
    }
    printf("C: %d checks of 10 exports passed (strings, slices, Result, Option, a packed struct)\n", checks);
    return 0;
}
