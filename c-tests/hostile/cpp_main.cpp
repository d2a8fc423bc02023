// A C++ `main` (as every simulator has) calling a Rust export that panics
// without a status channel. `plain`: nothing catches; `catch-all`: the call
// sits in `try { } catch (...) { }`, which must not swallow the panic (the
// shim reports and aborts before any unwinding reaches C++ frames).
#include "c_tests_exports.h"

#include <cstdio>
#include <cstring>

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s plain|catch-all\n", argv[0]);
        return 2;
    }
    if (std::strcmp(argv[1], "catch-all") == 0) {
        try {
            std::printf("value %d\n", ct_always_panics(5));
        } catch (...) {
            std::printf("caught by C++\n");
        }
        return 0;
    }
    std::printf("value %d\n", ct_always_panics(5));
    return 0;
}
