/* The C side of the showcase: includes the header generated from the Rust
 * registry and calls every export of the `examples` crate. */
#include "abi_examples.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

#define EXPECT(condition)                                                    \
    do {                                                                     \
        if (!(condition)) {                                                  \
            failures++;                                                      \
            printf("  FAILED: %s (showcase.c:%d)\n", #condition, __LINE__); \
        }                                                                    \
    } while (0)

int main(void) {
    printf("C: %s\n", ex_version());

    const char *digits = "123456789";
    uint32_t crc = ex_crc32((const uint8_t *)digits, strlen(digits));
    printf("C: ex_crc32(\"%s\") = 0x%08X\n", digits, (unsigned)crc);
    EXPECT(crc == 0xCBF43926u);

    printf("C: ex_fahrenheit(37.0) = %.1f\n", ex_fahrenheit(37.0));
    EXPECT(ex_fahrenheit(-40.0) == -40.0);

    Reading readings[3];
    const char *lines[3] = {"1:19.5", "2: 23.0", "3:-4.25"};
    for (int i = 0; i < 3; i++) {
        int32_t status = ex_parse_reading(lines[i], strlen(lines[i]), &readings[i]);
        printf("C: ex_parse_reading(\"%s\") -> status %d, sensor %u at %.2f C\n", lines[i], (int)status,
               (unsigned)readings[i].sensor_id, readings[i].celsius);
        EXPECT(status == ABI_STATUS_OK);
    }
    Reading unused;
    int32_t status = ex_parse_reading("9:-300", 6, &unused);
    printf("C: ex_parse_reading(\"9:-300\") -> status %d (3: below absolute zero)\n", (int)status);
    EXPECT(status == 3);
    status = ex_parse_reading("\xff:1", 4, &unused);
    printf("C: ex_parse_reading(<invalid UTF-8>) -> status %d (ABI_STATUS_INVALID_ARGUMENT)\n", (int)status);
    EXPECT(status == ABI_STATUS_INVALID_ARGUMENT);

    double mean = 0.0;
    status = ex_mean_celsius(readings, 3, &mean);
    printf("C: ex_mean_celsius(3 readings) -> status %d, mean %.4f C\n", (int)status, mean);
    EXPECT(status == ABI_STATUS_OK && mean > 12.7 && mean < 12.8);
    status = ex_mean_celsius(NULL, 0, &mean);
    printf("C: ex_mean_celsius(NULL, 0) -> status %d (1: no readings)\n", (int)status);
    EXPECT(status == 1);

    const Reading *warmest = ex_warmest(readings, 3);
    printf("C: ex_warmest -> sensor %u\n", warmest ? (unsigned)warmest->sensor_id : 0u);
    EXPECT(warmest == &readings[1]);
    EXPECT(ex_warmest(NULL, 0) == NULL);

    int32_t values[5] = {-10, 0, 5, 50, 100};
    size_t changed = ex_clamp(values, 5, 0, 42);
    printf("C: ex_clamp([-10 0 5 50 100], 0, 42) -> %zu changed: [%d %d %d %d %d]\n", changed, (int)values[0],
           (int)values[1], (int)values[2], (int)values[3], (int)values[4]);
    EXPECT(changed == 3 && values[0] == 0 && values[3] == 42 && values[4] == 42);

    size_t words = ex_count_words("  the quick\tbrown fox ");
    printf("C: ex_count_words(\"  the quick\\tbrown fox \") = %zu\n", words);
    EXPECT(words == 4);

    const char *word = "r\xc3\xa9" "er";  /* "réer" is not a palindrome */
    const char *pal = "\xc3\xa5" "b" "\xc3\xa5"; /* "åbå" is */
    printf("C: ex_is_palindrome(\"réer\") = %d, ex_is_palindrome(\"åbå\") = %d\n", ex_is_palindrome(word, strlen(word)),
           ex_is_palindrome(pal, strlen(pal)));
    EXPECT(!ex_is_palindrome(word, strlen(word)) && ex_is_palindrome(pal, strlen(pal)));

    if (failures) {
        printf("C: %d check(s) FAILED\n", failures);
        return 1;
    }
    printf("C: all checks passed\n");
    return 0;
}
