//! Export formats besides CSV: Rust source and JSON, each with a reader for the round
//! trip, and a C header for engines written in C or C++ (written, not read back).
//!
//! Rust source: two `#[rustfmt::skip]` const arrays of `(magic, shift, offset)` tuples,
//! the layout of the core crate's built-in sets (`MagicData`), ready to paste, with a
//! table-size const and a provenance comment. For fancy, fancy32 and plain the bishop
//! offsets are moved past the rook table (one table holds both, as in the core), and
//! `ROOK_TABLE_ENTRIES` says where the bishop part begins.
//!
//! C header ([`write_c`]): the masks, magics, shifts and offsets as `static const`
//! arrays, the table size, `sliders_init()` that fills the attack table from a ray walk
//! over every relevant occupancy, and `sliders_rook_attacks`/`sliders_bishop_attacks`.
//! It is C99 and C++ at once (tested with `cc -std=c99 -Wall -Werror` and `c++
//! -Wall -Werror`, `crates/sliders-search/tests/export_c.rs`).

use serde::{Deserialize, Serialize};
use sliders_core::schemes::magic::{IndexFn, MagicEntry};
use sliders_core::{RookOrBishop, Square};

use crate::csv::{parse_hex, ParseError};
use crate::set::{MagicSet, SchemeKind, SquareMagic};

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The CSV format of `tests/data/magics`.
    Csv,
    /// Rust source.
    Rust,
    /// JSON.
    Json,
    /// A C header (also valid C++); written only.
    C,
}

impl Format {
    /// Parses `csv`, `rust`, `json` or `c` (`cpp` names the same header: it is C++ too).
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "csv" => Some(Format::Csv),
            "rust" | "rs" => Some(Format::Rust),
            "json" => Some(Format::Json),
            "c" | "cpp" => Some(Format::C),
            _ => None,
        }
    }
}

/// The table size of a set, verified or not: for shared tables the highest used index
/// + 1 (computed by [`MagicSet::verify`] when it passes), else the window sums.
fn table_entries(set: &MagicSet) -> usize {
    match set.verify() {
        Ok(report) => report.entries,
        Err(_) => {
            let (r, b) = set.separate_sizes();
            r + b
        }
    }
}

/// Writes `set` in the given format.
pub fn write(set: &MagicSet, format: Format) -> String {
    match format {
        Format::Csv => crate::csv::write_csv(set),
        Format::Rust => write_rust(set),
        Format::Json => write_json(set),
        Format::C => write_c(set),
    }
}

/// Reads a set written in `format` (`scheme` overrides or supplies the scheme for CSV).
pub fn read(
    text: &str,
    format: Format,
    scheme: Option<SchemeKind>,
) -> Result<MagicSet, ParseError> {
    match format {
        Format::Csv => crate::csv::read_set(text, scheme),
        Format::Rust => read_rust(text),
        Format::Json => read_json(text),
        Format::C => Err(ParseError {
            line: 0,
            message: "a C header is written, not read: read the CSV, Rust or JSON form".into(),
        }),
    }
}

/// Rust source: see the module documentation.
pub fn write_rust(set: &MagicSet) -> String {
    let scheme = set.scheme();
    let entries = table_entries(set);
    let mut out = String::new();
    out.push_str(&format!(
        "// Magic set written by sliders-search: scheme {scheme}, {entries} table entries ({:.1} KiB).\n",
        entries as f64 * 8.0 / 1024.0
    ));
    out.push_str(&format!("// scheme: {scheme}\n"));
    for line in &set.provenance {
        out.push_str(&format!("// {line}\n"));
    }
    out.push_str(
        "// Each tuple is (magic, shift, offset), as the core crate's `MagicData`; the shift is\n",
    );
    out.push_str(&format!("// of the {}-bit product.", scheme.product_bits()));
    let bishop_base = if scheme.shared_table() {
        out.push_str(" Rook and bishop squares share one table.\n");
        0
    } else {
        let rook = set.separate_sizes().0;
        out.push_str(" Bishop offsets start after the rook table.\n");
        out.push_str(&format!(
            "\n/// Rook entries; the bishop part of the table starts here.\npub const ROOK_TABLE_ENTRIES: usize = {rook};\n"
        ));
        rook as u32
    };
    out.push_str(&format!(
        "\n/// Entries in the attack table.\npub const TABLE_ENTRIES: usize = {entries};\n"
    ));
    for (piece, name, base) in [
        (RookOrBishop::Rook, "ROOK", 0),
        (RookOrBishop::Bishop, "BISHOP", bishop_base),
    ] {
        out.push_str(&format!(
            "\n/// {} magics by square, a1..h8.\n#[rustfmt::skip]\npub const {name}: [(u64, u32, u32); 64] = [\n",
            piece.name()
        ));
        for square in Square::ALL {
            let m = set.get(piece, square);
            out.push_str(&format!(
                "    (0x{:016x}, {}, {}), // {square}\n",
                m.magic,
                set.shift(piece, square),
                m.offset + base
            ));
        }
        out.push_str("];\n");
    }
    out
}

