//! `shift-in-magic`: Grant Osborne's layout. The shift lives in the top 6 bits of the
//! magic, index `((occupied & pre_mask) * magic) >> (magic >> 58)`, so a square's entry
//! is exactly pre-mask, post-mask, magic and table offset: 32 bytes, half a cache line,
//! two squares per line. The looked-up set is ANDed with the post-mask (the square's
//! empty-board attacks), which lets tables be shared between squares; with this set's
//! popcount-sized tables (107,648 entries, 841 KiB) it changes nothing.
//!
//! The magics must have their shift in their own top bits, so published sets do not
//! serve: ours come from a search with the top 6 bits fixed (xorshift64* seed 1,
//! sparse candidates, top-byte filter; 1,263,447 candidates, 0.15 s), recorded in
//! `tests/data/own/shift_in_magic_sliders_seed1.csv`.

use super::magic::{build, entries, IndexFn, MagicData, MagicEntry};
use crate::reference::{BISHOP_RAYS, ROOK_RAYS};
use crate::{Bitboard, Slider, Square};

/// Entries in the attack table.
pub const TABLE_ENTRIES: usize = 107_648;

const ROOK_ENTRIES: [MagicEntry; 64] = entries(Slider::Rook, &ROOK);
const BISHOP_ENTRIES: [MagicEntry; 64] = entries(Slider::Bishop, &BISHOP);

static ATTACKS: [Bitboard; TABLE_ENTRIES] = build(&ROOK_ENTRIES, &BISHOP_ENTRIES, IndexFn::Magic);

/// Pre-mask, post-mask, magic (shift in its top 6 bits) and offset: 32 bytes.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Entry {
    pre_mask: u64,
    post_mask: u64,
    magic: u64,
    offset: usize,
}

const fn lookups(from: &[MagicEntry; 64], rays: &[Bitboard; 64]) -> [Entry; 64] {
    let mut out = [Entry {
        pre_mask: 0,
        post_mask: 0,
        magic: 0,
        offset: 0,
    }; 64];
    let mut i = 0;
    while i < 64 {
        // The lookup takes the shift from the magic: it must be the data's shift.
        assert!(from[i].magic >> 58 == from[i].shift as u64);
        out[i] = Entry {
            pre_mask: from[i].mask.0,
            post_mask: rays[i].0,
            magic: from[i].magic,
            offset: from[i].offset as usize,
        };
        i += 1;
    }
    out
}

static ROOK_LOOKUPS: [Entry; 64] = lookups(&ROOK_ENTRIES, &ROOK_RAYS);
static BISHOP_LOOKUPS: [Entry; 64] = lookups(&BISHOP_ENTRIES, &BISHOP_RAYS);

#[inline(always)]
fn lookup(e: &Entry, occupied: Bitboard) -> Bitboard {
    let index = (occupied.0 & e.pre_mask).wrapping_mul(e.magic) >> (e.magic >> 58);
    Bitboard(ATTACKS[e.offset + index as usize].0 & e.post_mask)
}

/// The `shift-in-magic` scheme.
///
/// ```
/// use sliders::schemes::{Scheme, ShiftInMagic};
/// use sliders::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(ShiftInMagic.queen_attacks(Square::A8, occupied), reference::queen_attacks(Square::A8, occupied));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ShiftInMagic;

impl super::Scheme for ShiftInMagic {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        lookup(&ROOK_LOOKUPS[square as usize], occupied)
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        lookup(&BISHOP_LOOKUPS[square as usize], occupied)
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&ATTACKS)
    }

    fn name(&self) -> &'static str {
        "shift-in-magic"
    }
}

