//! `fixed-shift`: every rook square uses shift 52 (12 bits) and every bishop square 55
//! (9 bits), so the shift is a constant; the squares' index ranges overlap in one shared
//! table where their entries agree or are unused: 88,772 entries (693.5 KiB).
//!
//! Source: Volker Annuss' fixed-shift magics with offsets (the set in Cfish and
//! shakmaty), `tests/data/magics/fixed_shift_magics_88772_annuss.csv`.

use super::magic::{build, entries, IndexFn, MagicData, MagicEntry, MagicTables};
use crate::{Bitboard, Slider, Square};

/// Entries in the shared attack table.
pub const TABLE_ENTRIES: usize = 88_772;

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

/// The `fixed-shift` scheme. The shifts are constants in the lookup, not loaded.
///
/// ```
/// use sliders::schemes::{FixedShift, Scheme};
/// use sliders::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(FixedShift.queen_attacks(Square::H1, occupied), reference::queen_attacks(Square::H1, occupied));
/// assert_eq!(FixedShift.table_bytes(), 88_772 * 8);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct FixedShift;

impl super::Scheme for FixedShift {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let e = &ROOK_STATIC[square as usize];
        ATTACKS[e.offset as usize + ((occupied.0 & e.mask.0).wrapping_mul(e.magic) >> 52) as usize]
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let e = &BISHOP_STATIC[square as usize];
        ATTACKS[e.offset as usize + ((occupied.0 & e.mask.0).wrapping_mul(e.magic) >> 55) as usize]
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&ATTACKS)
    }

    fn name(&self) -> &'static str {
        "fixed-shift"
    }
}

// The shifts the lookup hard-codes must be the data's.
const _: () = {
    let mut i = 0;
    while i < 64 {
        assert!(ROOK[i].1 == 52 && BISHOP[i].1 == 55);
        i += 1;
    }
};