/// Reads what [`write_rust`] writes (the scheme from its `// scheme:` comment).
pub fn read_rust(text: &str) -> Result<MagicSet, ParseError> {
    let err = |line: usize, message: String| ParseError { line, message };
    let mut scheme = None;
    let mut provenance = Vec::new();
    let mut rook_table: Option<u32> = None;
    let mut current: Option<RookOrBishop> = None;
    let mut tuples: [Vec<(usize, u64, u32, u32)>; 2] = [Vec::new(), Vec::new()];
    let mut started = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if let Some(name) = l.strip_prefix("// scheme:") {
            scheme = Some(
                SchemeKind::from_name(name)
                    .ok_or_else(|| err(line, format!("unknown scheme '{}'", name.trim())))?,
            );
            started = true;
            continue;
        }
        if let Some(c) = l.strip_prefix("// ") {
            if started && !c.starts_with("Each tuple") && !c.starts_with("of the ") {
                provenance.push(c.to_string());
            }
            continue;
        }
        if let Some(rest) = l.strip_prefix("pub const ROOK_TABLE_ENTRIES: usize =") {
            let v = rest.trim().trim_end_matches(';').trim();
            rook_table = Some(
                v.parse()
                    .map_err(|_| err(line, format!("bad ROOK_TABLE_ENTRIES '{v}'")))?,
            );
        } else if l.starts_with("pub const ROOK:") {
            current = Some(RookOrBishop::Rook);
        } else if l.starts_with("pub const BISHOP:") {
            current = Some(RookOrBishop::Bishop);
        } else if l.starts_with("];") {
            current = None;
        } else if let (Some(piece), Some(body)) = (current, l.strip_prefix('(')) {
            let body = body.split(')').next().unwrap_or("");
            let parts: Vec<&str> = body.split(',').map(str::trim).collect();
            if parts.len() != 3 {
                return Err(err(
                    line,
                    format!("expected (magic, shift, offset), got '{l}'"),
                ));
            }
            let magic = parse_hex(parts[0])
                .ok_or_else(|| err(line, format!("bad magic '{}'", parts[0])))?;
            let shift = parts[1]
                .parse()
                .map_err(|_| err(line, format!("bad shift '{}'", parts[1])))?;
            let offset = parts[2]
                .parse()
                .map_err(|_| err(line, format!("bad offset '{}'", parts[2])))?;
            tuples[piece.index()].push((line, magic, shift, offset));
        }
    }
    let end = text.lines().count() + 1;
    let scheme = scheme.ok_or_else(|| err(1, "no '// scheme: <name>' comment".into()))?;
    let base = if scheme.shared_table() {
        0
    } else {
        rook_table.ok_or_else(|| err(end, "no ROOK_TABLE_ENTRIES const".into()))?
    };
    let width = scheme.product_bits();
    let mut magics = [[SquareMagic::default(); 64]; 2];
    for piece in RookOrBishop::BOTH {
        let rows = &tuples[piece.index()];
        if rows.len() != 64 {
            return Err(err(end, format!("{} {piece} tuples, need 64", rows.len())));
        }
        for (i, &(line, magic, shift, offset)) in rows.iter().enumerate() {
            if shift == 0 || shift >= width {
                return Err(err(
                    line,
                    format!("shift {shift} out of range for {scheme}"),
                ));
            }
            let offset = if piece == RookOrBishop::Bishop {
                offset.checked_sub(base).ok_or_else(|| {
                    err(
                        line,
                        format!("bishop offset {offset} below the rook table end {base}"),
                    )
                })?
            } else {
                offset
            };
            magics[piece.index()][i] = SquareMagic {
                magic,
                bits: width - shift,
                offset,
            };
        }
    }
    let mut set =
        MagicSet::new(scheme, magics[0], magics[1]).map_err(|e| err(end, e.to_string()))?;
    set.provenance = provenance;
    Ok(set)
}

