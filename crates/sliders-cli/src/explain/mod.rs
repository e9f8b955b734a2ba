//! Each step a scheme takes from an occupancy to an attack set, as data
//! ([`Explanation`]), computed from the core's own data (its masks, magics, shifts and offsets in
//! `sliders_core::schemes::data` and `sliders_core::reference`), so what is shown is what
//! the tables were built from. The entry read from the table is the scheme's own lookup.
//!
//! Magic schemes: the mask and the masked occupancy as boards, the product in hex and
//! binary with the index bits marked, the shift, the index, the offset, the table index
//! and the entry. PEXT schemes: the gathered bits instead of the product. Ray schemes
//! (classical, hyperbola, kogge-stone, simd): each ray, the squares it crosses and the
//! blocker that stops it.
//!
//! One model, two renderings: `show --explain` draws it as text ([`text`]), `sliders
//! serve` sends it as JSON ([`json`]) for the page to draw. A step is changed here once.

#[cfg(feature = "serve")]
pub mod json;
pub mod text;

use sliders_core::reference::{self, RookOrBishop, BISHOP_RAYS, ROOK_RAYS};
use sliders_core::schemes::data::{self, pext_pdep};
use sliders_core::schemes::{IndexFn, MagicEntry, SchemeId};
use sliders_core::{Bitboard, Square};

/// How a scheme turns an occupancy into an index, with the data it reads.
enum Steps {
    /// `offset + ((occupied & mask) * magic >> shift)` and its variants.
    Magic {
        entry: MagicEntry,
        index: IndexFn,
        /// A note on how the scheme stores the entry (shared post-mask, shift in magic).
        post: Option<Bitboard>,
        note: &'static str,
    },
    /// A magic index into a byte table, whose byte numbers a distinct set.
    ByteLookup(data::byte_lookup::Entry),
    /// `offset + pext(occupied, mask)`; with `pdep_rays`, the 16-bit entry is
    /// deposited under the empty-board rays.
    Pext { pdep_rays: Option<u64> },
    /// No index: the rays are walked or filled.
    Rays(&'static str),
}

/// The steps `scheme` takes for `piece` on `square`. The match is over the core's
/// registry ([`SchemeId`]): a scheme added there does not compile here until it says
/// how its lookup is explained (the CLI builds every scheme).
fn steps(scheme: SchemeId, piece: RookOrBishop, square: Square) -> Steps {
    let s = square as usize;
    let rook = piece == RookOrBishop::Rook;
    let pick = |r: &[MagicEntry; 64], b: &[MagicEntry; 64]| if rook { r[s] } else { b[s] };
    let magic = |entry, index, note| Steps::Magic {
        entry,
        index,
        post: None,
        note,
    };
    match scheme {
        SchemeId::Fancy => magic(pick(&data::fancy::ROOK, &data::fancy::BISHOP), data::fancy::INDEX, ""),
        SchemeId::FancyBest => magic(
            pick(&data::fancy_best::ROOK, &data::fancy_best::BISHOP),
            data::fancy_best::INDEX,
            "",
        ),
        SchemeId::Plain => magic(pick(&data::plain::ROOK, &data::plain::BISHOP), data::plain::INDEX, ""),
        SchemeId::FixedShift => magic(
            pick(&data::fixed_shift::ROOK, &data::fixed_shift::BISHOP),
            data::fixed_shift::INDEX,
            "",
        ),
        SchemeId::Black => magic(pick(&data::black::ROOK, &data::black::BISHOP), data::black::INDEX, ""),
        SchemeId::Fancy32 => magic(
            pick(&data::fancy32::ROOK, &data::fancy32::BISHOP),
            data::fancy32::INDEX,
            "",
        ),
        SchemeId::OffsetInMagic => magic(
            pick(&data::offset_in_magic::ROOK, &data::offset_in_magic::BISHOP),
            data::offset_in_magic::INDEX,
            "the offset is the magic's low 16 bits, shifted left by the set's offset shift",
        ),
        SchemeId::ShiftInMagic => magic(
            pick(&data::shift_in_magic::ROOK, &data::shift_in_magic::BISHOP),
            data::shift_in_magic::INDEX,
            "the shift is the magic's top 6 bits (magic >> 58)",
        ),
        SchemeId::Shared => {
            let e = if rook {
                data::shared::ROOK[s]
            } else {
                data::shared::BISHOP[s]
            };
            Steps::Magic {
                entry: MagicEntry {
                    mask: e.mask,
                    magic: e.magic,
                    shift: e.shift,
                    offset: e.offset,
                },
                index: IndexFn::Magic,
                post: Some(e.post),
                note: "squares share regions; the entry is ANDed with the square's post-mask",
            }
        }
        SchemeId::ByteLookup => Steps::ByteLookup(if rook {
            data::byte_lookup::ROOK[s]
        } else {
            data::byte_lookup::BISHOP[s]
        }),
        SchemeId::Pext => Steps::Pext { pdep_rays: None },
        SchemeId::PextPdep => Steps::Pext {
            pdep_rays: Some(if rook { ROOK_RAYS[s].0 } else { BISHOP_RAYS[s].0 }),
        },
        SchemeId::Classical => Steps::Rays("walks each ray square by square until the edge or a blocker"),
        SchemeId::Hyperbola => Steps::Rays(
            "hyperbola quintessence, o ^ (o - 2s) on each line, per ray: the result is the same rays",
        ),
        SchemeId::KoggeStone => Steps::Rays("occluded fills in each direction: the result is the same rays"),
        SchemeId::Simd | SchemeId::SimdAvx2 | SchemeId::SimdScalar => {
            Steps::Rays("the four lines in vector lanes: the result is the same rays")
        }
    }
}

/// One lookup, step by step: what [`explain`] returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// Rook or bishop (a queen is one of each).
    pub piece: RookOrBishop,
    /// The slider's square.
    pub square: Square,
    /// The occupancy looked up.
    pub occupied: Bitboard,
    /// The scheme's name.
    pub scheme: String,
    /// The index formula (`index = ...`), or how a ray scheme works without one.
    pub formula: String,
    /// How the scheme stores its entry, where it differs from the plain form.
    pub note: Option<&'static str>,
    /// The steps in order.
    pub steps: Vec<Step>,
    /// What the scheme returned.
    pub attacks: Bitboard,
    /// The table entry read (the byte index for byte-lookup); `None` for ray schemes.
    pub table_index: Option<u64>,
    /// Whether the reference ray walk gives the same attacks.
    pub agrees: bool,
}

