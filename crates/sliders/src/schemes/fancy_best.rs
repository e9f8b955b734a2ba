//! `fancy-best`: the fancy layout with the best-known magics, which use one index bit
//! fewer than the mask on 39 squares (15 rook, 24 bishop) by constructive collisions:
//! 88,064 rook + 4,800 bishop = 92,864 entries (725.5 KiB).
//!
//! Source: "Best Magics so far" (chessprogramming wiki), as shipped in Gigantua /
//! Chess_Movegen `Hash_Var.hpp`; the record squares' finders are named in
//! `tests/data/magics/best_magics_so_far_reduced_squares.csv`.

use super::magic::{build, entries, IndexFn, MagicData, MagicEntry, MagicTables};
use crate::{Bitboard, Slider};

/// Entries in the attack table.
pub const TABLE_ENTRIES: usize = 92_864;

const ROOK_ENTRIES: [MagicEntry; 64] = entries(Slider::Rook, &ROOK);
const BISHOP_ENTRIES: [MagicEntry; 64] = entries(Slider::Bishop, &BISHOP);

static ATTACKS: [Bitboard; TABLE_ENTRIES] = build(&ROOK_ENTRIES, &BISHOP_ENTRIES, IndexFn::Magic);

static ROOK_STATIC: [MagicEntry; 64] = ROOK_ENTRIES;
static BISHOP_STATIC: [MagicEntry; 64] = BISHOP_ENTRIES;

/// The scheme's entries and table.
pub static TABLES: MagicTables<'static> = MagicTables {
    rook: ROOK_ENTRIES,
    bishop: BISHOP_ENTRIES,
    attacks: &ATTACKS,
    index: IndexFn::Magic,
};

super::static_magic_scheme!(
    /// The `fancy-best` scheme (best-known magics, N-1 bits on 39 squares).
    ///
    /// ```
    /// use sliders::schemes::{FancyBest, Scheme};
    /// use sliders::{reference, Bitboard, Square};
    /// let occupied = Bitboard(0x0042_0000_1800_2400);
    /// assert_eq!(FancyBest.rook_attacks(Square::A7, occupied), reference::rook_attacks(Square::A7, occupied));
    /// assert_eq!(FancyBest.table_bytes(), 92_864 * 8);
    /// ```
    FancyBest, "fancy-best", ROOK_STATIC, BISHOP_STATIC, ATTACKS
);

