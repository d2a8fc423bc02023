/// Adds two numbers.
#[cfg_attr(not(debug_assertions), inline)]
pub fn add(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}
::abi_core::__private::c_export_generic!(
    "add" __abi_c_export_add add c_shim2 c_entry2 false "\0"
    "\0add\0i32\0\0a\0i32\0b\0i32\0Adds two numbers."[__abi_arg0 : < i32 as
    ::abi_core::__private::CParam > ::Raw = i32, __abi_arg1 : < i32 as
    ::abi_core::__private::CParam > ::Raw = i32] [] -> < i32 as
    ::abi_core::__private::CResult > ::Raw = i32; [< 'call >] { if false {
    ::abi_core::__private::LentArgument::lent_check:: < 'call, i32 > (& __abi_arg0);
    ::abi_core::__private::LentArgument::lent_check:: < 'call, i32 > (& __abi_arg1); } }
);
