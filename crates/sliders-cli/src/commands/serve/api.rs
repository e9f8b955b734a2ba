//! The answers that need no job: schemes, one lookup and its steps, the occupancies that
//! share its entry, a magic tried by hand, a position, the research status. Each
//! parameter is parsed by the CLI's own parsers, so the API refuses what the command line
//! refuses, with the parameter named.

use serde_json::{json, Value};
use sliders_core::schemes::SchemeId;
use sliders_core::{Bitboard, RookOrBishop, Slider, Square};
use sliders_movegen::Board;
use sliders_search::verify::{verify_square, VerifyError};
use sliders_search::{SchemeKind, SquareMagic};

use super::http::{Query, Reply};
use crate::explain::{self, json::hex, Explanation};
use crate::io::parse;

/// The research status, derived from the data files by `tools/research-status.py`.
const RESEARCH: &str = include_str!("research.csv");

/// A handler's result: the JSON, or the error reply.
type Answer = Result<Value, Reply>;

fn reply(answer: Answer) -> Reply {
    match answer {
        Ok(value) => Reply::Json(value),
        Err(reply) => reply,
    }
}

pub fn piece(q: &Query) -> Result<RookOrBishop, Reply> {
    match q.need("piece")? {
        "rook" => Ok(RookOrBishop::Rook),
        "bishop" => Ok(RookOrBishop::Bishop),
        other => Err(Reply::bad(
            "piece",
            format!("piece {other:?} is not rook or bishop"),
        )),
    }
}

pub fn square(q: &Query) -> Result<Square, Reply> {
    parse::square(q.need("square")?).map_err(|e| Reply::bad("square", e))
}

/// `key=fancy|black` (default fancy): the index of a magic tried or searched.
pub fn key(q: &Query) -> Result<SchemeKind, Reply> {
    match q.get("key").unwrap_or("fancy") {
        "fancy" => Ok(SchemeKind::Fancy),
        "black" => Ok(SchemeKind::Black),
        other => Err(Reply::bad(
            "key",
            format!("key {other:?} is not fancy or black"),
        )),
    }
}

fn occupied(q: &Query) -> Result<Bitboard, Reply> {
    match q.get("occupied") {
        None => Ok(Bitboard::EMPTY),
        Some(text) => parse::occupancy(text).map_err(|e| Reply::bad("occupied", e)),
    }
}

fn scheme(q: &Query) -> Result<SchemeId, Reply> {
    let name = q.get("scheme").unwrap_or("auto");
    parse::scheme(name).map_err(|e| Reply::bad("scheme", e.message))
}

/// `GET /api/schemes`: every scheme compiled in, whether this CPU runs it, whether it
/// has a step-by-step view, and the run-time choice.
pub fn schemes() -> Reply {
    let list: Vec<Value> = SchemeId::ALL
        .iter()
        .map(|id| {
            json!({
                "name": id.name(),
                "table_bytes": id.table_bytes(),
                "available": id.is_available(),
                // Every scheme: explain's steps match over the whole registry.
                "explained": true,
            })
        })
        .collect();
    let auto = parse::scheme("auto").map(|id| id.name()).ok();
    Reply::Json(json!({"schemes": list, "auto": auto}))
}

/// `GET /api/attacks?piece=&square=&occupied=&scheme=`; `piece` may be `queen`.
pub fn attacks(q: &Query) -> Reply {
    reply((|| {
        let slider = parse::slider(q.need("piece")?).map_err(|e| Reply::bad("piece", e))?;
        let square = square(q)?;
        let occupied = occupied(q)?;
        let id = scheme(q)?;
        let attacks = lookup(id, slider, square, occupied)?;
        Ok(json!({
            "piece": slider.name(), "square": square.to_string(), "occupied": hex(occupied.0),
            "scheme": id.name(), "attacks": hex(attacks.0),
        }))
    })())
}

fn lookup(
    id: SchemeId,
    slider: Slider,
    square: Square,
    occupied: Bitboard,
) -> Result<Bitboard, Reply> {
    crate::commands::show::lookup(id, slider, square, occupied)
        .ok_or_else(|| Reply::bad("scheme", format!("scheme {id} is unavailable on this CPU")))
}

fn explained(q: &Query) -> Result<(Explanation, SchemeId), Reply> {
    let piece = piece(q)?;
    let square = square(q)?;
    let occupied = occupied(q)?;
    let id = scheme(q)?;
    let attacks = lookup(id, piece.slider(), square, occupied)?;
    let ex = explain::explain(id, piece, square, occupied, attacks);
    Ok((ex, id))
}

/// `GET /api/explain?piece=&square=&occupied=&scheme=`: the steps, as `show --explain`.
pub fn explain(q: &Query) -> Reply {
    reply(explained(q).map(|(ex, _)| explain::json::render(&ex)))
}

/// How many example occupancies `collisions` draws.
const EXAMPLES: usize = 6;

