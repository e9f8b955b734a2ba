//! How a scheme module brings in the table the build script wrote (`build.rs`), and the
//! one layout every magic scheme shares: `include_table!` and `magic_scheme!`.
//!
//! Every magic scheme module (`fancy`, `fancy-best`, `fancy32`, `plain`, `fixed-shift`,
//! `black`, `shift-in-magic`, `offset-in-magic`) has the same public items, made here
//! from its [`data`](super::data) module: `TABLE_ENTRIES`, `TABLE_BYTES`,
//! `ROOK_ENTRIES`, `BISHOP_ENTRIES`, `TABLES` (a [`MagicTables`](super::MagicTables))
//! and the scheme type. A scheme whose lookup differs from
//! `table[offset + index(occupied)]` writes its own `Scheme` impl over the same statics.

// A build without any table scheme uses none of this.
#![cfg_attr(
    not(any(
        feature = "black",
        feature = "byte-lookup",
        feature = "fancy",
        feature = "fancy-best",
        feature = "fancy32",
        feature = "fixed-shift",
        feature = "offset-in-magic",
        feature = "pext",
        feature = "pext-pdep",
        feature = "plain",
        feature = "shared",
        feature = "shift-in-magic"
    )),
    allow(unused_macros, unused_imports, dead_code)
)]

/// Element types a table file may hold: every bit pattern of the type's size is a
/// value, and it has no padding.
///
/// # Safety
/// Implement only for such types: `include_table!` turns bytes into them.
pub(crate) unsafe trait Plain: Copy {}
// SAFETY: `Bitboard` is a `repr(transparent)` `u64`.
unsafe impl Plain for crate::Bitboard {}
// SAFETY: integers.
unsafe impl Plain for u16 {}
// SAFETY: as above.
unsafe impl Plain for u8 {}
// SAFETY: an array of a type without padding has none (its elements are laid out with
// no gaps), and every bit pattern of it is an array of values of that type.
unsafe impl<T: Plain, const N: usize> Plain for [T; N] {}

/// Checks at compile time that `T` may be built from bytes.
pub(crate) const fn plain<T: Plain>() {}

/// `include_table!("fancy", Bitboard, N)`: the build script's `OUT_DIR/fancy.bin` as a
/// `[Bitboard; N]`, for a `static`. A file of another length fails to compile.
///
/// Why a byte file and a transmute, not a literal array: a test crate with 195,636
/// entries (the default features' two tables) took 0.12 s to `cargo check` this way,
/// against 0.32 s for a 107,648-entry `u64` literal and 2.8 s for 195,636 `Bitboard(..)`
/// literals (docs/schemes.md's table of options).
macro_rules! include_table {
    ($file:literal, $ty:ty, $len:expr) => {{
        const _: () = $crate::schemes::layout::plain::<$ty>();
        const BYTES: &[u8; core::mem::size_of::<[$ty; $len]>()] =
            include_bytes!(concat!(env!("OUT_DIR"), "/", $file, ".bin"));
        // SAFETY: `$ty` is `Plain` (checked above): every bit pattern is a value and there
        // is no padding, so any bytes of the array's size are a valid array, and the
        // sizes match by the type of `BYTES`. (Const evaluation of the `static` would
        // also reject an invalid value.) The build script wrote the values in the
        // target's byte order, so they are the ones it computed and checked. Every entry
        // of every compiled-in table a CPU can run is checked again through the lookups
        // by `every_compiled_scheme_matches_the_reference_on_every_occupancy` in
        // `tests/exhaustive.rs` (CI runs it with every scheme feature).
        unsafe {
            core::mem::transmute::<[u8; core::mem::size_of::<[$ty; $len]>()], [$ty; $len]>(*BYTES)
        }
    }};
}
pub(crate) use include_table;

/// The items of a magic scheme module, from its data module and table file; with a
/// scheme type, also the scheme with the standard lookup
/// `table[offset + index(occupied)]` under the data's `INDEX`.
// Unused in a build whose table schemes are all non-magic (pext, pext-pdep, ...).
#[allow(unused_macros)]
macro_rules! magic_scheme {
    ($file:literal, $data:ident) => {
        use $crate::schemes::data::$data as data;

        /// Entries in the attack table.
        pub const TABLE_ENTRIES: usize = data::TABLE_ENTRIES;
        /// The attack table's size in bytes.
        pub const TABLE_BYTES: usize = core::mem::size_of::<[$crate::Bitboard; TABLE_ENTRIES]>();
        /// The rook entries (mask, magic, shift, offset), indexed by square.
        pub const ROOK_ENTRIES: [$crate::schemes::MagicEntry; 64] = data::ROOK;
        /// The bishop entries, indexed by square.
        pub const BISHOP_ENTRIES: [$crate::schemes::MagicEntry; 64] = data::BISHOP;

        /// Built and checked by the build script from the data.
        static ATTACKS: [$crate::Bitboard; TABLE_ENTRIES] =
            $crate::schemes::layout::include_table!($file, $crate::Bitboard, TABLE_ENTRIES);

        /// The entries as statics: the lookup reads them from memory, as it would a
        /// user's `MagicTables`.
        #[allow(dead_code)]
        static ROOK_STATIC: [$crate::schemes::MagicEntry; 64] = ROOK_ENTRIES;
        #[allow(dead_code)]
        static BISHOP_STATIC: [$crate::schemes::MagicEntry; 64] = BISHOP_ENTRIES;

        /// The scheme's entries and table as one value.
        pub static TABLES: $crate::schemes::MagicTables<'static> = $crate::schemes::MagicTables {
            rook: ROOK_ENTRIES,
            bishop: BISHOP_ENTRIES,
            attacks: &ATTACKS,
            index: data::INDEX,
        };
    };
    ($(#[$meta:meta])* $ty:ident = $file:literal, $data:ident) => {
        $crate::schemes::layout::magic_scheme!($file, $data);

        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $ty;

        impl $crate::schemes::Scheme for $ty {
            #[inline(always)]
            fn rook_attacks(&self, square: $crate::Square, occupied: $crate::Bitboard) -> $crate::Bitboard {
                ATTACKS[data::INDEX.index(&ROOK_STATIC[square as usize], occupied)]
            }

            #[inline(always)]
            fn bishop_attacks(&self, square: $crate::Square, occupied: $crate::Bitboard) -> $crate::Bitboard {
                ATTACKS[data::INDEX.index(&BISHOP_STATIC[square as usize], occupied)]
            }

            fn table_bytes(&self) -> usize {
                core::mem::size_of_val(&ATTACKS)
            }

            fn name(&self) -> &'static str {
                $file
            }
        }
    };
}
#[allow(unused_imports)]
pub(crate) use magic_scheme;
