//! `black`: black magics index with `offset + ((occupied | !mask) * magic >> shift)`.
//! Setting every bit outside the mask, instead of clearing it, gives the search more
//! freedom: the index ranges shrink and pack tighter into one shared table, 87,988
//! entries (687.4 KiB), the smallest verified shared table published. Fixed shifts 52/55.
//!
//! Source: Volker Annuss and Niklas Fiekas (2017), the set in Cfish and cozy-chess,
//! `tests/data/magics/black_magics_87988_annuss_fiekas.csv`.

use super::magic::{build, entries, IndexFn, MagicData, MagicEntry};
use crate::{Bitboard, Slider, Square};

/// Entries in the shared attack table.
pub const TABLE_ENTRIES: usize = 87_988;

/// The standard-form entries: mask, magic, shift, offset.
pub const ROOK_ENTRIES: [MagicEntry; 64] = entries(Slider::Rook, &ROOK);
/// The standard-form bishop entries.
pub const BISHOP_ENTRIES: [MagicEntry; 64] = entries(Slider::Bishop, &BISHOP);

static ATTACKS: [Bitboard; TABLE_ENTRIES] = build(&ROOK_ENTRIES, &BISHOP_ENTRIES, IndexFn::Black);

/// What the lookup loads: the complement of the mask, precomputed, and the rest.
#[derive(Clone, Copy)]
struct Lookup {
    not_mask: u64,
    magic: u64,
    offset: usize,
}

const fn lookups(from: &[MagicEntry; 64]) -> [Lookup; 64] {
    let mut out = [Lookup {
        not_mask: 0,
        magic: 0,
        offset: 0,
    }; 64];
    let mut i = 0;
    while i < 64 {
        out[i] = Lookup {
            not_mask: !from[i].mask.0,
            magic: from[i].magic,
            offset: from[i].offset as usize,
        };
        i += 1;
    }
    out
}

static ROOK_LOOKUPS: [Lookup; 64] = lookups(&ROOK_ENTRIES);
static BISHOP_LOOKUPS: [Lookup; 64] = lookups(&BISHOP_ENTRIES);

/// The `black` scheme.
///
/// ```
/// use sliders::schemes::{Black, Scheme};
/// use sliders::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(Black.queen_attacks(Square::C6, occupied), reference::queen_attacks(Square::C6, occupied));
/// assert_eq!(Black.table_bytes(), 87_988 * 8);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Black;

impl super::Scheme for Black {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let e = &ROOK_LOOKUPS[square as usize];
        ATTACKS[e.offset + ((occupied.0 | e.not_mask).wrapping_mul(e.magic) >> 52) as usize]
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let e = &BISHOP_LOOKUPS[square as usize];
        ATTACKS[e.offset + ((occupied.0 | e.not_mask).wrapping_mul(e.magic) >> 55) as usize]
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&ATTACKS)
    }

    fn name(&self) -> &'static str {
        "black"
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

