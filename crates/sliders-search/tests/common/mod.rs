//! Shared by the solver tests.

use sliders_search::prove::solver;

/// Is CaDiCaL here? Under CI (`CI` set) it must be: a missing solver fails the test;
/// elsewhere the test says it skipped.
pub fn solver_present() -> bool {
    if solver::version().is_some() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI is set but the SAT solver `{}` cannot be run (apt-get install cadical)",
        solver::program()
    );
    eprintln!(
        "skipped: no SAT solver `{}` (apt-get install cadical)",
        solver::program()
    );
    false
}
