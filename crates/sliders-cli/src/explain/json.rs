//! `sliders serve`'s rendering of an [`Explanation`]: JSON for the page to draw. Every
//! 64-bit value is a `"0x..."` string (a JSON number loses bits past 2^53); squares are
//! names (`"e4"`).

use serde_json::{json, Value};
use sliders_core::Bitboard;

use super::{Explanation, Step};

/// `value` as `0x` and 16 hex digits.
pub fn hex(value: u64) -> String {
    format!("{value:#018x}")
}

fn board(set: Bitboard) -> String {
    hex(set.0)
}

/// The explanation as the API's `/api/explain` sends it.
pub fn render(ex: &Explanation) -> Value {
    let steps: Vec<Value> = ex.steps.iter().map(step).collect();
    json!({
        "piece": ex.piece.name(),
        "square": ex.square.to_string(),
        "occupied": hex(ex.occupied.0),
        "scheme": ex.scheme,
        "formula": ex.formula,
        "note": ex.note,
        "steps": steps,
        "attacks": board(ex.attacks),
        "table_index": ex.table_index,
        "agrees_with_reference": ex.agrees,
    })
}

fn step(step: &Step) -> Value {
    match step {
        Step::Mask(mask) => json!({"kind": "mask", "set": board(*mask), "bits": mask.len()}),
        Step::Operand { title, set } => {
            json!({"kind": "operand", "title": title, "set": board(*set)})
        }
        Step::Product {
            operand,
            magic,
            product,
            index_bits,
        } => json!({
            "kind": "product", "operand": hex(*operand), "magic": hex(*magic),
            "product": hex(*product), "width": 64, "index_bits": index_bits,
        }),
        Step::Folded {
            lo,
            hi,
            folded,
            index_bits,
        } => json!({
            "kind": "folded",
            "lo": lo.iter().map(|v| format!("{v:#010x}")).collect::<Vec<_>>(),
            "hi": hi.iter().map(|v| format!("{v:#010x}")).collect::<Vec<_>>(),
            "product": format!("{folded:#010x}"), "width": 32, "index_bits": index_bits,
        }),
        Step::Gather { squares, value } => json!({
            "kind": "gather",
            "squares": squares.iter().map(|(sq, on)| json!([sq.to_string(), on])).collect::<Vec<_>>(),
            "value": value, "bits": squares.len(),
        }),
        Step::Shift {
            shift,
            value,
            index_bits,
        } => json!({"kind": "shift", "shift": shift, "value": value, "index_bits": index_bits}),
        Step::Offset {
            offset,
            table_index,
        } => json!({"kind": "offset", "offset": offset, "table_index": table_index}),
        Step::Entry {
            table_index,
            post,
            value,
        } => json!({
            "kind": "entry", "table_index": table_index,
            "post": post.map(board), "value": board(*value),
        }),
        Step::Byte {
            bytes,
            byte_index,
            list,
            set,
        } => json!({
            "kind": "byte", "bytes": bytes, "byte_index": byte_index,
            "list": list, "value": board(*set),
        }),
        Step::Deposit {
            table_index,
            entry,
            rays,
            value,
        } => json!({
            "kind": "deposit", "table_index": table_index, "entry": format!("{entry:#06x}"),
            "rays": hex(*rays), "value": board(*value),
        }),
        Step::Rays(rays) => json!({
            "kind": "rays",
            "rays": rays.iter().map(|r| json!({
                "direction": r.direction,
                "squares": r.squares.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                "blocker": r.blocker.map(|s| s.to_string()),
            })).collect::<Vec<_>>(),
        }),
    }
}