// Source: tests/data/magics/black_magics_87988_annuss_fiekas.csv (Annuss and Fiekas).
#[rustfmt::skip]
const ROOK: MagicData = [
    (0x80280013ff84ffff, 52, 10890), // a1
    (0x5ffbfefdfef67fff, 52, 50579), // b1
    (0xffeffaffeffdffff, 52, 62020), // c1
    (0x003000900300008a, 52, 67322), // d1
    (0x0050028010500023, 52, 80251), // e1
    (0x0020012120a00020, 52, 58503), // f1
    (0x0030006000c00030, 52, 51175), // g1
    (0x0058005806b00002, 52, 83130), // h1
    (0x7fbff7fbfbeafffc, 52, 50430), // a2
    (0x0000140081050002, 52, 21613), // b2
    (0x0000180043800048, 52, 72625), // c2
    (0x7fffe800021fffb8, 52, 80755), // d2
    (0xffffcffe7fcfffaf, 52, 69753), // e2
    (0x00001800c0180060, 52, 26973), // f2
    (0x4f8018005fd00018, 52, 84972), // g2
    (0x0000180030620018, 52, 31958), // h2
    (0x00300018010c0003, 52, 69272), // a3
    (0x0003000c0085ffff, 52, 48372), // b3
    (0xfffdfff7fbfefff7, 52, 65477), // c3
    (0x7fc1ffdffc001fff, 52, 43972), // d3
    (0xfffeffdffdffdfff, 52, 57154), // e3
    (0x7c108007befff81f, 52, 53521), // f3
    (0x20408007bfe00810, 52, 30534), // g3
    (0x0400800558604100, 52, 16548), // h3
    (0x0040200010080008, 52, 46407), // a4
    (0x0010020008040004, 52, 11841), // b4
    (0xfffdfefff7fbfff7, 52, 21112), // c4
    (0xfebf7dfff8fefff9, 52, 44214), // d4
    (0xc00000ffe001ffe0, 52, 57925), // e4
    (0x4af01f00078007c3, 52, 29574), // f4
    (0xbffbfafffb683f7f, 52, 17309), // g4
    (0x0807f67ffa102040, 52, 40143), // h4
    (0x200008e800300030, 52, 64659), // a5
    (0x0000008780180018, 52, 70469), // b5
    (0x0000010300180018, 52, 62917), // c5
    (0x4000008180180018, 52, 60997), // d5
    (0x008080310005fffa, 52, 18554), // e5
    (0x4000188100060006, 52, 14385), // f5
    (0xffffff7fffbfbfff, 52, 0), // g5
    (0x0000802000200040, 52, 38091), // h5
    (0x20000202ec002800, 52, 25122), // a6
    (0xfffff9ff7cfff3ff, 52, 60083), // b6
    (0x000000404b801800, 52, 72209), // c6
    (0x2000002fe03fd000, 52, 67875), // d6
    (0xffffff6ffe7fcffd, 52, 56290), // e6
    (0xbff7efffbfc00fff, 52, 43807), // f6
    (0x000000100800a804, 52, 73365), // g6
    (0x6054000a58005805, 52, 76398), // h6
    (0x0829000101150028, 52, 20024), // a7
    (0x00000085008a0014, 52, 9513), // b7
    (0x8000002b00408028, 52, 24324), // c7
    (0x4000002040790028, 52, 22996), // d7
    (0x7800002010288028, 52, 23213), // e7
    (0x0000001800e08018, 52, 56002), // f7
    (0xa3a80003f3a40048, 52, 22809), // g7
    (0x2003d80000500028, 52, 44545), // h7
    (0xfffff37eefefdfbe, 52, 36072), // a8
    (0x40000280090013c1, 52, 4750), // b8
    (0xbf7ffeffbffaf71f, 52, 6014), // c8
    (0xfffdffff777b7d6e, 52, 36054), // d8
    (0x48300007e8080c02, 52, 78538), // e8
    (0xafe0000fff780402, 52, 28745), // f8
    (0xee73fffbffbb77fe, 52, 8555), // g8
    (0x0002000308482882, 52, 1009), // h8
];
#[rustfmt::skip]
const BISHOP: MagicData = [
    (0xa7020080601803d8, 55, 60984), // a1
    (0x13802040400801f1, 55, 66046), // b1
    (0x0a0080181001f60c, 55, 32910), // c1
    (0x1840802004238008, 55, 16369), // d1
    (0xc03fe00100000000, 55, 42115), // e1
    (0x24c00bffff400000, 55, 835), // f1
    (0x0808101f40007f04, 55, 18910), // g1
    (0x100808201ec00080, 55, 25911), // h1
    (0xffa2feffbfefb7ff, 55, 63301), // a2
    (0x083e3ee040080801, 55, 16063), // b2
    (0xc0800080181001f8, 55, 17481), // c2
    (0x0440007fe0031000, 55, 59361), // d2
    (0x2010007ffc000000, 55, 18735), // e2
    (0x1079ffe000ff8000, 55, 61249), // f2
    (0x3c0708101f400080, 55, 68938), // g2
    (0x080614080fa00040, 55, 61791), // h2
    (0x7ffe7fff817fcff9, 55, 21893), // a3
    (0x7ffebfffa01027fd, 55, 62068), // b3
    (0x53018080c00f4001, 55, 19829), // c3
    (0x407e0001000ffb8a, 55, 26091), // d3
    (0x201fe000fff80010, 55, 15815), // e3
    (0xffdfefffde39ffef, 55, 16419), // f3
    (0xcc8808000fbf8002, 55, 59777), // g3
    (0x7ff7fbfff8203fff, 55, 16288), // h3
    (0x8800013e8300c030, 55, 33235), // a4
    (0x0420009701806018, 55, 15459), // b4
    (0x7ffeff7f7f01f7fd, 55, 15863), // c4
    (0x8700303010c0c006, 55, 75555), // d4
    (0xc800181810606000, 55, 79445), // e4
    (0x20002038001c8010, 55, 15917), // f4
    (0x087ff038000fc001, 55, 8512), // g4
    (0x00080c0c00083007, 55, 73069), // h4
    (0x00000080fc82c040, 55, 16078), // a5
    (0x000000407e416020, 55, 19168), // b5
    (0x00600203f8008020, 55, 11056), // c5
    (0xd003fefe04404080, 55, 62544), // d5
    (0xa00020c018003088, 55, 80477), // e5
    (0x7fbffe700bffe800, 55, 75049), // f5
    (0x107ff00fe4000f90, 55, 32947), // g5
    (0x7f8fffcff1d007f8, 55, 59172), // h5
    (0x0000004100f88080, 55, 55845), // a6
    (0x00000020807c4040, 55, 61806), // b6
    (0x00000041018700c0, 55, 73601), // c6
    (0x0010000080fc4080, 55, 15546), // d6
    (0x1000003c80180030, 55, 45243), // e6
    (0xc10000df80280050, 55, 20333), // f6
    (0xffffffbfeff80fdc, 55, 33402), // g6
    (0x000000101003f812, 55, 25917), // h6
    (0x0800001f40808200, 55, 32875), // a7
    (0x084000101f3fd208, 55, 4639), // b7
    (0x080000000f808081, 55, 17077), // c7
    (0x0004000008003f80, 55, 62324), // d7
    (0x08000001001fe040, 55, 18159), // e7
    (0x72dd000040900a00, 55, 61436), // f7
    (0xfffffeffbfeff81d, 55, 57073), // g7
    (0xcd8000200febf209, 55, 61025), // h7
    (0x100000101ec10082, 55, 81259), // a8
    (0x7fbaffffefe0c02f, 55, 64083), // b8
    (0x7f83fffffff07f7f, 55, 56114), // c8
    (0xfff1fffffff7ffc1, 55, 57058), // d8
    (0x0878040000ffe01f, 55, 58912), // e8
    (0x945e388000801012, 55, 22194), // f8
    (0x0840800080200fda, 55, 70880), // g8
    (0x100000c05f582008, 55, 11140), // h8
];
