// A field type whose (safe) `Packed` implementation reads and writes 64
// bits but declares itself to SystemVerilog as one `bit`: the package
// would declare a one-bit struct, the simulator would allocate one chunk
// for it, and the shims would write two. The struct does not compile.
use abi_core::model::sv::SvType;
use abi_core::packed::{BitSink, BitSource, Packed};

#[derive(Clone, Copy)]
pub struct Wide(pub u64);

impl Packed for Wide {
    const WIDTH: u32 = 64;
    const SV_TYPE: SvType = <bool as Packed>::SV_TYPE;
    fn pack_into<S: BitSink + ?Sized>(&self, dst: &mut S, offset: usize) {
        self.0.pack_into(dst, offset)
    }
    fn unpack_from<S: BitSource + ?Sized>(src: &S, offset: usize) -> Self {
        Wide(u64::unpack_from(src, offset))
    }
}

#[derive(Packed, Clone, Copy)]
pub struct Holder {
    pub w: Wide,
}

fn main() {}
