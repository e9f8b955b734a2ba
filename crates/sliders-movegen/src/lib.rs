//! Legal move generation, FEN and perft on top of the `sliders` core (in progress).
#![deny(missing_docs)]