// Source: tests/data/magics/fancy_best_known_92864.csv; bishop offsets moved past the
// 88,064 rook entries.
#[rustfmt::skip]
pub(crate) const ROOK: MagicData = [
    (0x11800040001481a0, 52, 0), // a1
    (0x2040400010002000, 53, 4096), // b1
    (0xa280200308801000, 53, 6144), // c1
    (0x0100082005021000, 53, 8192), // d1
    (0x0280280080040006, 53, 10240), // e1
    (0x0200080104100200, 53, 12288), // f1
    (0x0c00040221100088, 53, 14336), // g1
    (0x0e00072200408c01, 52, 16384), // h1
    (0x0002002045008600, 53, 20480), // a2
    (0xa410804000200089, 54, 22528), // b2
    (0x4081002000401102, 54, 23552), // c2
    (0x0002000c20420010, 54, 24576), // d2
    (0x0800800400080080, 54, 25600), // e2
    (0x40060010041a0009, 54, 26624), // f2
    (0x0441004442000100, 54, 27648), // g2
    (0x0462800080004900, 53, 28672), // h2
    (0x0080004020004001, 53, 30720), // a3
    (0x1840420021021081, 54, 32768), // b3
    (0x8020004010004800, 54, 33792), // c3
    (0x0940220008420010, 54, 34816), // d3
    (0x2210808008000400, 54, 35840), // e3
    (0x0024808002000400, 54, 36864), // f3
    (0x803604001019a802, 54, 37888), // g3
    (0x0000520000440081, 53, 38912), // h3
    (0x0000802080004000, 53, 40960), // a4
    (0x1200810500400024, 54, 43008), // b4
    (0x8000100080802000, 54, 44032), // c4
    (0x2008080080100480, 54, 45056), // d4
    (0x0008000404002040, 54, 46080), // e4
    (0xc012040801104020, 54, 47104), // f4
    (0xc015000900240200, 54, 48128), // g4
    (0x0020040200208041, 53, 49152), // h4
    (0x1080004000802080, 53, 51200), // a5
    (0x0000400081002110, 54, 53248), // b5
    (0x0030002000808010, 54, 54272), // c5
    (0x2000100080800800, 54, 55296), // d5
    (0x02c0800400800800, 54, 56320), // e5
    (0x1004800400800200, 54, 57344), // f5
    (0x0000818804000210, 54, 58368), // g5
    (0x0000340082000a45, 53, 59392), // h5
    (0x8520400020818000, 53, 61440), // a6
    (0x0002008900460020, 54, 63488), // b6
    (0x0000100020008080, 54, 64512), // c6
    (0x0601001000a30009, 54, 65536), // d6
    (0xc001000408010010, 54, 66560), // e6
    (0x0002040002008080, 54, 67584), // f6
    (0x11008218018c0030, 54, 68608), // g6
    (0x00020c0080620011, 53, 69632), // h6
    (0x48fffe99fecfaa00, 54, 71680), // a7
    (0x48fffe99fecfaa00, 55, 72704), // b7
    (0x497fffadff9c2e00, 55, 73216), // c7
    (0x613fffddffce9200, 55, 73728), // d7
    (0xffffffe9ffe7ce00, 55, 74240), // e7
    (0xfffffff5fff3e600, 55, 74752), // f7
    (0x0003ff95e5e6a4c0, 55, 75264), // g7
    (0x510ffff5f63c96a0, 54, 75776), // h7
    (0xebffffb9ff9fc526, 53, 76800), // a8
    (0x61fffeddfeedaeae, 54, 78848), // b8
    (0x53bfffedffdeb1a2, 54, 79872), // c8
    (0x127fffb9ffdfb5f6, 54, 80896), // d8
    (0x411fffddffdbf4d6, 54, 81920), // e8
    (0x0002000108100402, 53, 82944), // f8
    (0x0003ffef27eebe74, 54, 84992), // g8
    (0x7645fffecbfea79e, 53, 86016), // h8
];
#[rustfmt::skip]
pub(crate) const BISHOP: MagicData = [
    (0xffedf9fd7cfcffff, 59, 88064), // a1
    (0xfc0962854a77f576, 60, 88096), // b1
    (0x000401240100c201, 59, 88112), // c1
    (0x00580ca104020080, 59, 88144), // d1
    (0x8434052000230010, 59, 88176), // e1
    (0x0102080208820420, 59, 88208), // f1
    (0xfc0a66c64a7ef576, 60, 88240), // g1
    (0x7ffdfdfcbd79ffff, 59, 88256), // h1
    (0xfc0846a64a34fff6, 60, 88288), // a2
    (0xfc087a874a3cf7f6, 60, 88304), // b2
    (0x6090100400842200, 59, 88320), // c2
    (0x1000090405002001, 59, 88352), // d2
    (0x048044030808c409, 59, 88384), // e2
    (0x0000020802080384, 59, 88416), // f2
    (0xfc0864ae59b4ff76, 60, 88448), // g2
    (0x3c0860af4b35ff76, 60, 88464), // h2
    (0x73c01af56cf4cffb, 60, 88480), // a3
    (0x41a01cfad64aaffc, 60, 88496), // b3
    (0x0030200101020090, 57, 88512), // c3
    (0x0148150082004004, 57, 88640), // d3
    (0x0006020402112104, 57, 88768), // e3
    (0x4001000290080d22, 57, 88896), // f3
    (0x7c0c028f5b34ff76, 60, 89024), // g3
    (0xfc0a028e5ab4df76, 60, 89040), // h3
    (0x0060a10048020440, 59, 89056), // a4
    (0x0c08080b20028081, 59, 89088), // b4
    (0x01009001420c0410, 57, 89120), // c4
    (0x0101004004040002, 55, 89248), // d4
    (0x0001004405014000, 55, 89760), // e4
    (0x10029a0021005200, 57, 90272), // f4
    (0x4002308000480800, 59, 90400), // g4
    (0x0301025015004800, 59, 90432), // h4
    (0x2402304004108200, 59, 90464), // a5
    (0x480110c802220800, 59, 90496), // b5
    (0x2004482801300741, 57, 90528), // c5
    (0x0400400820a60200, 55, 90656), // d5
    (0x0000410040040040, 55, 91168), // e5
    (0x2828080020011000, 57, 91680), // f5
    (0x4008020050040110, 59, 91808), // g5
    (0x8202022026220089, 59, 91840), // h5
    (0xdcefd9b54bfcc09f, 60, 91872), // a6
    (0xf95ffa765afd602b, 60, 91888), // b6
    (0x0422002088009040, 57, 91904), // c6
    (0x0180604202002020, 57, 92032), // d6
    (0x0000400109008200, 57, 92160), // e6
    (0x0002420042000104, 57, 92288), // f6
    (0x43ff9a5cf4ca0c01, 60, 92416), // g6
    (0x4bffcd8e7c587601, 60, 92432), // h6
    (0xfc0ff2865334f576, 60, 92448), // a7
    (0xfc0bf6ce5924f576, 60, 92464), // b7
    (0x00022e4044108050, 59, 92480), // c7
    (0x0000800020880042, 59, 92512), // d7
    (0xb2020010021204a4, 59, 92544), // e7
    (0x002442100200802d, 59, 92576), // f7
    (0xc3ffb7dc36ca8c89, 60, 92608), // g7
    (0xc3ff8a54f4ca2c89, 60, 92624), // h7
    (0xfffffcfcfd79edff, 59, 92640), // a8
    (0xfc0863fccb147576, 60, 92672), // b8
    (0x4000000a0900b808, 59, 92688), // c8
    (0x0900420000420208, 59, 92720), // d8
    (0x0000004040104104, 59, 92752), // e8
    (0x120208c190820080, 59, 92784), // f8
    (0xfc087e8e4bb2f736, 60, 92816), // g8
    (0x43ff9e4ef4ca2c89, 59, 92832), // h8
];
