//! `show --explain`'s rendering of an [`Explanation`]: boards in text, the product in
//! hex and binary with the index bits marked, one numbered line per step.

use std::fmt::Write as _;

use sliders_core::{Bitboard, File, Rank, RookOrBishop, Square};

use super::{Explanation, Step};

/// The explanation as `show --explain` prints it.
pub fn render(ex: &Explanation) -> String {
    let letter = if ex.piece == RookOrBishop::Rook {
        'R'
    } else {
        'B'
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} on {}, occupancy {:#018x}, scheme {}",
        ex.piece.name(),
        ex.square,
        ex.occupied.0,
        ex.scheme
    );
    let _ = writeln!(out, "{}", ex.formula);
    if let Some(note) = ex.note {
        let _ = writeln!(out, "({note})");
    }
    let _ = writeln!(out);
    let mut n = 0;
    let mut pending_boards: Vec<(String, Vec<String>)> = Vec::new();
    for step in &ex.steps {
        n += 1;
        match step {
            Step::Mask(mask) => {
                pending_boards.push((
                    format!("{n}. mask ({} bits)", mask.len()),
                    board(*mask, ex.square, letter),
                ));
                continue;
            }
            Step::Operand { title, set } => {
                pending_boards.push((format!("{n}. {title}"), board(*set, ex.square, letter)));
                continue;
            }
            _ => {}
        }
        if !pending_boards.is_empty() {
            boards(&mut out, &pending_boards);
            let _ = writeln!(out);
            pending_boards.clear();
        }
        match step {
            Step::Mask(_) | Step::Operand { .. } => {}
            Step::Product {
                operand,
                magic,
                product,
                index_bits,
            } => {
                let _ = writeln!(
                    out,
                    "{n}. {operand:#018x} * magic {magic:#018x} = {product:#018x} (mod 2^64)"
                );
                binary(&mut out, "binary", *product, 64, *index_bits);
            }
            Step::Folded {
                lo,
                hi,
                folded,
                index_bits,
            } => {
                let _ = writeln!(
                    out,
                    "{n}. lo: {:#010x} * {:#010x} = {:#010x} (32-bit)",
                    lo[0], lo[1], lo[2]
                );
                let _ = writeln!(
                    out,
                    "   hi: {:#010x} * {:#010x} = {:#010x} (32-bit)",
                    hi[0], hi[1], hi[2]
                );
                let _ = writeln!(out, "   lo ^ hi = {folded:#010x}");
                binary(&mut out, "binary", u64::from(*folded), 32, *index_bits);
            }
            Step::Gather { squares, value } => {
                let listed: Vec<String> = squares
                    .iter()
                    .map(|(sq, on)| format!("{sq}={}", u8::from(*on)))
                    .collect();
                let _ = writeln!(
                    out,
                    "{n}. pext gathers the mask's bits, a1 side lowest: {}",
                    listed.join(" ")
                );
                let bits = squares.len() as u32;
                binary(&mut out, "pext", *value, bits, bits);
                n += 1;
                let _ = writeln!(
                    out,
                    "{n}. pext = {value} ({value:#x}, {bits} index bits; no shift)"
                );
            }
            Step::Shift {
                shift,
                value,
                index_bits,
            } => {
                let byte_lookup = ex.steps.iter().any(|s| matches!(s, Step::Byte { .. }));
                let hex = if byte_lookup {
                    String::new()
                } else {
                    format!("{value:#x}, ")
                };
                let _ = writeln!(
                    out,
                    "{n}. >> shift {shift} = {value} ({hex}{index_bits} index bits)"
                );
            }
            Step::Offset {
                offset,
                table_index,
            } => {
                let _ = writeln!(out, "{n}. + offset {offset} = table index {table_index}");
            }
            Step::Entry {
                table_index,
                post,
                value,
            } => match post {
                None => {
                    let _ = writeln!(out, "{n}. entry = table[{table_index}] = {:#018x}", value.0);
                }
                Some(post) => {
                    let _ = writeln!(
                        out,
                        "{n}. entry = table[{table_index}] & post {:#018x} = {:#018x}",
                        post.0, value.0
                    );
                }
            },
            Step::Byte {
                bytes,
                byte_index,
                list,
                set,
            } => {
                let _ = writeln!(
                    out,
                    "{n}. + bytes {bytes} = byte index {byte_index}; the byte names one of the square's sets, which start at list {list}"
                );
                n += 1;
                let _ = writeln!(out, "{n}. set = {:#018x}", set.0);
            }
            Step::Deposit {
                table_index,
                entry,
                rays,
                value,
            } => {
                let _ = writeln!(
                    out,
                    "{n}. entry = table[{table_index}] = {entry:#06x} (16 bits: the attacks under the empty-board rays {rays:#018x})"
                );
                n += 1;
                let _ = writeln!(out, "{n}. pdep(entry, rays) = {:#018x}", value.0);
            }
            Step::Rays(rays) => {
                for ray in rays {
                    let squares = if ray.squares.is_empty() {
                        "none".to_string()
                    } else {
                        let names: Vec<String> =
                            ray.squares.iter().map(|s| s.to_string()).collect();
                        names.join(" ")
                    };
                    let stop = match ray.blocker {
                        Some(sq) => format!("the blocker on {sq}"),
                        None => "the edge".to_string(),
                    };
                    let _ = writeln!(out, "{:<11} {squares:<24} stopped by {stop}", ray.direction);
                }
            }
        }
    }
    let _ = writeln!(out);
    boards(
        &mut out,
        &[(
            format!("attacks ({} squares)", ex.attacks.len()),
            board(ex.attacks, ex.square, letter),
        )],
    );
    let _ = writeln!(out, "attacks {:#018x}", ex.attacks.0);
    if !ex.agrees {
        let _ = writeln!(
            out,
            "WARNING: the reference ray walk disagrees with this scheme"
        );
    }
    out
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
