/// Sums the values.
#[cfg_attr(not(debug_assertions), inline)]
pub fn total(values: &[i32]) -> i64 {
    values.iter().map(|&v| i64::from(v)).sum()
}
::abi_core::__private::c_export_generic!(
    "total" __abi_c_export_total total c_slice_shim1 c_slice_entry false "\0"
    "\0total\0i64\0\0values\0&[i32]\0Sums the values."[__abi_arg0 : < & 'static [i32] as
    ::abi_core::__private::CSliceParam > ::Ptr = & 'static [i32]] [__abi_arg0_len] -> <
    i64 as ::abi_core::__private::CResult > ::Raw = i64; [< 'call >] { if false {
    ::abi_core::__private::LentArgument::lent_check:: < 'call, & 'call[i32] > (&
    __abi_arg0); } }
);
