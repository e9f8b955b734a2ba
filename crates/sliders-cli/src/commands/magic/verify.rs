//! `sliders verify`: every occupancy of every square of a set against the reference.

use std::path::Path;

use sliders_search::SchemeKind;

use super::sets::load_verified;
use crate::io::error::CliError;
use crate::io::files::write_output;

pub(super) fn run(path: &Path, scheme: Option<&str>) -> Result<(), CliError> {
    let (set, report, how) = load_verified(path, scheme)?;
    let mut out = String::new();
    out.push_str(&format!("{}: ok\n", path.display()));
    out.push_str(&format!("scheme: {} ({how})\n", report.scheme));
    match report.separate {
        Some((rook, bishop)) => out.push_str(&format!(
            "table: {} entries ({rook} rook + {bishop} bishop), {:.1} KiB\n",
            report.entries,
            report.kib()
        )),
        None => out.push_str(&format!(
            "table: {} entries (shared, {} used), {:.1} KiB\n",
            report.entries,
            report.used_entries,
            report.kib()
        )),
    }
    if report.scheme == SchemeKind::OffsetInMagic {
        out.push_str(&format!(
            "offset shift: {} (offset = (magic & 0xFFFF) << {})\n",
            set.offset_shift(),
            set.offset_shift()
        ));
    }
    if report.below_mask.is_empty() {
        out.push_str("below mask bits: none\n");
    } else {
        let list: Vec<String> = report
            .below_mask
            .iter()
            .map(|(piece, square, bits, mask)| format!("{piece} {square} {bits}/{mask}"))
            .collect();
        out.push_str(&format!(
            "below mask bits: {} squares: {}\n",
            list.len(),
            list.join(", ")
        ));
    }
    write_output(None, &out)
}
