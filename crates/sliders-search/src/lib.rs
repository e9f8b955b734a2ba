//! Magic search: find, verify, pack and export magic sets (in progress).
#![deny(missing_docs)]
