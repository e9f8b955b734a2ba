//! `fancy32`: the fancy layout with a 32-bit index for CPUs without a fast 64-bit
//! multiply: `((lo(occ & mask) * lo(magic)) ^ (hi(occ & mask) * hi(magic))) >> (32 - bits)`,
//! two 32-bit multiplications instead of one 64-bit one. 107,648 entries (841 KiB).
//!
//! It needs magics of its own (a 64-bit magic does not survive the fold). These were
//! found by our own search: sparse xorshift64* candidates from seed 1, a top-byte
//! popcount filter on the folded product, epoch-array collision checks; 172,837
//! candidates. The set is `tests/data/own/fancy32_sliders_seed1.csv`; its `shift` column
//! is the shift of the 32-bit product.

use super::magic::{build, entries, IndexFn, MagicData, MagicEntry, MagicTables};
use crate::{Bitboard, Slider, Square};

/// Entries in the attack table.
pub const TABLE_ENTRIES: usize = 107_648;

/// The 32-bit index of `occupied`; `entry.shift` is `32 - bits`.
#[inline(always)]
pub(crate) const fn index(entry: &MagicEntry, occupied: Bitboard) -> usize {
    let relevant = occupied.0 & entry.mask.0;
    let lo = (relevant as u32).wrapping_mul(entry.magic as u32);
    let hi = ((relevant >> 32) as u32).wrapping_mul((entry.magic >> 32) as u32);
    entry.offset as usize + ((lo ^ hi) >> entry.shift) as usize
}

const ROOK_ENTRIES: [MagicEntry; 64] = entries(Slider::Rook, &ROOK);
const BISHOP_ENTRIES: [MagicEntry; 64] = entries(Slider::Bishop, &BISHOP);

static ATTACKS: [Bitboard; TABLE_ENTRIES] = build(&ROOK_ENTRIES, &BISHOP_ENTRIES, IndexFn::Magic32);

static ROOK_STATIC: [MagicEntry; 64] = ROOK_ENTRIES;
static BISHOP_STATIC: [MagicEntry; 64] = BISHOP_ENTRIES;

/// The scheme's entries (with 32-bit shifts) and table.
pub static TABLES: MagicTables<'static> = MagicTables {
    rook: ROOK_ENTRIES,
    bishop: BISHOP_ENTRIES,
    attacks: &ATTACKS,
};

/// The `fancy32` scheme.
///
/// ```
/// use sliders::schemes::{Fancy32, Scheme};
/// use sliders::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(Fancy32.queen_attacks(Square::F3, occupied), reference::queen_attacks(Square::F3, occupied));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Fancy32;

impl super::Scheme for Fancy32 {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        ATTACKS[index(&ROOK_STATIC[square as usize], occupied)]
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        ATTACKS[index(&BISHOP_STATIC[square as usize], occupied)]
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&ATTACKS)
    }

    fn name(&self) -> &'static str {
        "fancy32"
    }
}

