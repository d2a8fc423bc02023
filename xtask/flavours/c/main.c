/* The standard-flavoured model called from C through its generated header. */
#include <stdio.h>

#include "std_model_dpi.h"

int main(void) {
    float half = ieee_half(3.0f);
    printf("ieee_half(3.0) = %g\n", half);
    return half == 1.5f ? 0 : 1;
}
