// A C++ `main` for the Verilator model of `dpi_tb` (`verilator --cc --exe
// --build`), as the manual's Verilator recipe (docs/src/dpi.md) builds it: evaluates the
// model until `$finish`. For your own top module, replace `Vdpi_tb`.
#include <memory>

#include "Vdpi_tb.h"
#include "verilated.h"

int main(int argc, char **argv) {
    const std::unique_ptr<VerilatedContext> context{new VerilatedContext};
    context->commandArgs(argc, argv);
    const std::unique_ptr<Vdpi_tb> model{new Vdpi_tb{context.get()}};
    while (!context->gotFinish()) {
        model->eval();
        context->timeInc(1);
    }
    model->final();
    return 0;
}
