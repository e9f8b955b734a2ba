//! `sliders schemes`: every scheme the core has, its table size and whether this CPU
//! runs it.

use std::io::Write;

use sliders_core::schemes::SchemeId;

use crate::io::error::CliError;

/// `sliders schemes`: `<name> <table-bytes> <available|unavailable>` per scheme.
pub fn run() -> Result<(), CliError> {
    let mut out = crate::io::output::stdout();
    for &id in SchemeId::ALL {
        let availability = if id.is_available() {
            "available"
        } else {
            "unavailable"
        };
        writeln!(out, "{} {} {}", id.name(), id.table_bytes(), availability)
            .map_err(crate::io::output::stdout_failed)?;
    }
    Ok(())
}
