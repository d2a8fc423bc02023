//! The manual's MLIR example (docs/src/mlir.md), verbatim: `build.rs` extracts its Rust code,
//! and lowers and links its kernel with its own shell commands.

// `run` is only called by the test below.
#![cfg_attr(not(test), allow(dead_code))]

include!(concat!(env!("OUT_DIR"), "/readme_mlir.rs"));

#[cfg(test)]
mod tests {
    #[test]
    fn the_readme_example_runs() {
        super::run().expect("the manual's MLIR example");
    }
}