/// One step of a lookup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The relevant-occupancy mask.
    Mask(Bitboard),
    /// What is multiplied or gathered: `occupied & mask`, or `occupied | !mask` (black).
    Operand {
        /// `"occupied & mask"` or `"occupied | !mask"`.
        title: &'static str,
        /// Its value.
        set: Bitboard,
    },
    /// The 64-bit product; its top `index_bits` bits are the index.
    Product {
        /// The operand.
        operand: u64,
        /// The magic factor.
        magic: u64,
        /// `operand * magic` mod 2^64.
        product: u64,
        /// How many of the top bits are the index.
        index_bits: u32,
    },
    /// fancy32's folded product: two 32-bit products, XORed.
    Folded {
        /// The low halves multiplied.
        lo: [u32; 3],
        /// The high halves multiplied.
        hi: [u32; 3],
        /// `lo ^ hi`.
        folded: u32,
        /// How many of its top bits are the index.
        index_bits: u32,
    },
    /// PEXT: the mask's squares, a1 side lowest, and the bit each gathers.
    Gather {
        /// Each mask square and whether it is occupied.
        squares: Vec<(Square, bool)>,
        /// The gathered value.
        value: u64,
    },
    /// The right shift and the local index it leaves.
    Shift {
        /// The shift.
        shift: u32,
        /// The local index.
        value: u64,
        /// Its bits.
        index_bits: u32,
    },
    /// The square's offset added: the table index.
    Offset {
        /// The offset.
        offset: u64,
        /// The table index.
        table_index: u64,
    },
    /// The entry read (ANDed with a post-mask for the shared table).
    Entry {
        /// Where.
        table_index: u64,
        /// The shared table's post-mask.
        post: Option<Bitboard>,
        /// The attacks.
        value: Bitboard,
    },
    /// byte-lookup: the byte read names one of the square's distinct sets.
    Byte {
        /// Where the square's bytes start.
        bytes: u64,
        /// The byte index read.
        byte_index: u64,
        /// Where the square's sets start.
        list: u64,
        /// The set.
        set: Bitboard,
    },
    /// pext-pdep: the 16-bit entry and the rays it is deposited under.
    Deposit {
        /// Where.
        table_index: u64,
        /// The 16-bit entry.
        entry: u64,
        /// The empty-board rays.
        rays: u64,
        /// `pdep(entry, rays)`.
        value: Bitboard,
    },
    /// Ray schemes: each ray, the squares it crosses and its blocker.
    Rays(Vec<Ray>),
}

