//! `sliders pack`: a fixed-shift or black set's offsets repacked.

use std::path::Path;

use super::sets::{bad_set, load_verified};
use crate::io::error::CliError;
use crate::io::files::write_output;

pub(super) fn run(path: &Path, scheme: Option<&str>, out: Option<&Path>) -> Result<(), CliError> {
    let (set, report, _) = load_verified(path, scheme)?;
    if !sliders_search::pack::packable(set.scheme()) {
        return Err(CliError::input(format!(
            "{}: pack repacks fixed-shift and black sets, not {}",
            path.display(),
            set.scheme()
        )));
    }
    let packed = sliders_search::pack::pack(&set).map_err(bad_set)?;
    let after = packed
        .set
        .verify()
        .map_err(|e| bad_set(format!("internal error: the packed set fails: {e}")))?;
    crate::io::output::noteln!(
        "{}: {} entries ({:.1} KiB) before, {} entries ({:.1} KiB) after packing",
        path.display(),
        report.entries,
        report.kib(),
        after.entries,
        after.kib()
    );
    let mut set = packed.set;
    set.provenance.push(format!(
        "repacked by sliders pack: {} -> {} entries",
        report.entries, after.entries
    ));
    write_output(out, &sliders_search::csv::write_csv(&set))
}