// Source: tests/data/magics/fixed_shift_magics_88772_annuss.csv (Volker Annuss).
#[rustfmt::skip]
const ROOK: MagicData = [
    (0x00280077ffebfffe, 52, 26304), // a1
    (0x2004010201097fff, 52, 35520), // b1
    (0x0010020010053fff, 52, 38592), // c1
    (0x0040040008004002, 52, 8026), // d1
    (0x7fd00441ffffd003, 52, 22196), // e1
    (0x4020008887dffffe, 52, 80870), // f1
    (0x004000888847ffff, 52, 76747), // g1
    (0x006800fbff75fffd, 52, 30400), // h1
    (0x000028010113ffff, 52, 11115), // a2
    (0x0020040201fcffff, 52, 18205), // b2
    (0x007fe80042ffffe8, 52, 53577), // c2
    (0x00001800217fffe8, 52, 62724), // d2
    (0x00001800073fffe8, 52, 34282), // e2
    (0x00001800e05fffe8, 52, 29196), // f2
    (0x00001800602fffe8, 52, 23806), // g2
    (0x000030002fffffa0, 52, 49481), // h2
    (0x00300018010bffff, 52, 2410), // a3
    (0x0003000c0085fffb, 52, 36498), // b3
    (0x0004000802010008, 52, 24478), // c3
    (0x0004002020020004, 52, 10074), // d3
    (0x0001002002002001, 52, 79315), // e3
    (0x0001001000801040, 52, 51779), // f3
    (0x0000004040008001, 52, 13586), // g3
    (0x0000006800cdfff4, 52, 19323), // h3
    (0x0040200010080010, 52, 70612), // a4
    (0x0000080010040010, 52, 83652), // b4
    (0x0004010008020008, 52, 63110), // c4
    (0x0000040020200200, 52, 34496), // d4
    (0x0002008010100100, 52, 84966), // e4
    (0x0000008020010020, 52, 54341), // f4
    (0x0000008020200040, 52, 60421), // g4
    (0x0000820020004020, 52, 86402), // h4
    (0x00fffd1800300030, 52, 50245), // a5
    (0x007fff7fbfd40020, 52, 76622), // b5
    (0x003fffbd00180018, 52, 84676), // c5
    (0x001fffde80180018, 52, 78757), // d5
    (0x000fffe0bfe80018, 52, 37346), // e5
    (0x0001000080202001, 52, 370), // f5
    (0x0003fffbff980180, 52, 42182), // g5
    (0x0001fffdff9000e0, 52, 45385), // h5
    (0x00fffefeebffd800, 52, 61659), // a6
    (0x007ffff7ffc01400, 52, 12790), // b6
    (0x003fffbfe4ffe800, 52, 16762), // c6
    (0x001ffff01fc03000, 52, 0), // d6
    (0x000fffe7f8bfe800, 52, 38380), // e6
    (0x0007ffdfdf3ff808, 52, 11098), // f6
    (0x0003fff85fffa804, 52, 21803), // g6
    (0x0001fffd75ffa802, 52, 39189), // h6
    (0x00ffffd7ffebffd8, 52, 58628), // a7
    (0x007fff75ff7fbfd8, 52, 44116), // b7
    (0x003fff863fbf7fd8, 52, 78357), // c7
    (0x001fffbfdfd7ffd8, 52, 44481), // d7
    (0x000ffff810280028, 52, 64134), // e7
    (0x0007ffd7f7feffd8, 52, 41759), // f7
    (0x0003fffc0c480048, 52, 1394), // g7
    (0x0001ffffafd7ffd8, 52, 40910), // h7
    (0x00ffffe4ffdfa3ba, 52, 66516), // a8
    (0x007fffef7ff3d3da, 52, 3897), // b8
    (0x003fffbfdfeff7fa, 52, 3930), // c8
    (0x001fffeff7fbfc22, 52, 72934), // d8
    (0x0000020408001001, 52, 72662), // e8
    (0x0007fffeffff77fd, 52, 56325), // f8
    (0x0003ffffbf7dfeec, 52, 66501), // g8
    (0x0001ffff9dffa333, 52, 14826), // h8
];
#[rustfmt::skip]
const BISHOP: MagicData = [
    (0x007fbfbfbfbfbfff, 55, 5378), // a1
    (0x0000a060401007fc, 55, 4093), // b1
    (0x0001004008020000, 55, 4314), // c1
    (0x0000806004000000, 55, 6587), // d1
    (0x0000100400000000, 55, 6491), // e1
    (0x000021c100b20000, 55, 6330), // f1
    (0x0000040041008000, 55, 5609), // g1
    (0x00000fb0203fff80, 55, 22236), // h1
    (0x0000040100401004, 55, 6106), // a2
    (0x0000020080200802, 55, 5625), // b2
    (0x0000004010202000, 55, 16785), // c2
    (0x0000008060040000, 55, 16817), // d2
    (0x0000004402000000, 55, 6842), // e2
    (0x0000000801008000, 55, 7003), // f2
    (0x000007efe0bfff80, 55, 4197), // g2
    (0x0000000820820020, 55, 7356), // h2
    (0x0000400080808080, 55, 4602), // a3
    (0x00021f0100400808, 55, 4538), // b3
    (0x00018000c06f3fff, 55, 29531), // c3
    (0x0000258200801000, 55, 45393), // d3
    (0x0000240080840000, 55, 12420), // e3
    (0x000018000c03fff8, 55, 15763), // f3
    (0x00000a5840208020, 55, 5050), // g3
    (0x0000020008208020, 55, 4346), // h3
    (0x0000804000810100, 55, 6074), // a4
    (0x0001011900802008, 55, 7866), // b4
    (0x0000804000810100, 55, 32139), // c4
    (0x000100403c0403ff, 55, 57673), // d4
    (0x00078402a8802000, 55, 55365), // e4
    (0x0000101000804400, 55, 15818), // f4
    (0x0000080800104100, 55, 5562), // g4
    (0x00004004c0082008, 55, 6390), // h4
    (0x0001010120008020, 55, 7930), // a5
    (0x000080809a004010, 55, 13329), // b5
    (0x0007fefe08810010, 55, 7170), // c5
    (0x0003ff0f833fc080, 55, 27267), // d5
    (0x007fe08019003042, 55, 53787), // e5
    (0x003fffefea003000, 55, 5097), // f5
    (0x0000101010002080, 55, 6643), // g5
    (0x0000802005080804, 55, 6138), // h5
    (0x0000808080a80040, 55, 7418), // a6
    (0x0000104100200040, 55, 7898), // b6
    (0x0003ffdf7f833fc0, 55, 42012), // c6
    (0x0000008840450020, 55, 57350), // d6
    (0x00007ffc80180030, 55, 22813), // e6
    (0x007fffdd80140028, 55, 56693), // f6
    (0x00020080200a0004, 55, 5818), // g6
    (0x0000101010100020, 55, 7098), // h6
    (0x0007ffdfc1805000, 55, 4451), // a7
    (0x0003ffefe0c02200, 55, 4709), // b7
    (0x0000000820806000, 55, 4794), // c7
    (0x0000000008403000, 55, 13364), // d7
    (0x0000000100202000, 55, 4570), // e7
    (0x0000004040802000, 55, 4282), // f7
    (0x0004010040100400, 55, 14964), // g7
    (0x00006020601803f4, 55, 4026), // h7
    (0x0003ffdfdfc28048, 55, 4826), // a8
    (0x0000000820820020, 55, 7354), // b8
    (0x0000000008208060, 55, 4848), // c8
    (0x0000000000808020, 55, 15946), // d8
    (0x0000000001002020, 55, 14932), // e8
    (0x0000000401002008, 55, 16588), // f8
    (0x0000004040404040, 55, 6905), // g8
    (0x007fff9fdf7ff813, 55, 16076), // h8
];