/// `GET /api/collisions?...`: every relevant occupancy of the square whose lookup reads
/// the same entry as this one, and whether any of them wants other attacks (never, for
/// a correct scheme).
pub fn collisions(q: &Query) -> Reply {
    reply((|| {
        let (ex, id) = explained(q)?;
        let Some(entry) = ex.table_index else {
            return Ok(json!({"table_index": null, "sharing": null,
                "note": format!("{} has no table: nothing shares an entry", id.name())}));
        };
        let mask = ex.piece.mask(ex.square);
        let mut sharing = 0usize;
        let mut examples = Vec::new();
        let mut destructive = 0usize;
        for occ in mask.subsets() {
            let attacks = lookup(id, ex.piece.slider(), ex.square, occ)?;
            let other = explain::explain(id, ex.piece, ex.square, occ, attacks).table_index;
            if other == Some(entry) {
                sharing += 1;
                // By the reference walk, not the scheme: the scheme's own answers for one
                // entry are one entry, so only the reference can tell them apart.
                let wanted = ex.piece.attacks(ex.square, occ);
                if wanted != ex.piece.attacks(ex.square, ex.occupied) {
                    destructive += 1;
                }
                if examples.len() < EXAMPLES {
                    examples.push(json!({"occupied": hex(occ.0), "attacks": hex(attacks.0)}));
                }
            }
        }
        Ok(json!({
            "table_index": entry, "relevant_occupancies": 1u64 << mask.len(),
            "sharing": sharing, "destructive": destructive, "examples": examples,
            "attacks": hex(ex.attacks.0),
        }))
    })())
}

/// The most index bits `magic` tries (a rook's mask has 12).
const MAX_MAGIC_BITS: u32 = 12;

/// `GET /api/magic?piece=&square=&magic=&bits=&key=fancy|black`: the table a magic the
/// reader types makes (slots used), or its first destructive collision.
pub fn magic(q: &Query) -> Reply {
    reply((|| {
        let piece = piece(q)?;
        let square = square(q)?;
        let magic = parse::hex_u64(q.need("magic")?)
            .map_err(|e| Reply::bad("magic", format!("magic {e}")))?;
        let bits: u32 = parse::ranged(q.need("bits")?, 1, MAX_MAGIC_BITS.into(), " bits")
            .map_err(|e| Reply::bad("bits", e))?;
        let key = key(q)?;
        let m = SquareMagic {
            magic,
            bits,
            offset: 0,
        };
        let base = json!({"piece": piece.name(), "square": square.to_string(), "magic": hex(magic),
            "bits": bits, "key": key.name(), "mask_bits": piece.mask(square).len()});
        let mut out = base;
        match verify_square(key, piece, square, m) {
            Ok(used) => {
                out["ok"] = json!(true);
                out["slots_used"] = json!(used);
                out["size"] = json!(1u64 << bits);
            }
            Err(VerifyError::Collision {
                index,
                first,
                second,
                ..
            }) => {
                out["ok"] = json!(false);
                out["collision"] = json!({
                    "index": index,
                    "first": hex(first.0), "first_attacks": hex(piece.attacks(square, first).0),
                    "second": hex(second.0), "second_attacks": hex(piece.attacks(square, second).0),
                });
            }
            Err(other) => return Err(Reply::status(500, other.to_string())),
        }
        Ok(out)
    })())
}

/// `GET /api/research`: each square's N-1 question (fancy key) and its answer.
pub fn research() -> Reply {
    let squares: Vec<Value> = RESEARCH
        .lines()
        .skip(1)
        .filter_map(|line| {
            let f: Vec<&str> = line.splitn(6, ',').collect();
            (f.len() == 6).then(|| {
                json!({"piece": f[0], "square": f[1], "bits": f[2].parse::<u32>().ok(),
                    "status": f[3], "magic": (!f[4].is_empty()).then_some(f[4]), "evidence": f[5]})
            })
        })
        .collect();
    Reply::Json(json!({"squares": squares}))
}

/// The most moves `position` and `perft` play from the FEN.
pub const MAX_MOVES: usize = 1024;

/// The board of `fen` (default: the start) after `moves` (UCI, space-separated).
pub fn board(q: &Query) -> Result<Board, Reply> {
    let board = match q.get("fen").map(str::trim).filter(|f| !f.is_empty()) {
        None => Board::startpos(),
        Some(fen) => Board::from_fen(fen).map_err(|e| Reply::bad("fen", format!("FEN: {e}")))?,
    };
    let moves: Vec<&str> = q.get("moves").unwrap_or("").split_whitespace().collect();
    if moves.len() > MAX_MOVES {
        return Err(Reply::bad(
            "moves",
            format!("{} moves; at most {MAX_MOVES}", moves.len()),
        ));
    }
    let mut b = board;
    for (i, text) in moves.iter().enumerate() {
        let mv = b
            .parse_uci(text)
            .map_err(|e| Reply::bad("moves", format!("move {} ({text}): {e}", i + 1)))?;
        b.play_unchecked(mv);
    }
    Ok(b)
}

/// `GET /api/position?fen=&moves=`: the pieces to draw, and the position's facts.
pub fn position(q: &Query) -> Reply {
    reply((|| {
        let b = board(q)?;
        let pieces: Vec<Value> = Square::ALL
            .iter()
            .filter_map(|&sq| {
                b.piece_at(sq)
                    .map(|p| json!({"square": sq.to_string(), "piece": p.char().to_string()}))
            })
            .collect();
        Ok(json!({
            "fen": b.to_fen(), "pieces": pieces,
            "turn": if b.turn() == sliders_movegen::Color::White { "white" } else { "black" },
            "legal_moves": b.legal_moves().len(), "check": b.is_check(),
        }))
    })())
}
