//! `sliders show --explain`: each step a scheme takes from an occupancy to an attack set,
//! drawn from the core's own data (its masks, magics, shifts and offsets in
//! `sliders_core::schemes::data` and `sliders_core::reference`), so what is shown is what
//! the tables were built from. The entry read from the table is the scheme's own lookup.
//!
//! Magic schemes: the mask and the masked occupancy as boards, the product in hex and
//! binary with the index bits marked, the shift, the index, the offset, the table index
//! and the entry. PEXT schemes: the gathered bits instead of the product. Ray schemes
//! (classical, hyperbola, kogge-stone, simd): each ray, the squares it crosses and the
//! blocker that stops it.

use std::fmt::Write as _;

use sliders_core::reference::{self, RookOrBishop, BISHOP_RAYS, ROOK_RAYS};
use sliders_core::schemes::data::{self, pext_pdep};
use sliders_core::schemes::{IndexFn, MagicEntry};
use sliders_core::{Bitboard, File, Rank, Square};

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

fn steps(scheme: &str, piece: RookOrBishop, square: Square) -> Option<Steps> {
    let s = square as usize;
    let rook = piece == RookOrBishop::Rook;
    let pick = |r: &[MagicEntry; 64], b: &[MagicEntry; 64]| if rook { r[s] } else { b[s] };
    let magic = |entry, index, note| Steps::Magic {
        entry,
        index,
        post: None,
        note,
    };
    Some(match scheme {
        "fancy" => magic(pick(&data::fancy::ROOK, &data::fancy::BISHOP), data::fancy::INDEX, ""),
        "fancy-best" => magic(
            pick(&data::fancy_best::ROOK, &data::fancy_best::BISHOP),
            data::fancy_best::INDEX,
            "",
        ),
        "plain" => magic(pick(&data::plain::ROOK, &data::plain::BISHOP), data::plain::INDEX, ""),
        "fixed-shift" => magic(
            pick(&data::fixed_shift::ROOK, &data::fixed_shift::BISHOP),
            data::fixed_shift::INDEX,
            "",
        ),
        "black" => magic(pick(&data::black::ROOK, &data::black::BISHOP), data::black::INDEX, ""),
        "fancy32" => magic(
            pick(&data::fancy32::ROOK, &data::fancy32::BISHOP),
            data::fancy32::INDEX,
            "",
        ),
        "offset-in-magic" => magic(
            pick(&data::offset_in_magic::ROOK, &data::offset_in_magic::BISHOP),
            data::offset_in_magic::INDEX,
            "the offset is the magic's low 16 bits, shifted left by the set's offset shift",
        ),
        "shift-in-magic" => magic(
            pick(&data::shift_in_magic::ROOK, &data::shift_in_magic::BISHOP),
            data::shift_in_magic::INDEX,
            "the shift is the magic's top 6 bits (magic >> 58)",
        ),
        "shared" => {
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
        "byte-lookup" => Steps::ByteLookup(if rook {
            data::byte_lookup::ROOK[s]
        } else {
            data::byte_lookup::BISHOP[s]
        }),
        "pext" => Steps::Pext { pdep_rays: None },
        "pext-pdep" => Steps::Pext {
            pdep_rays: Some(if rook { ROOK_RAYS[s].0 } else { BISHOP_RAYS[s].0 }),
        },
        "classical" => Steps::Rays("walks each ray square by square until the edge or a blocker"),
        "hyperbola" => Steps::Rays(
            "hyperbola quintessence, o ^ (o - 2s) on each line, per ray: the result is the same rays",
        ),
        "kogge-stone" => Steps::Rays("occluded fills in each direction: the result is the same rays"),
        "simd" | "simd-avx2" | "simd-scalar" => {
            Steps::Rays("the four lines in vector lanes: the result is the same rays")
        }
        _ => return None,
    })
}

/// The board of `set` with `square` marked: `X` set, `.` not, the slider's letter.
fn board(set: Bitboard, square: Square, letter: char) -> Vec<String> {
    let mut lines = Vec::new();
    for rank in Rank::ALL.iter().rev() {
        let mut line = String::new();
        line.push(rank.to_char());
        for file in File::ALL {
            let sq = Square::new(file, *rank);
            let cell = if sq == square {
                letter
            } else if set.contains(sq) {
                'X'
            } else {
                '.'
            };
            line.push(' ');
            line.push(cell);
        }
        lines.push(line);
    }
    lines.push("  a b c d e f g h".into());
    lines
}

/// Boards side by side under their titles.
/// Steps 1 and 2 of a masked index: the mask and the masked occupancy, side by side.
fn mask_boards(out: &mut String, mask: Bitboard, relevant: u64, square: Square, letter: char) {
    boards(
        out,
        &[
            (
                format!("1. mask ({} bits)", mask.len()),
                board(mask, square, letter),
            ),
            (
                "2. occupied & mask".into(),
                board(Bitboard(relevant), square, letter),
            ),
        ],
    );
}

fn boards(out: &mut String, items: &[(String, Vec<String>)]) {
    let width = 24;
    let titles: Vec<String> = items.iter().map(|(t, _)| format!("{t:<width$}")).collect();
    let _ = writeln!(out, "{}", titles.join("  ").trim_end());
    for row in 0..items[0].1.len() {
        let cells: Vec<String> = items
            .iter()
            .map(|(_, b)| format!("{:<width$}", b[row]))
            .collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
}

/// `value` as `bits` binary digits in groups of 8, and a line under it marking `mark`
/// bits from the top with `^`.
fn binary(out: &mut String, label: &str, value: u64, bits: u32, mark: u32) {
    let digits: String = (0..bits)
        .rev()
        .map(|i| if value >> i & 1 == 1 { '1' } else { '0' })
        .collect();
    let grouped = |s: &str| {
        s.as_bytes()
            .chunks(8)
            .map(|c| std::str::from_utf8(c).unwrap_or(""))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let marks: String = (0..bits)
        .map(|i| if i < mark { '^' } else { ' ' })
        .collect();
    let _ = writeln!(out, "   {label:<9}{}", grouped(&digits));
    let _ = writeln!(
        out,
        "   {:<9}{}  the top {mark} bits are the index",
        "",
        grouped(&marks).trim_end()
    );
}

/// The explanation of one rook or bishop lookup; `attacks` is what the scheme returned.
pub fn explain(
    scheme: &str,
    piece: RookOrBishop,
    square: Square,
    occupied: Bitboard,
    attacks: Bitboard,
) -> Option<String> {
    let letter = if piece == RookOrBishop::Rook {
        'R'
    } else {
        'B'
    };
    let mask = piece.mask(square);
    let mut out = String::new();
    let steps = steps(scheme, piece, square)?;
    let _ = writeln!(
        out,
        "{} on {square}, occupancy {:#018x}, scheme {scheme}",
        piece.name(),
        occupied.0
    );
    match steps {
        Steps::Magic {
            entry,
            index,
            post,
            note,
        } => {
            let formula = match index {
                IndexFn::Magic => "offset + ((occupied & mask) * magic >> shift)",
                IndexFn::Black => "offset + ((occupied | !mask) * magic >> shift)",
                IndexFn::Magic32 => {
                    "offset + ((lo(occupied & mask) * lo(magic)) ^ (hi(occupied & mask) * hi(magic))) >> shift"
                }
            };
            let _ = writeln!(out, "index = {formula}");
            if !note.is_empty() {
                let _ = writeln!(out, "({note})");
            }
            let (operand, op_title) = match index {
                IndexFn::Black => (occupied.0 | !mask.0, "2. occupied | !mask"),
                _ => (occupied.0 & mask.0, "2. occupied & mask"),
            };
            let _ = writeln!(out);
            boards(
                &mut out,
                &[
                    (
                        format!("1. mask ({} bits)", mask.len()),
                        board(mask, square, letter),
                    ),
                    (op_title.into(), board(Bitboard(operand), square, letter)),
                ],
            );
            let _ = writeln!(out);
            let product_bits = if index == IndexFn::Magic32 { 32 } else { 64 };
            let bits = product_bits - entry.shift;
            let local = match index {
                IndexFn::Magic32 => {
                    let lo = (operand as u32).wrapping_mul(entry.magic as u32);
                    let hi = ((operand >> 32) as u32).wrapping_mul((entry.magic >> 32) as u32);
                    let _ = writeln!(
                        out,
                        "3. lo: {:#010x} * {:#010x} = {lo:#010x} (32-bit)",
                        operand as u32, entry.magic as u32
                    );
                    let _ = writeln!(
                        out,
                        "   hi: {:#010x} * {:#010x} = {hi:#010x} (32-bit)",
                        (operand >> 32) as u32,
                        entry.magic >> 32
                    );
                    let folded = lo ^ hi;
                    let _ = writeln!(out, "   lo ^ hi = {folded:#010x}");
                    binary(&mut out, "binary", folded as u64, 32, bits);
                    (folded >> entry.shift) as u64
                }
                _ => {
                    let product = operand.wrapping_mul(entry.magic);
                    let _ = writeln!(
                        out,
                        "3. {operand:#018x} * magic {:#018x} = {product:#018x} (mod 2^64)",
                        entry.magic
                    );
                    binary(&mut out, "binary", product, 64, bits);
                    product >> entry.shift
                }
            };
            let _ = writeln!(
                out,
                "4. >> shift {} = {local} ({local:#x}, {bits} index bits)",
                entry.shift
            );
            let table_index = index.index(&entry, occupied);
            let _ = writeln!(
                out,
                "5. + offset {} = table index {table_index}",
                entry.offset
            );
            match post {
                None => {
                    let _ = writeln!(out, "6. entry = table[{table_index}] = {:#018x}", attacks.0);
                }
                Some(post) => {
                    let _ = writeln!(
                        out,
                        "6. entry = table[{table_index}] & post {:#018x} = {:#018x}",
                        post.0, attacks.0
                    );
                }
            }
        }
        Steps::ByteLookup(entry) => {
            let relevant = occupied.0 & entry.mask;
            let _ = writeln!(
                out,
                "index = bytes + ((occupied & mask) * magic >> shift); the byte there numbers a distinct set at list + byte"
            );
            let _ = writeln!(out);
            mask_boards(&mut out, mask, relevant, square, letter);
            let _ = writeln!(out);
            let product = relevant.wrapping_mul(entry.magic);
            let bits = 64 - entry.shift;
            let _ = writeln!(
                out,
                "3. {relevant:#018x} * magic {:#018x} = {product:#018x} (mod 2^64)",
                entry.magic
            );
            binary(&mut out, "binary", product, 64, bits);
            let local = product >> entry.shift;
            let _ = writeln!(
                out,
                "4. >> shift {} = {local} ({bits} index bits)",
                entry.shift
            );
            let _ = writeln!(
                out,
                "5. + bytes {} = byte index {}; the byte names one of the square's sets, which start at list {}",
                entry.bytes,
                entry.bytes as u64 + local,
                entry.list
            );
            let _ = writeln!(out, "6. set = {:#018x}", attacks.0);
        }
        Steps::Pext { pdep_rays } => {
            let relevant = occupied.0 & mask.0;
            let gathered = pext_pdep::pext_soft(occupied.0, mask.0);
            let offset = reference::pext_layout_offset(piece.slider(), square);
            let _ = writeln!(out, "index = offset + pext(occupied, mask)");
            let _ = writeln!(out);
            mask_boards(&mut out, mask, relevant, square, letter);
            let _ = writeln!(out);
            let squares: Vec<String> = mask
                .into_iter()
                .map(|sq| format!("{sq}={}", u8::from(occupied.contains(sq))))
                .collect();
            let _ = writeln!(
                out,
                "3. pext gathers the mask's bits, a1 side lowest: {}",
                squares.join(" ")
            );
            let bits = mask.len() as u32;
            binary(&mut out, "pext", gathered, bits, bits);
            let _ = writeln!(
                out,
                "4. pext = {gathered} ({gathered:#x}, {bits} index bits; no shift)"
            );
            let table_index = offset as u64 + gathered;
            let _ = writeln!(out, "5. + offset {offset} = table index {table_index}");
            match pdep_rays {
                None => {
                    let _ = writeln!(out, "6. entry = table[{table_index}] = {:#018x}", attacks.0);
                }
                Some(rays) => {
                    let compressed = pext_pdep::pext_soft(attacks.0, rays);
                    let _ = writeln!(
                        out,
                        "6. entry = table[{table_index}] = {compressed:#06x} (16 bits: the attacks under the empty-board rays {rays:#018x})"
                    );
                    let _ = writeln!(
                        out,
                        "7. pdep(entry, rays) = {:#018x}",
                        pext_pdep::pdep_soft(compressed, rays)
                    );
                }
            }
        }
        Steps::Rays(how) => {
            let _ = writeln!(out, "no index: {how}");
            let _ = writeln!(out);
            rays(&mut out, piece, square, occupied);
        }
    }
    let _ = writeln!(out);
    boards(
        &mut out,
        &[(
            format!("attacks ({} squares)", attacks.len()),
            board(attacks, square, letter),
        )],
    );
    let _ = writeln!(out, "attacks {:#018x}", attacks.0);
    if attacks != reference::attacks(piece.slider(), square, occupied) {
        let _ = writeln!(
            out,
            "WARNING: the reference ray walk disagrees with this scheme"
        );
    }
    Some(out)
}

/// Each ray of `piece` from `square`: the squares it crosses and what stops it.
fn rays(out: &mut String, piece: RookOrBishop, square: Square, occupied: Bitboard) {
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
    for (name, df, dr) in directions {
        let mut crossed = Vec::new();
        let mut stop = String::from("the edge");
        let (mut file, mut rank) = (square.file() as i8 + df, square.rank() as i8 + dr);
        while (0..8).contains(&file) && (0..8).contains(&rank) {
            let sq = Square::ALL[(rank * 8 + file) as usize];
            crossed.push(sq.to_string());
            if occupied.contains(sq) {
                stop = format!("the blocker on {sq}");
                break;
            }
            file += df;
            rank += dr;
        }
        let squares = if crossed.is_empty() {
            "none".to_string()
        } else {
            crossed.join(" ")
        };
        let _ = writeln!(out, "{name:<11} {squares:<24} stopped by {stop}");
    }
}