/// A C header with the set and the code to use it: see the module documentation. The
/// names and signatures engines call are
///
/// ```c
/// void sliders_init(void);   /* fills the attack table; call once before any lookup */
/// uint64_t sliders_rook_attacks(unsigned square, uint64_t occupied);
/// uint64_t sliders_bishop_attacks(unsigned square, uint64_t occupied);
/// ```
///
/// with square 0 = a1 ... 63 = h8 (a square above 63 reads outside the arrays). The
/// header defines them: include it in one translation unit, and elsewhere with
/// `SLIDERS_DECLARATIONS_ONLY` defined first. For fancy, fancy32 and plain sets the
/// bishop offsets are moved past the rook table, as in [`MagicSet::entries`].
///
/// ```
/// use sliders_search::{csv, export, SchemeKind};
///
/// let text = std::fs::read_to_string(concat!(
///     env!("CARGO_MANIFEST_DIR"),
///     "/../../tests/data/magics/black_magics_87988_annuss_fiekas.csv"
/// ))?;
/// let set = csv::read_set(&text, Some(SchemeKind::Black))?;
/// let header = export::write_c(&set);
/// assert!(header.contains("#define SLIDERS_TABLE_ENTRIES 87988u"));
/// assert!(header.contains("uint64_t sliders_rook_attacks(unsigned square, uint64_t occupied)"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_c(set: &MagicSet) -> String {
    let scheme = set.scheme();
    let (rook, bishop, index_fn) = set.entries();
    // Every index a square can produce lies below its offset + 2^(product bits - shift),
    // so the largest such end bounds the table even for a set that fails verification;
    // a verified set's own size is smaller for shared tables (their windows overlap the end).
    let window_end = rook
        .iter()
        .chain(bishop.iter())
        .map(|e| e.offset as usize + (1usize << (scheme.product_bits() - e.shift)))
        .max()
        .unwrap_or(0);
    let entries = set.verify().map_or(window_end, |report| report.entries);
    let index = match index_fn {
        IndexFn::Magic => "((occupied & mask) * magic) >> shift",
        IndexFn::Black => "((occupied | ~mask) * magic) >> shift",
        IndexFn::Magic32 => {
            "(lo32(occupied & mask) * lo32(magic) ^ hi32(occupied & mask) * hi32(magic)) >> shift (32-bit products)"
        }
    };
    let mut out = String::new();
    out.push_str(&format!(
        "/* sliders: a {scheme} magic set for rook and bishop attacks, {entries} table entries\n * ({:.1} KiB of uint64_t). Written by `sliders export --format c` (sliders-search).\n",
        entries as f64 * 8.0 / 1024.0
    ));
    for line in &set.provenance {
        out.push_str(&format!(" * {}\n", line.replace("*/", "* /")));
    }
    out.push_str(&format!(
        " *
 * Index of a square's attack set: offset + {index}.
 * Squares: 0 = a1, 1 = b1, ..., 7 = h1, 8 = a2, ..., 63 = h8; bit n of a bitboard is square n.
 *
 * Include this file in one translation unit (it defines the functions and the table);
 * elsewhere define SLIDERS_DECLARATIONS_ONLY before including it. Call sliders_init()
 * once before the first lookup. C99 and C++.
 */
#ifndef SLIDERS_MAGICS_H
#define SLIDERS_MAGICS_H

#include <stdint.h>

#ifdef __cplusplus
extern \"C\" {{
#endif

/* Fills the attack table from a ray walk over every relevant occupancy of every square. */
void sliders_init(void);
/* The squares a rook (bishop) on `square` attacks given the occupied squares. */
uint64_t sliders_rook_attacks(unsigned square, uint64_t occupied);
uint64_t sliders_bishop_attacks(unsigned square, uint64_t occupied);

#ifdef __cplusplus
}}
#endif