/// One ray of a ray scheme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ray {
    /// `north`, `south-east`, ...
    pub direction: &'static str,
    /// The squares it crosses, nearest first (its blocker last).
    pub squares: Vec<Square>,
    /// The blocker that stops it; `None`: the edge.
    pub blocker: Option<Square>,
}

/// The explanation of one rook or bishop lookup; `attacks` is what the scheme returned.
pub fn explain(
    scheme: SchemeId,
    piece: RookOrBishop,
    square: Square,
    occupied: Bitboard,
    attacks: Bitboard,
) -> Explanation {
    let mask = piece.mask(square);
    let mut ex = Explanation {
        piece,
        square,
        occupied,
        scheme: scheme.name().to_string(),
        formula: String::new(),
        note: None,
        steps: Vec::new(),
        attacks,
        table_index: None,
        agrees: attacks == reference::attacks(piece.slider(), square, occupied),
    };
    match steps(scheme, piece, square) {
        Steps::Magic {
            entry,
            index,
            post,
            note,
        } => {
            ex.formula = match index {
                IndexFn::Magic => "index = offset + ((occupied & mask) * magic >> shift)",
                IndexFn::Black => "index = offset + ((occupied | !mask) * magic >> shift)",
                IndexFn::Magic32 => {
                    "index = offset + ((lo(occupied & mask) * lo(magic)) ^ (hi(occupied & mask) * hi(magic))) >> shift"
                }
            }
            .into();
            ex.note = (!note.is_empty()).then_some(note);
            let (operand, title) = match index {
                IndexFn::Black => (occupied.0 | !mask.0, "occupied | !mask"),
                _ => (occupied.0 & mask.0, "occupied & mask"),
            };
            ex.steps.push(Step::Mask(mask));
            ex.steps.push(Step::Operand {
                title,
                set: Bitboard(operand),
            });
            let product_bits = if index == IndexFn::Magic32 { 32 } else { 64 };
            let bits = product_bits - entry.shift;
            let local = if index == IndexFn::Magic32 {
                let lo = [operand as u32, entry.magic as u32, 0];
                let hi = [(operand >> 32) as u32, (entry.magic >> 32) as u32, 0];
                let lo = [lo[0], lo[1], lo[0].wrapping_mul(lo[1])];
                let hi = [hi[0], hi[1], hi[0].wrapping_mul(hi[1])];
                let folded = lo[2] ^ hi[2];
                ex.steps.push(Step::Folded {
                    lo,
                    hi,
                    folded,
                    index_bits: bits,
                });
                (folded >> entry.shift) as u64
            } else {
                let product = operand.wrapping_mul(entry.magic);
                ex.steps.push(Step::Product {
                    operand,
                    magic: entry.magic,
                    product,
                    index_bits: bits,
                });
                product >> entry.shift
            };
            ex.steps.push(Step::Shift {
                shift: entry.shift,
                value: local,
                index_bits: bits,
            });
            let table_index = index.index(&entry, occupied) as u64;
            ex.steps.push(Step::Offset {
                offset: entry.offset.into(),
                table_index,
            });
            ex.steps.push(Step::Entry {
                table_index,
                post,
                value: attacks,
            });
            ex.table_index = Some(table_index);
        }
        Steps::ByteLookup(entry) => {
            let relevant = occupied.0 & entry.mask;
            ex.formula = "index = bytes + ((occupied & mask) * magic >> shift); the byte there numbers a distinct set at list + byte".into();
            ex.steps.push(Step::Mask(mask));
            ex.steps.push(Step::Operand {
                title: "occupied & mask",
                set: Bitboard(relevant),
            });
            let product = relevant.wrapping_mul(entry.magic);
            let bits = 64 - entry.shift;
            ex.steps.push(Step::Product {
                operand: relevant,
                magic: entry.magic,
                product,
                index_bits: bits,
            });
            let local = product >> entry.shift;
            ex.steps.push(Step::Shift {
                shift: entry.shift,
                value: local,
                index_bits: bits,
            });
            let byte_index = entry.bytes as u64 + local;
            ex.steps.push(Step::Byte {
                bytes: entry.bytes.into(),
                byte_index,
                list: entry.list.into(),
                set: attacks,
            });
            ex.table_index = Some(byte_index);
        }
        Steps::Pext { pdep_rays } => {
            let relevant = occupied.0 & mask.0;
            let gathered = pext_pdep::pext_soft(occupied.0, mask.0);
            let offset = reference::pext_layout_offset(piece.slider(), square) as u64;
            ex.formula = "index = offset + pext(occupied, mask)".into();
            ex.steps.push(Step::Mask(mask));
            ex.steps.push(Step::Operand {
                title: "occupied & mask",
                set: Bitboard(relevant),
            });
            ex.steps.push(Step::Gather {
                squares: mask
                    .into_iter()
                    .map(|sq| (sq, occupied.contains(sq)))
                    .collect(),
                value: gathered,
            });
            let table_index = offset + gathered;
            ex.steps.push(Step::Offset {
                offset,
                table_index,
            });
            ex.steps.push(match pdep_rays {
                None => Step::Entry {
                    table_index,
                    post: None,
                    value: attacks,
                },
                Some(rays) => Step::Deposit {
                    table_index,
                    entry: pext_pdep::pext_soft(attacks.0, rays),
                    rays,
                    value: Bitboard(pext_pdep::pdep_soft(
                        pext_pdep::pext_soft(attacks.0, rays),
                        rays,
                    )),
                },
            });
            ex.table_index = Some(table_index);
        }
        Steps::Rays(how) => {
            ex.formula = format!("no index: {how}");
            ex.steps.push(Step::Rays(rays(piece, square, occupied)));
        }
    }
    ex
}

/// Each ray of `piece` from `square`: the squares it crosses and what stops it.
fn rays(piece: RookOrBishop, square: Square, occupied: Bitboard) -> Vec<Ray> {
    let directions: [(&str, i8, i8); 4] = match piece {
        RookOrBishop::Rook => [
            ("north", 0, 1),
            ("east", 1, 0),
            ("south", 0, -1),
            ("west", -1, 0),
        ],
        RookOrBishop::Bishop => [
            ("north-east", 1, 1),
            ("south-east", 1, -1),
            ("south-west", -1, -1),
            ("north-west", -1, 1),
        ],
    };
    directions
        .into_iter()
        .map(|(direction, df, dr)| {
            let mut ray = Ray {
                direction,
                squares: Vec::new(),
                blocker: None,
            };
            let (mut file, mut rank) = (square.file() as i8 + df, square.rank() as i8 + dr);
            while (0..8).contains(&file) && (0..8).contains(&rank) {
                let sq = Square::ALL[(rank * 8 + file) as usize];
                ray.squares.push(sq);
                if occupied.contains(sq) {
                    ray.blocker = Some(sq);
                    break;
                }
                file += df;
                rank += dr;
            }
            ray
        })
        .collect()
}