// Source: tests/data/own/fancy32_sliders_seed1.csv (our search, seed 1); bishop offsets
// moved past the 102,400 rook entries.
#[rustfmt::skip]
const ROOK: MagicData = [
    (0x100600a090010208, 20, 0), // a1
    (0x8205400010080090, 21, 4096), // b1
    (0x1830048040040102, 21, 6144), // c1
    (0x0011002408100009, 21, 8192), // d1
    (0x0800801000110204, 21, 10240), // e1
    (0x0198044102004802, 21, 12288), // f1
    (0x20c0c60001000241, 21, 14336), // g1
    (0x0106018402008001, 20, 16384), // h1
    (0x0020800a02008040, 21, 20480), // a2
    (0x0080211480090040, 22, 22528), // b2
    (0x8488102024008020, 22, 23552), // c2
    (0x0080080400208010, 22, 24576), // d2
    (0x0140100c00a10008, 22, 25600), // e2
    (0x6204038085008004, 22, 26624), // f2
    (0x0806008080048001, 22, 27648), // g2
    (0x2000418000188001, 21, 28672), // h2
    (0x8000200119804040, 21, 30720), // a3
    (0x1000600ca0480020, 22, 32768), // b3
    (0x0028040000100020, 22, 33792), // c3
    (0x0100900002080808, 22, 34816), // d3
    (0x0400a01080102202, 22, 35840), // e3
    (0x00a0900208401404, 22, 36864), // f3
    (0x008a000400051301, 22, 37888), // g3
    (0xb0c0800200600101, 21, 38912), // h3
    (0x008211001800406a, 21, 40960), // a4
    (0x0081002100400141, 22, 43008), // b4
    (0x101c200004050049, 22, 44032), // c4
    (0x03000a208400104a, 22, 45056), // d4
    (0x2100900400000801, 22, 46080), // e4
    (0x00b8120001041422, 22, 47104), // f4
    (0x0402810020080501, 22, 48128), // g4
    (0x0002814022000081, 21, 49152), // h4
    (0x0100800840010044, 21, 51200), // a5
    (0x004040040a100020, 22, 53248), // b5
    (0x0040100006280060, 22, 54272), // c5
    (0xa2000c4300081022, 22, 55296), // d5
    (0x004006000028044c, 22, 56320), // e5
    (0x0200034800805006, 22, 57344), // f5
    (0x0080018000408002, 22, 58368), // g5
    (0x004000400a400885, 21, 59392), // h5
    (0x4000200400800430, 21, 61440), // a6
    (0x0202006000002485, 22, 63488), // b6
    (0x0010200000202410, 22, 64512), // c6
    (0x3021000800010010, 22, 65536), // d6
    (0x4044080402240008, 22, 66560), // e6
    (0x0400c04088110082, 22, 67584), // f6
    (0x2200800221008401, 22, 68608), // g6
    (0x8210040400006049, 21, 69632), // h6
    (0x0020004000808044, 21, 71680), // a7
    (0x00c1020008544a2a, 22, 73728), // b7
    (0x20040020d1100068, 22, 74752), // c7
    (0xa008808010808012, 22, 75776), // d7
    (0x1084008000400408, 22, 76800), // e7
    (0x0302008000110484, 22, 77824), // f7
    (0x0282018046010002, 22, 78848), // g7
    (0x48408040000000a1, 21, 79872), // h7
    (0x2020c01160270180, 20, 81920), // a8
    (0x40c0002180001081, 21, 86016), // b8
    (0x0409200168201341, 21, 88064), // c8
    (0x0208042510410210, 21, 90112), // d8
    (0x00c8040280001522, 21, 92160), // e8
    (0x4804011a04041002, 21, 94208), // f8
    (0x00020005021002a1, 21, 96256), // g8
    (0x60408021023d2043, 20, 98304), // h8
];
#[rustfmt::skip]
const BISHOP: MagicData = [
    (0x0405015149081650, 26, 102400), // a1
    (0x0214525020120408, 27, 102464), // b1
    (0x002101110a220204, 27, 102496), // c1
    (0x880000060148a082, 27, 102528), // d1
    (0x60000e0001011040, 27, 102560), // e1
    (0xa020b900000c2405, 27, 102592), // f1
    (0x0808001812620801, 27, 102624), // g1
    (0x0208a0002401104c, 26, 102656), // h1
    (0x2400d28112032020, 27, 102720), // a2
    (0x0901091001004202, 27, 102752), // b2
    (0x2202440000805101, 27, 102784), // c2
    (0x0020000000400441, 27, 102816), // d2
    (0x1004100208010222, 27, 102848), // e2
    (0x2444000102162218, 27, 102880), // f2
    (0x0210050100000108, 27, 102912), // g2
    (0x0090250200000901, 27, 102944), // h2
    (0xa004015000604424, 27, 102976), // a3
    (0x0401040c43020010, 27, 103008), // b3
    (0x0085020000204222, 25, 103040), // c3
    (0x5140100000441088, 25, 103168), // d3
    (0x2482908080c04002, 25, 103296), // e3
    (0x0045040880010002, 25, 103424), // f3
    (0x0401240d2005020c, 27, 103552), // g3
    (0x3082080880002802, 27, 103584), // h3
    (0x0560048004043028, 27, 103616), // a4
    (0x4c0138008348c840, 27, 103648), // b4
    (0x9441002008122060, 25, 103680), // c4
    (0x0405000240010041, 23, 103808), // d4
    (0x1100400000501044, 23, 104320), // e4
    (0x0250110000120020, 25, 104832), // f4
    (0x022201000c480090, 27, 104960), // g4
    (0x0094210000004508, 27, 104992), // h4
    (0x0040086004284208, 27, 105024), // a5
    (0xb065144000211802, 27, 105056), // b5
    (0x000114000022280c, 25, 105088), // c5
    (0x2008040a00000805, 23, 105216), // d5
    (0x0a00220020100082, 23, 105728), // e5
    (0x0c00240501840289, 25, 106240), // f5
    (0xa100541400048144, 27, 106368), // g5
    (0x0100544021822041, 27, 106400), // h5
    (0x0880a000011084a0, 27, 106432), // a6
    (0x9028290140008801, 27, 106464), // b6
    (0x1804810019001088, 25, 106496), // c6
    (0x080400c290824042, 25, 106624), // d6
    (0x6060040200808861, 25, 106752), // e6
    (0x0410002203082004, 25, 106880), // f6
    (0x0408030041030811, 27, 107008), // g6
    (0x420020d001012521, 27, 107040), // h6
    (0x2021421010104202, 27, 107072), // a7
    (0x01110000000a048a, 27, 107104), // b7
    (0x089200080808002a, 27, 107136), // c7
    (0x10a0806000240001, 27, 107168), // d7
    (0x1a82088440128040, 27, 107200), // e7
    (0x0402900000010d50, 27, 107232), // f7
    (0x0800811100208901, 27, 107264), // g7
    (0x0051008000200212, 27, 107296), // h7
    (0x8120030202108084, 26, 107328), // a8
    (0x10b014280420008a, 27, 107392), // b8
    (0x0110888000404026, 27, 107424), // c8
    (0x0442022024140440, 27, 107456), // d8
    (0x0821010008000025, 27, 107488), // e8
    (0x14088224000001c1, 27, 107520), // f8
    (0x9061204208c4200a, 27, 107552), // g8
    (0x5212004042c00103, 26, 107584), // h8
];