// Source: tests/data/own/shift_in_magic_sliders_seed1.csv (our search, seed 1); bishop
// offsets moved past the 102,400 rook entries.
#[rustfmt::skip]
const ROOK: MagicData = [
    (0xd080002080400018, 52, 0), // a1
    (0xd480200014400080, 53, 4096), // b1
    (0xd50008910044a000, 53, 6144), // c1
    (0xd480080010008005, 53, 8192), // d1
    (0xd600100845202200, 53, 10240), // e1
    (0xd480040080220011, 53, 12288), // f1
    (0xd400100402010088, 53, 14336), // g1
    (0xd100048844210002, 52, 16384), // h1
    (0xd400800080400028, 53, 20480), // a2
    (0xd804802000854000, 54, 22528), // b2
    (0xd802801000802000, 54, 23552), // c2
    (0xd802808008001000, 54, 24576), // d2
    (0xd802001020040a00, 54, 25600), // e2
    (0xd802001084088200, 54, 26624), // f2
    (0xd844004481121810, 54, 27648), // g2
    (0xd405000042018b00, 53, 28672), // h2
    (0xd440008000408020, 53, 30720), // a3
    (0xd810004000402005, 54, 32768), // b3
    (0xd810808020001004, 54, 33792), // c3
    (0xd885050009100020, 54, 34816), // d3
    (0xd808008004000880, 54, 35840), // e3
    (0xd902010100040008, 54, 36864), // f3
    (0xd944010100020004, 54, 37888), // g3
    (0xd500c20000804401, 53, 38912), // h3
    (0xd480004040002004, 53, 40960), // a4
    (0xd880200040100040, 54, 43008), // b4
    (0xd800200100410014, 54, 44032), // c4
    (0xd8001042000a0020, 54, 45056), // d4
    (0xd808050100080010, 54, 46080), // e4
    (0xd800a00801400410, 54, 47104), // f4
    (0xd8010011000a0044, 54, 48128), // g4
    (0xd7220a4200042185, 53, 49152), // h4
    (0xd400400080800020, 53, 51200), // a5
    (0xd840005000402000, 54, 53248), // b5
    (0xd9a8200101004010, 54, 54272), // c5
    (0xd802080284801000, 54, 55296), // d5
    (0xd808020040400400, 54, 56320), // e5
    (0xd840020080800400, 54, 57344), // f5
    (0xd914082644003b10, 54, 58368), // g5
    (0xd401000441002292, 53, 59392), // h5
    (0xd400400020908000, 53, 61440), // a6
    (0xd820100040284000, 54, 63488), // b6
    (0xd802008020460011, 54, 64512), // c6
    (0xd90020400a020010, 54, 65536), // d6
    (0xd87c000800808004, 54, 66560), // e6
    (0xd802001020040400, 54, 67584), // f6
    (0xda05020108040010, 54, 68608), // g6
    (0xd400088c00620001, 53, 69632), // h6
    (0xd408920048210200, 53, 71680), // a7
    (0xd801c000a0100440, 54, 73728), // b7
    (0xd822801a00204200, 54, 74752), // c7
    (0xd805002010000900, 54, 75776), // d7
    (0xd840080004008080, 54, 76800), // e7
    (0xd804010040020040, 54, 77824), // f7
    (0xd80a000401084200, 54, 78848), // g7
    (0xd702ac0500804600, 53, 79872), // h7
    (0xd002048840201102, 52, 81920), // a8
    (0xd641004000241481, 53, 86016), // b8
    (0xd480401020040901, 53, 88064), // c8
    (0xd402002040080412, 53, 90112), // d8
    (0xd506000410082002, 53, 92160), // e8
    (0xd622001008040102, 53, 94208), // f8
    (0xd491002082000421, 53, 96256), // g8
    (0xd00c004030810402, 52, 98304), // h8
];
#[rustfmt::skip]
const BISHOP: MagicData = [
    (0xe840920242002100, 58, 102400), // a1
    (0xec100111011a0100, 59, 102464), // b1
    (0xec0808204080001c, 59, 102496), // c1
    (0xec28208020010020, 59, 102528), // d1
    (0xec42021080021206, 59, 102560), // e1
    (0xec28440220404001, 59, 102592), // f1
    (0xec01011002202730, 59, 102624), // g1
    (0xe84d002814020880, 58, 102656), // h1
    (0xec24a00850210040, 59, 102720), // a2
    (0xec0348412c208202, 59, 102752), // b2
    (0xec02100414404800, 59, 102784), // c2
    (0xee00082080202004, 59, 102816), // d2
    (0xec00040420100080, 59, 102848), // e2
    (0xec4c0101a0100080, 59, 102880), // f2
    (0xec20861221044000, 59, 102912), // g2
    (0xec8a018a5c0a2008, 59, 102944), // h2
    (0xecc0801002085102, 59, 102976), // a3
    (0xec20981049820282, 59, 103008), // b3
    (0xe410008101142100, 57, 103040), // c3
    (0xe402100402120010, 57, 103168), // d3
    (0xe604004211040000, 57, 103296), // e3
    (0xe500400488201002, 57, 103424), // f3
    (0xec120080820160c0, 59, 103552), // g3
    (0xec81000020825010, 59, 103584), // h3
    (0xec12408058084806, 59, 103616), // a4
    (0xec02104020194200, 59, 103648), // b4
    (0xe448208004080081, 57, 103680), // c4
    (0xdc84010040200880, 55, 103808), // d4
    (0xdc10030006200800, 55, 104320), // e4
    (0xe448020090208400, 57, 104832), // f4
    (0xec0822100c420210, 59, 104960), // g4
    (0xed040020204a0201, 59, 104992), // h4
    (0xec0834140942080a, 59, 105024), // a5
    (0xec04100440082180, 59, 105056), // b5
    (0xe69c060200010401, 57, 105088), // c5
    (0xdc13020080080080, 55, 105216), // d5
    (0xdc01080200802200, 55, 105728), // e5
    (0xe410150042020040, 57, 106240), // f5
    (0xef82808200110800, 59, 106368), // g5
    (0xec020840401a0200, 59, 106400), // h5
    (0xee08901090000a08, 59, 106432), // a6
    (0xed00480804040880, 59, 106464), // b6
    (0xe400084410000200, 57, 106496), // c6
    (0xe402012015000809, 57, 106624), // d6
    (0xe500012011000204, 57, 106752), // e6
    (0xe440100040840440, 57, 106880), // f6
    (0xec21480100500101, 59, 107008), // g6
    (0xec01810405048080, 59, 107040), // h6
    (0xec06011120100220, 59, 107072), // a7
    (0xec60849808424010, 59, 107104), // b7
    (0xec10004610904008, 59, 107136), // c7
    (0xec00040020880418, 59, 107168), // d7
    (0xec54002002049000, 59, 107200), // e7
    (0xece92004d0088826, 59, 107232), // f7
    (0xec04049024011044, 59, 107264), // g7
    (0xec10021081021010, 59, 107296), // h7
    (0xe800804410144200, 58, 107328), // a8
    (0xec01062108023000, 59, 107392), // b8
    (0xed10000200840412, 59, 107424), // c8
    (0xed900902020a0202, 59, 107456), // d8
    (0xee00090040228220, 59, 107488), // e8
    (0xec08048820086085, 59, 107520), // f8
    (0xec21c18401820a01, 59, 107552), // g8
    (0xe8402101010a0180, 58, 107584), // h8
];
