use abi_core::dpi::DpiEnum;

#[derive(DpiEnum, Clone, Copy)]
pub enum Command {
    Start = 1,
    Stop = 2,
}

// IEEE 1800 has no enum results (slang refuses even `typedef enum int`):
// without the `verilator` feature this is a compile error with a hint.
#[abi_core::dpi_import]
pub fn next(command: Command) -> Command {
    command
}

fn main() {}
