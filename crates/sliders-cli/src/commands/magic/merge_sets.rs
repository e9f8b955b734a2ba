//! `sliders merge-sets`: the sets of sharded searches (`find --shard`) put together.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use sliders_core::{RookOrBishop, Square};
use sliders_search::finder::{assemble, Found, MAX_FIND_BITS};

use sliders_search::csv::read_csv;
use sliders_search::export::{self, Format};
use sliders_search::SchemeKind;

use super::sets::{bad_set, parse_scheme};
use crate::io::error::CliError;
use crate::io::files::{read_text, write_output};

/// One candidate magic for a square, from a shard's file.
struct Candidate {
    /// The shift as the file gives it; the index bits follow once the scheme is known.
    shift: u32,
    bits: u32,
    magic: u64,
    file: usize,
    line: usize,
}

/// Whether `magic` indexes every relevant occupancy of the square into `bits` bits with
/// no destructive collision, under the scheme's index function.
fn square_magic_works(
    scheme: SchemeKind,
    piece: RookOrBishop,
    square: Square,
    magic: u64,
    bits: u32,
) -> bool {
    if !(1..=MAX_FIND_BITS).contains(&bits) {
        return false; // no table of that size: a row from a broken file
    }
    let mask = piece.mask(square);
    let entry = sliders_core::schemes::MagicEntry {
        mask,
        magic,
        shift: scheme.product_bits() - bits,
        offset: 0,
    };
    let mut table = vec![sliders_core::Bitboard::EMPTY; 1 << bits];
    mask.subsets().all(|occupied| {
        let attacks = piece.attacks(square, occupied);
        match table.get_mut(scheme.index_fn().index(&entry, occupied)) {
            Some(slot) if slot.0 == 0 || *slot == attacks => {
                *slot = attacks;
                true
            }
            _ => false,
        }
    })
}

pub(super) fn run(
    files: &[PathBuf],
    scheme: Option<&str>,
    out: Option<&Path>,
) -> Result<(), CliError> {
    let mut declared = scheme.map(parse_scheme).transpose()?;
    let mut candidates: HashMap<(RookOrBishop, Square), Vec<Candidate>> = HashMap::new();
    for (index, path) in files.iter().enumerate() {
        let text = read_text(path)?;
        let csv = read_csv(&text).map_err(|e| {
            CliError::input(format!(
                "{}: line {}: {}",
                path.display(),
                e.line,
                e.message
            ))
        })?;
        match (declared, csv.scheme) {
            (Some(a), Some(b)) if a != b && scheme.is_none() => {
                return Err(CliError::input(format!(
                    "{}: scheme {b}, but an earlier file is {a}",
                    path.display()
                )))
            }
            (None, found) => declared = found,
            _ => {}
        }
        for row in &csv.rows {
            candidates
                .entry((row.piece, row.square))
                .or_default()
                .push(Candidate {
                    shift: row.shift,
                    bits: 0,
                    magic: row.magic,
                    file: index,
                    line: row.line,
                });
        }
    }
    // A file without a `# scheme:` comment may come before the one that names it: the
    // index bits of every row follow from the scheme found in the end.
    let scheme = declared
        .ok_or_else(|| CliError::input("no `# scheme:` comment in the files: give --scheme"))?;
    for c in candidates.values_mut().flatten() {
        c.bits = scheme.product_bits().checked_sub(c.shift).ok_or_else(|| {
            CliError::input(format!(
                "{}: line {}: shift {} is more than the {}-bit product of {scheme}",
                files[c.file].display(),
                c.line,
                c.shift,
                scheme.product_bits()
            ))
        })?;
    }
    if scheme == SchemeKind::OffsetInMagic {
        return Err(CliError::input(
            "offset-in-magic sets are searched whole, not sharded: nothing to merge",
        ));
    }
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for piece in RookOrBishop::BOTH {
        for square in Square::ALL {
            let mut list = candidates.remove(&(piece, square)).unwrap_or_default();
            list.sort_by_key(|c| (c.bits, c.file, c.line));
            let best = list.iter().find(|c| {
                let works = square_magic_works(scheme, piece, square, c.magic, c.bits);
                if !works {
                    crate::io::output::noteln!(
                        "{}: line {}: {piece} {square}: the magic fails with {} bits; skipped",
                        files[c.file].display(),
                        c.line,
                        c.bits
                    );
                }
                works
            });
            match best {
                Some(c) => found.push(Found {
                    piece,
                    square,
                    magic: c.magic,
                    bits: c.bits,
                    tested: 0,
                    candidates: 0,
                    min_index: 0,
                    max_index: (1 << c.bits) - 1,
                }),
                None => missing.push(format!("{piece} {square}")),
            }
        }
    }
    if !missing.is_empty() {
        return Err(bad_set(format!(
            "no valid magic in the files for {} square(s): {}",
            missing.len(),
            missing.join(", ")
        )));
    }
    let mut set = assemble(scheme, &found).map_err(bad_set)?;
    let report = set
        .verify()
        .map_err(|e| bad_set(format!("the merged set fails: {e}")))?;
    set.provenance = vec![format!(
        "merged by sliders merge-sets from {} file(s); {} table entries",
        files.len(),
        report.entries
    )];
    crate::io::output::noteln!(
        "merged {} files: {} entries ({:.1} KiB), verified",
        files.len(),
        report.entries,
        report.kib()
    );
    write_output(out, &export::write(&set, Format::Csv))
}
