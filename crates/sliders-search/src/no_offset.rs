//! The nearest relative of the magic-bitboards page's "wishing dream" that can exist, for
//! bishops only (docs/research-wishing-dream.md): a magic per square, the slider's own
//! square in the key, one shift, one shared table per piece and no offsets,
//!
//! ```text
//! table[((occupied & mask[sq] | sq) * magic[sq]) >> (64 - bits)]
//! ```
//!
//! one load fewer than black magics per lookup (no offset). The dream itself (one magic
//! for all squares) is impossible with or without the own square, and so is this form for
//! rooks (f8, g8 and h8 leave it no room); both proofs are in the document and in
//! `crates/sliders-search/tests/wishing_dream.rs`.
//!
//! ```
//! use sliders_core::RookOrBishop;
//! use sliders_search::no_offset::{search, verify};
//! let table = search(RookOrBishop::Bishop, 16, 1, 1_000_000, 10).expect("a 16-bit table");
//! let size = verify(RookOrBishop::Bishop, table.bits, &table.magics).expect("it verifies");
//! assert_eq!(size, (table.entries, table.used));
//! assert!(size.0 <= 1 << 16);
//! ```

use crate::rng::Xorshift64Star;
use sliders_core::{Bitboard, RookOrBishop, Square};

/// A found table: the index bits, a magic per square, the table size (highest entry
/// used + 1), the entries used, and the candidates tested to find it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Index bits: the shift is `64 - bits`.
    pub bits: u32,
    /// The magic of each square.
    pub magics: [u64; 64],
    /// The highest entry used + 1.
    pub entries: usize,
    /// Entries holding an attack set.
    pub used: usize,
    /// Candidate magics tested over all passes.
    pub tested: u64,
}

/// The first conflict [`verify`] meets: two keys of `square` (or of `square` and an
/// earlier square) on `entry` with different attack sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The square whose key met a different attack set.
    pub square: Square,
    /// The entry.
    pub entry: usize,
}

/// Every key of `square` (its relevant occupancies with the square itself) and its attacks.
fn keys(piece: RookOrBishop, square: Square) -> impl Iterator<Item = (u64, u64)> {
    let own = Bitboard::from(square).0;
    piece
        .mask(square)
        .subsets()
        .map(move |sub| (sub.0 | own, piece.attacks(square, sub).0))
}

/// Checks a table: every key of every square, in square order, against the entries
/// written so far. The table's `(entries, used)`, or the first conflict. `bits` must be
/// 1 to 24 (the table is allocated); other values are refused as a conflict on a1.
pub fn verify(
    piece: RookOrBishop,
    bits: u32,
    magics: &[u64; 64],
) -> Result<(usize, usize), Conflict> {
    if !(1..=24).contains(&bits) {
        return Err(Conflict {
            square: Square::A1,
            entry: 0,
        });
    }
    // Attack sets are never empty, so 0 marks a free entry.
    let mut table = vec![0u64; 1 << bits];
    for square in Square::ALL {
        let magic = magics[square as usize];
        for (key, attacks) in keys(piece, square) {
            let entry = (key.wrapping_mul(magic) >> (64 - bits)) as usize;
            if table[entry] != 0 && table[entry] != attacks {
                return Err(Conflict { square, entry });
            }
            table[entry] = attacks;
        }
    }
    let used = table.iter().filter(|&&a| a != 0).count();
    let entries = table.iter().rposition(|&a| a != 0).map_or(0, |i| i + 1);
    Ok((entries, used))
}

/// The order squares are placed in. A slider alone on square X keys to `magic << X`,
/// whose top `bits` bits see only the magic's low 64 - X bits: h8's empty board can land
/// on 2 entries, g8's on 4, and so on. Those squares go first, highest first, while
/// their few entries are free; then the squares with the most mask bits.
fn order(piece: RookOrBishop, bits: u32) -> Vec<Square> {
    let mut order = Square::ALL.to_vec();
    order.sort_by_key(|&s| {
        let cramped = s as u32 + bits >= 64 + 4;
        (
            !cramped,
            if cramped { 64 - s as usize } else { 0 },
            std::cmp::Reverse(piece.mask(s).len()),
            s as u8,
        )
    });
    order
}

/// A greedy random search: square by square (the squares whose empty board has the
/// fewest entries first, then the most mask bits), sparse random magics until one whose
/// entries agree with the table so far (an entry may be shared only by equal attack
/// sets); a square without a magic in `tries` candidates starts a new pass, up to
/// `passes`. Deterministic for a seed. `None` when no pass placed every square or `bits`
/// is outside 1 to 24.
pub fn search(piece: RookOrBishop, bits: u32, seed: u64, tries: u64, passes: u64) -> Option<Table> {
    if !(1..=24).contains(&bits) {
        return None;
    }
    let mut rng = Xorshift64Star::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let shift = 64 - bits;
    let size = 1usize << bits;
    let order = order(piece, bits);
    let mut tested = 0u64;
    'pass: for _ in 0..passes {
        let mut table = vec![0u64; size];
        let mut stamp = vec![0u32; size];
        let mut trial = vec![0u64; size];
        let mut epoch = 0u32;
        let mut magics = [0u64; 64];
        for &square in &order {
            let keys: Vec<(u64, u64)> = keys(piece, square).collect();
            let mut found = None;
            for _ in 0..tries {
                let magic = rng.sparse();
                tested += 1;
                epoch = epoch.wrapping_add(1);
                if epoch == 0 {
                    stamp.fill(0);
                    epoch = 1;
                }
                let fits = keys.iter().all(|&(key, attacks)| {
                    let i = (key.wrapping_mul(magic) >> shift) as usize;
                    if table[i] != 0 && table[i] != attacks {
                        return false;
                    }
                    if stamp[i] == epoch {
                        return trial[i] == attacks;
                    }
                    stamp[i] = epoch;
                    trial[i] = attacks;
                    true
                });
                if fits {
                    found = Some(magic);
                    break;
                }
            }
            let Some(magic) = found else {
                continue 'pass;
            };
            for &(key, attacks) in &keys {
                table[(key.wrapping_mul(magic) >> shift) as usize] = attacks;
            }
            magics[square as usize] = magic;
        }
        let used = table.iter().filter(|&&a| a != 0).count();
        let entries = table.iter().rposition(|&a| a != 0).map_or(0, |i| i + 1);
        return Some(Table {
            bits,
            magics,
            entries,
            used,
            tested,
        });
    }
    None
}

/// The table as CSV in the format of `tests/data/magics` (every offset 0), with a
/// `# scheme: no-offset` line first, for `tools/verify-magic-set.py --scheme no-offset`.
pub fn to_csv(piece: RookOrBishop, table: &Table, comment: &str) -> String {
    let mut out = String::from("# scheme: no-offset (own square in the mask, offsets 0)\n");
    out += &format!("# {comment}\n");
    out += "piece,square,square_index,magic_hex,shift,bits_used,mask_bits,offset\n";
    for square in Square::ALL {
        out += &format!(
            "{},{square},{},0x{:016x},{},{},{},0\n",
            piece.name(),
            square as u8,
            table.magics[square as usize],
            64 - table.bits,
            table.bits,
            piece.mask(square).len()
        );
    }
    out
}
