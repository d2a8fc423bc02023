use abi_core::dpi_export;

#[dpi_export]
unsafe extern "C" {
    #[task]
    pub fn sv_task_with_result(x: i32) -> i32;
}

fn main() {}