#ifndef SLIDERS_DECLARATIONS_ONLY

/* Entries in the attack table (rook and bishop squares together). */
#define SLIDERS_TABLE_ENTRIES {entries}u

static uint64_t sliders_table[SLIDERS_TABLE_ENTRIES];
"
    ));
    for (piece, entries) in [(RookOrBishop::Rook, &rook), (RookOrBishop::Bishop, &bishop)] {
        let name = piece.name();
        let mut array = |ty: &str, what: &str, value: &dyn Fn(&MagicEntry) -> String| {
            out.push_str(&format!(
                "\n/* {name} {what} by square, a1..h8. */\nstatic const {ty} sliders_{name}_{what}[64] = {{\n"
            ));
            for row in entries.chunks(4) {
                let cells: Vec<String> = row.iter().map(value).collect();
                out.push_str(&format!("    {},\n", cells.join(", ")));
            }
            out.push_str("};\n");
        };
        array("uint64_t", "mask", &|e| {
            format!("UINT64_C(0x{:016x})", e.mask.0)
        });
        array("uint64_t", "magic", &|e| {
            format!("UINT64_C(0x{:016x})", e.magic)
        });
        array("unsigned char", "shift", &|e| e.shift.to_string());
        array("uint32_t", "offset", &|e| format!("{}u", e.offset));
    }
    let index_body = match index_fn {
        IndexFn::Magic => "    return offset[square] + (uint32_t)(((occupied & mask[square]) * magic[square]) >> shift[square]);",
        IndexFn::Black => "    return offset[square] + (uint32_t)(((occupied | ~mask[square]) * magic[square]) >> shift[square]);",
        IndexFn::Magic32 => "    uint64_t relevant = occupied & mask[square];
    uint32_t lo = (uint32_t)relevant * (uint32_t)magic[square];
    uint32_t hi = (uint32_t)(relevant >> 32) * (uint32_t)(magic[square] >> 32);
    return offset[square] + ((lo ^ hi) >> shift[square]);",
    };
    out.push_str(&format!(
        "
static uint32_t sliders_index(const uint64_t *mask, const uint64_t *magic,
                              const unsigned char *shift, const uint32_t *offset,
                              unsigned square, uint64_t occupied) {{
{index_body}
}}

/* The reference: walk each of the four rays until the board's edge or a blocker. */
static uint64_t sliders_ray_walk(unsigned square, uint64_t occupied, int bishop) {{
    static const int steps[2][4][2] = {{
        {{{{1, 0}}, {{-1, 0}}, {{0, 1}}, {{0, -1}}}},
        {{{{1, 1}}, {{1, -1}}, {{-1, 1}}, {{-1, -1}}}},
    }};
    uint64_t attacks = 0;
    int d;
    for (d = 0; d < 4; d++) {{
        int file = (int)(square % 8u) + steps[bishop][d][0];
        int rank = (int)(square / 8u) + steps[bishop][d][1];
        while (file >= 0 && file < 8 && rank >= 0 && rank < 8) {{
            uint64_t bit = (uint64_t)1 << (rank * 8 + file);
            attacks |= bit;
            if (occupied & bit) {{
                break;
            }}
            file += steps[bishop][d][0];
            rank += steps[bishop][d][1];
        }}
    }}
    return attacks;
}}

void sliders_init(void) {{
    unsigned square;
    for (square = 0; square < 64; square++) {{
        int bishop;
        for (bishop = 0; bishop < 2; bishop++) {{
            const uint64_t *mask = bishop ? sliders_bishop_mask : sliders_rook_mask;
            const uint64_t *magic = bishop ? sliders_bishop_magic : sliders_rook_magic;
            const unsigned char *shift = bishop ? sliders_bishop_shift : sliders_rook_shift;
            const uint32_t *offset = bishop ? sliders_bishop_offset : sliders_rook_offset;
            /* Every subset of the mask, by the carry-rippler trick, the empty one first. */
            uint64_t subset = 0;
            do {{
                uint32_t index = sliders_index(mask, magic, shift, offset, square, subset);
                if (index < SLIDERS_TABLE_ENTRIES) {{
                    sliders_table[index] = sliders_ray_walk(square, subset, bishop);
                }}
                subset = (subset - mask[square]) & mask[square];
            }} while (subset != 0);
        }}
    }}
}}

uint64_t sliders_rook_attacks(unsigned square, uint64_t occupied) {{
    return sliders_table[sliders_index(sliders_rook_mask, sliders_rook_magic, sliders_rook_shift,
                                       sliders_rook_offset, square, occupied)];
}}

uint64_t sliders_bishop_attacks(unsigned square, uint64_t occupied) {{
    return sliders_table[sliders_index(sliders_bishop_mask, sliders_bishop_magic,
                                       sliders_bishop_shift, sliders_bishop_offset, square,
                                       occupied)];
}}

#endif /* SLIDERS_DECLARATIONS_ONLY */
#endif /* SLIDERS_MAGICS_H */
"
    ));
    out
}

#[derive(Serialize, Deserialize)]
struct JsonSquare {
    square: String,
    magic: String,
    bits: u32,
    shift: u32,
    offset: u32,
}

#[derive(Serialize, Deserialize)]
struct JsonSet {
    scheme: String,
    table_entries: usize,
    #[serde(default)]
    provenance: Vec<String>,
    rook: Vec<JsonSquare>,
    bishop: Vec<JsonSquare>,
}

/// JSON: `{scheme, table_entries, provenance, rook: [{square, magic, bits, shift,
/// offset}; 64], bishop: [...]}` with magics as `0x` hex strings.
pub fn write_json(set: &MagicSet) -> String {
    let squares = |piece: RookOrBishop| -> Vec<JsonSquare> {
        Square::ALL
            .iter()
            .map(|&square| {
                let m = set.get(piece, square);
                JsonSquare {
                    square: square.to_string(),
                    magic: format!("0x{:016x}", m.magic),
                    bits: m.bits,
                    shift: set.shift(piece, square),
                    offset: m.offset,
                }
            })
            .collect()
    };
    let json = JsonSet {
        scheme: set.scheme().name().to_string(),
        table_entries: table_entries(set),
        provenance: set.provenance.clone(),
        rook: squares(RookOrBishop::Rook),
        bishop: squares(RookOrBishop::Bishop),
    };
    let mut text = serde_json::to_string_pretty(&json).expect("plain data serialises");
    text.push('\n');
    text
}

/// Reads what [`write_json`] writes. Errors carry the line serde_json reports.
pub fn read_json(text: &str) -> Result<MagicSet, ParseError> {
    let json: JsonSet = serde_json::from_str(text).map_err(|e| ParseError {
        line: e.line(),
        message: format!("bad JSON: {e}"),
    })?;
    let err = |message: String| ParseError { line: 0, message };
    let scheme = SchemeKind::from_name(&json.scheme)
        .ok_or_else(|| err(format!("unknown scheme '{}'", json.scheme)))?;
    let mut magics = [[SquareMagic::default(); 64]; 2];
    let mut seen = [[false; 64]; 2];
    for (piece, list) in [
        (RookOrBishop::Rook, &json.rook),
        (RookOrBishop::Bishop, &json.bishop),
    ] {
        if list.len() != 64 {
            return Err(err(format!("{} {piece} squares, need 64", list.len())));
        }
        for s in list {
            let square: Square = s
                .square
                .parse()
                .map_err(|_| err(format!("unknown square '{}'", s.square)))?;
            let magic = parse_hex(&s.magic)
                .ok_or_else(|| err(format!("{piece} {square}: bad magic '{}'", s.magic)))?;
            if std::mem::replace(&mut seen[piece.index()][square as usize], true) {
                return Err(err(format!("duplicate square {piece} {square}")));
            }
            if s.bits + s.shift != scheme.product_bits() {
                return Err(err(format!(
                    "{piece} {square}: bits {} and shift {} disagree",
                    s.bits, s.shift
                )));
            }
            magics[piece.index()][square as usize] = SquareMagic {
                magic,
                bits: s.bits,
                offset: s.offset,
            };
        }
    }
    let mut set = MagicSet::new(scheme, magics[0], magics[1]).map_err(|e| err(e.to_string()))?;
    set.provenance = json.provenance;
    Ok(set)
}
