//! Every table scheme behind one trait, [`Scheme`], and the run-time choice among them.
//!
//! # Dispatch without a per-lookup cost
//!
//! Hot code is written once, generic over `S: Scheme`, and entered through
//! [`dispatch`] (the best scheme for this CPU) or [`SchemeId::run`] (a named one). The
//! choice is made once at the entry; inside, every lookup is monomorphised and inlined,
//! with no branch and no indirect call.
//!
//! ```
//! use sliders::schemes::{dispatch, Scheme, WithScheme};
//! use sliders::{Bitboard, Square};
//!
//! /// Sums the rook mobility of every square: the hot loop is generic.
//! struct Mobility(Bitboard);
//! impl WithScheme for Mobility {
//!     type Output = usize;
//!     fn run<S: Scheme>(self, scheme: S) -> usize {
//!         Square::ALL.iter().map(|&sq| scheme.rook_attacks(sq, self.0).len()).sum()
//!     }
//! }
//! assert_eq!(dispatch(Mobility(Bitboard::EMPTY)), 64 * 14);
//! ```
//!
//! # The choice
//!
//! [`auto`] picks `pext` when the CPU has fast PEXT ([`crate::cpu`]), and otherwise
//! [`DEFAULT_PORTABLE`] (`black`; `hyperbola` in a build without the `tables` feature). With the `std` feature the environment variable
//! `SLIDERS_SCHEME=<name>` overrides it (for benchmarks and tests); a name that is
//! unknown or unavailable here is ignored by the library (the CLI reports it).

use core::sync::atomic::{AtomicU8, Ordering};

use crate::{Bitboard, Slider, Square};

#[cfg(feature = "tables")]
pub mod black;
#[cfg(feature = "tables")]
pub mod byte_lookup;
pub mod classical;
#[cfg(feature = "tables")]
pub mod fancy;
#[cfg(feature = "tables")]
pub mod fancy32;
#[cfg(feature = "tables")]
pub mod fancy_best;
#[cfg(feature = "tables")]
pub mod fixed_shift;
pub mod hyperbola;
pub mod kogge_stone;
pub mod magic;
#[cfg(feature = "tables")]
pub mod offset_in_magic;
#[cfg(feature = "tables")]
pub mod pext;
#[cfg(feature = "tables")]
pub mod pext_pdep;
#[cfg(feature = "tables")]
pub mod plain;
#[cfg(feature = "tables")]
pub mod shared;
#[cfg(feature = "tables")]
pub mod shift_in_magic;
pub mod simd;

#[cfg(feature = "tables")]
pub use black::Black;
#[cfg(feature = "tables")]
pub use byte_lookup::ByteLookup;
pub use classical::Classical;
#[cfg(feature = "tables")]
pub use fancy::Fancy;
#[cfg(feature = "tables")]
pub use fancy32::Fancy32;
#[cfg(feature = "tables")]
pub use fancy_best::FancyBest;
#[cfg(feature = "tables")]
pub use fixed_shift::FixedShift;
pub use hyperbola::Hyperbola;
pub use kogge_stone::KoggeStone;
pub use magic::{FillError, IndexFn, MagicEntry, MagicTables};
#[cfg(feature = "tables")]
pub use offset_in_magic::OffsetInMagic;
#[cfg(feature = "tables")]
pub use pext::Pext;
#[cfg(feature = "tables")]
pub use pext_pdep::PextPdep;
#[cfg(feature = "tables")]
pub use plain::Plain;
#[cfg(feature = "tables")]
pub use shared::Shared;
#[cfg(feature = "tables")]
pub use shift_in_magic::ShiftInMagic;
pub use simd::{SimdAvx2, SimdGfni, SimdScalar};

/// A way to compute slider attacks. Every scheme gives the same answers as
/// [`crate::reference`] for every square and every occupancy; they differ in speed and
/// memory.
///
/// ```
/// use sliders::schemes::{Hyperbola, KoggeStone, Scheme};
/// use sliders::{Bitboard, Square};
/// fn mobility<S: Scheme>(scheme: S, occupied: Bitboard) -> usize {
///     scheme.queen_attacks(Square::D4, occupied).len()
/// }
/// assert_eq!(mobility(Hyperbola, Bitboard::EMPTY), mobility(KoggeStone, Bitboard::EMPTY));
/// ```
pub trait Scheme: Copy + Send + Sync {
    /// The squares a rook on `square` attacks when `occupied` holds the pieces.
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard;

    /// The squares a bishop on `square` attacks when `occupied` holds the pieces.
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard;

    /// The squares a queen attacks: rook and bishop attacks together.
    #[inline(always)]
    fn queen_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.rook_attacks(square, occupied) | self.bishop_attacks(square, occupied)
    }

    /// The attacks of any slider.
    #[inline(always)]
    fn attacks(&self, slider: Slider, square: Square, occupied: Bitboard) -> Bitboard {
        match slider {
            Slider::Rook => self.rook_attacks(square, occupied),
            Slider::Bishop => self.bishop_attacks(square, occupied),
            Slider::Queen => self.queen_attacks(square, occupied),
        }
    }

    /// How many squares `set` holds. Hot code that is generic over the scheme should
    /// count with this rather than [`Bitboard::len`]: the x86-64 baseline has no POPCNT
    /// instruction, and [`SchemeId::run`] wraps every scheme in [`Popcnt`] on CPUs that
    /// have it, so a build without target flags still counts with one instruction.
    ///
    /// ```
    /// use sliders::schemes::{Hyperbola, Scheme};
    /// assert_eq!(Hyperbola.count(sliders::Bitboard(0b1011)), 3);
    /// ```
    #[inline(always)]
    fn count(&self, set: Bitboard) -> u32 {
        set.0.count_ones()
    }

    /// The size of the scheme's attack table in bytes (the per-square entries, 128 of
    /// them, are not counted, as in the literature).
    fn table_bytes(&self) -> usize;

    /// The scheme's name, as `sliders schemes` lists it.
    fn name(&self) -> &'static str;
}

#[cfg(feature = "tables")]
/// Declares a zero-sized scheme over `'static` entries and an attack table. A
/// zero-sized value lets the compiler address the statics directly, with no pointer to
/// load from a `MagicTables` value.
macro_rules! static_magic_scheme {
    ($(#[$meta:meta])* $ty:ident, $name:literal, $rook:path, $bishop:path, $attacks:path) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $ty;

        impl $crate::schemes::Scheme for $ty {
            #[inline(always)]
            fn rook_attacks(&self, square: $crate::Square, occupied: $crate::Bitboard) -> $crate::Bitboard {
                $attacks[$rook[square as usize].index(occupied)]
            }

            #[inline(always)]
            fn bishop_attacks(&self, square: $crate::Square, occupied: $crate::Bitboard) -> $crate::Bitboard {
                $attacks[$bishop[square as usize].index(occupied)]
            }

            fn table_bytes(&self) -> usize {
                core::mem::size_of_val(&$attacks)
            }

            fn name(&self) -> &'static str {
                $name
            }
        }
    };
}
#[cfg(feature = "tables")]
pub(crate) use static_magic_scheme;

/// A scheme whose [`Scheme::count`] uses the POPCNT instruction; a value proves the CPU
/// has it. [`SchemeId::run`] and [`dispatch`] wrap their scheme in it where they can.
///
/// ```
/// use sliders::schemes::{Hyperbola, Popcnt, Scheme};
/// use sliders::Bitboard;
/// if let Some(counted) = Popcnt::wrap(Hyperbola) {
///     assert_eq!(counted.count(Bitboard(u64::MAX)), 64);
///     assert_eq!(counted.name(), "hyperbola");
/// }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Popcnt<S> {
    inner: S,
    _proof_of_popcnt: (),
}

impl<S: Scheme> Popcnt<S> {
    /// `inner` with an instruction popcount, if this CPU has POPCNT.
    #[inline]
    pub fn wrap(inner: S) -> Option<Self> {
        crate::cpu::has_popcnt().then_some(Popcnt {
            inner,
            _proof_of_popcnt: (),
        })
    }
}

impl<S: Scheme> Scheme for Popcnt<S> {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.inner.rook_attacks(square, occupied)
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.inner.bishop_attacks(square, occupied)
    }

    #[inline(always)]
    fn queen_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        self.inner.queen_attacks(square, occupied)
    }

    #[inline(always)]
    fn count(&self, set: Bitboard) -> u32 {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        {
            let out: u64;
            // SAFETY: a `Popcnt` value exists only after cpuid reported POPCNT (`wrap`;
            // the field is private). POPCNT reads and writes only the named registers and
            // the flags (so no `preserves_flags`). Covered by `tests/count.rs`.
            unsafe {
                core::arch::asm!(
                    "popcnt {out}, {set}",
                    set = in(reg) set.0,
                    out = lateout(reg) out,
                    options(pure, nomem, nostack),
                );
            }
            out as u32
        }
        #[cfg(not(all(target_arch = "x86_64", not(target_feature = "popcnt"))))]
        {
            set.0.count_ones()
        }
    }

    fn table_bytes(&self) -> usize {
        self.inner.table_bytes()
    }

    fn name(&self) -> &'static str {
        self.inner.name()
    }
}

/// Code to run with a scheme chosen at run time: implement `run` generically once, and
/// [`dispatch`] or [`SchemeId::run`] monomorphises it for the chosen scheme.
pub trait WithScheme {
    /// What `run` returns.
    type Output;

    /// Runs with `scheme`; every lookup through it is inlined.
    fn run<S: Scheme>(self, scheme: S) -> Self::Output;
}

macro_rules! scheme_ids {
    ($($(#[$meta:meta])* $id:ident = $name:literal),* $(,)?) => {
        /// Names every built-in scheme, for run-time choice and for the CLI.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum SchemeId {
            $($(#[$meta])* $id,)*
        }

        impl SchemeId {
            /// Every built-in scheme, in the order `sliders schemes` lists them.
            pub const ALL: &'static [SchemeId] = &[$(SchemeId::$id,)*];

            /// The scheme's name, such as `fancy-best`.
            ///
            /// ```
            /// assert_eq!(sliders::schemes::SchemeId::FixedShift.name(), "fixed-shift");
            /// ```
            pub const fn name(self) -> &'static str {
                match self {
                    $(SchemeId::$id => $name,)*
                }
            }
        }
    };
}

scheme_ids!(
    /// [`Classical`]: the reference ray walk.
    Classical = "classical",
    /// [`Fancy`]: Stockfish's magics and layout.
    Fancy = "fancy",
    /// [`FancyBest`]: best-known magics, N-1 bits on 39 squares.
    FancyBest = "fancy-best",
    /// [`Fancy32`]: a 32-bit index.
    Fancy32 = "fancy32",
    /// [`Plain`]: 4,096 / 512 entries per square.
    Plain = "plain",
    /// [`FixedShift`]: Annuss' fixed-shift magics in a shared table.
    FixedShift = "fixed-shift",
    /// [`Black`]: black magics in a shared table.
    Black = "black",
    /// [`Pext`]: BMI2 PEXT; needs the instruction.
    Pext = "pext",
    /// [`PextPdep`]: PEXT index, 16-bit entries expanded by PDEP; needs BMI2.
    PextPdep = "pext-pdep",
    /// [`ByteLookup`]: Houdini's byte index into distinct attack sets.
    ByteLookup = "byte-lookup",
    /// [`Hyperbola`]: hyperbola quintessence and a rank table; about 2.5 KiB.
    Hyperbola = "hyperbola",
    /// [`KoggeStone`]: occluded fills, no table.
    KoggeStone = "kogge-stone",
    /// [`ShiftInMagic`]: the shift in the magic's top bits, 32-byte entries.
    ShiftInMagic = "shift-in-magic",
    /// [`Shared`]: Hansen's post-mask; rook squares share regions in pairs, bishops in
    /// fours.
    Shared = "shared",
    /// [`OffsetInMagic`]: fixed-shift magics with the offset in their low 16 bits.
    OffsetInMagic = "offset-in-magic",
    /// [`simd`]: the queen's lines in vector lanes, on the best path this CPU has
    /// (AVX2 with GFNI, AVX2, or scalar).
    Simd = "simd",
    /// [`SimdAvx2`]: the AVX2 path of `simd`, even where GFNI exists.
    SimdAvx2 = "simd-avx2",
    /// [`SimdScalar`]: the portable path of `simd`.
    SimdScalar = "simd-scalar",
);

/// The scheme [`auto`] uses on CPUs without fast PEXT. Chosen by measurement (the
/// README's scheme table, `sliders bench`): the fastest portable scheme in perft (tied
/// with `fancy` at depth 7, 2-3% ahead at depths 4-5) and in lookups (6-14% ahead of
/// `fancy`), with an 18% smaller table.
#[cfg(feature = "tables")]
pub const DEFAULT_PORTABLE: SchemeId = SchemeId::Black;
/// The scheme [`auto`] uses: without the `tables` feature, the small-table one.
#[cfg(not(feature = "tables"))]
pub const DEFAULT_PORTABLE: SchemeId = SchemeId::Hyperbola;

impl SchemeId {
    /// The scheme with this name.
    ///
    /// ```
    /// use sliders::schemes::SchemeId;
    /// assert_eq!(SchemeId::from_name("black"), Some(SchemeId::Black));
    /// assert_eq!(SchemeId::from_name("auto"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|id| id.name() == name)
    }

    /// Whether this CPU can run the scheme (only `pext` needs an instruction: BMI2).
    ///
    /// ```
    /// assert!(sliders::schemes::SchemeId::Hyperbola.is_available());
    /// ```
    pub fn is_available(self) -> bool {
        const TABLES: bool = cfg!(feature = "tables");
        match self {
            SchemeId::Classical
            | SchemeId::Hyperbola
            | SchemeId::KoggeStone
            | SchemeId::Simd
            | SchemeId::SimdScalar => true,
            SchemeId::SimdAvx2 => crate::cpu::has_avx2(),
            SchemeId::Pext | SchemeId::PextPdep => TABLES && crate::cpu::has_bmi2(),
            _ => TABLES,
        }
    }

    /// The size of the scheme's attack table in bytes.
    ///
    /// ```
    /// assert_eq!(sliders::schemes::SchemeId::Fancy.table_bytes(), 861_184);
    /// ```
    pub const fn table_bytes(self) -> usize {
        // Literal sizes, so they are known in builds without the `tables` feature; the
        // exhaustive tests check them against the built tables.
        match self {
            SchemeId::Classical | SchemeId::KoggeStone => 0,
            SchemeId::Fancy | SchemeId::Fancy32 | SchemeId::Pext | SchemeId::ShiftInMagic => {
                107_648 * 8
            }
            SchemeId::FancyBest => 92_864 * 8,
            SchemeId::Shared => 57_952 * 8,
            SchemeId::OffsetInMagic => 226_716 * 8,
            SchemeId::Plain => 294_912 * 8,
            SchemeId::FixedShift => 88_772 * 8,
            SchemeId::Black => 87_988 * 8,
            SchemeId::PextPdep => 107_648 * 2,
            SchemeId::ByteLookup => 107_648 + (4_900 + 1_428) * 8,
            SchemeId::Hyperbola => 64 * 32 + 8 * 64,
            SchemeId::Simd | SchemeId::SimdAvx2 | SchemeId::SimdScalar => 64 * 32,
        }
    }

    /// Runs `job` with this scheme, or hands `job` back when this CPU cannot run it.
    ///
    /// ```
    /// use sliders::schemes::{Scheme, SchemeId, WithScheme};
    /// struct Name;
    /// impl WithScheme for Name {
    ///     type Output = &'static str;
    ///     fn run<S: Scheme>(self, scheme: S) -> &'static str { scheme.name() }
    /// }
    /// for &id in SchemeId::ALL {
    ///     if let Ok(name) = id.run(Name) {
    ///         // `simd` runs its best path, such as `simd-gfni`.
    ///         assert!(name.starts_with(id.name()));
    ///     }
    /// }
    /// ```
    #[inline]
    pub fn run<W: WithScheme>(self, job: W) -> Result<W::Output, W> {
        self.run_plain(Counted(job)).map_err(|Counted(job)| job)
    }

    /// [`SchemeId::run`] without the [`Popcnt`] wrapper: the scheme as it is.
    #[inline]
    pub fn run_plain<W: WithScheme>(self, job: W) -> Result<W::Output, W> {
        Ok(match self {
            SchemeId::Classical => job.run(Classical),
            #[cfg(feature = "tables")]
            SchemeId::Fancy => job.run(Fancy),
            #[cfg(feature = "tables")]
            SchemeId::FancyBest => job.run(FancyBest),
            #[cfg(feature = "tables")]
            SchemeId::Fancy32 => job.run(Fancy32),
            #[cfg(feature = "tables")]
            SchemeId::Plain => job.run(Plain),
            #[cfg(feature = "tables")]
            SchemeId::FixedShift => job.run(FixedShift),
            #[cfg(feature = "tables")]
            SchemeId::Black => job.run(Black),
            #[cfg(feature = "tables")]
            SchemeId::Pext => match Pext::detect() {
                Some(pext) => job.run(pext),
                None => return Err(job),
            },
            #[cfg(feature = "tables")]
            SchemeId::PextPdep => match PextPdep::detect() {
                Some(scheme) => job.run(scheme),
                None => return Err(job),
            },
            #[cfg(feature = "tables")]
            SchemeId::ByteLookup => job.run(ByteLookup),
            SchemeId::Hyperbola => job.run(Hyperbola),
            SchemeId::KoggeStone => job.run(KoggeStone),
            #[cfg(feature = "tables")]
            SchemeId::ShiftInMagic => job.run(ShiftInMagic),
            #[cfg(feature = "tables")]
            SchemeId::Shared => job.run(Shared),
            #[cfg(feature = "tables")]
            SchemeId::OffsetInMagic => job.run(OffsetInMagic),
            SchemeId::Simd => match (SimdGfni::detect(), SimdAvx2::detect()) {
                (Some(gfni), _) => job.run(gfni),
                (None, Some(avx2)) => job.run(avx2),
                (None, None) => job.run(SimdScalar),
            },
            SchemeId::SimdAvx2 => match SimdAvx2::detect() {
                Some(avx2) => job.run(avx2),
                None => return Err(job),
            },
            SchemeId::SimdScalar => job.run(SimdScalar),
            #[cfg(not(feature = "tables"))]
            _ => return Err(job),
        })
    }
}

/// The benchmark kernel shared by every lookup benchmark in the workspace (criterion,
/// `sliders bench`, the peer bench): one rook and one bishop lookup per pair, the XOR of
/// all answers returned so nothing can be dropped. Each occupancy passes through
/// [`core::hint::black_box`], an opaque value made one at a time, so the compiler cannot
/// turn the loop into vector gathers: a move generator asks one lookup at a time.
///
/// ```
/// use sliders::schemes::{LookupChecksum, SchemeId};
/// use sliders::{Bitboard, Square};
/// let pairs = [(Square::A1, Bitboard::EMPTY), (Square::D4, Bitboard(0x0000_0010_0800_0000))];
/// let expected = SchemeId::Classical.run(LookupChecksum(&pairs)).ok();
/// assert_eq!(SchemeId::Hyperbola.run(LookupChecksum(&pairs)).ok(), expected);
/// ```
pub struct LookupChecksum<'a>(pub &'a [(Square, Bitboard)]);

impl WithScheme for LookupChecksum<'_> {
    type Output = u64;

    #[inline(never)]
    fn run<S: Scheme>(self, scheme: S) -> u64 {
        let mut acc = 0u64;
        for &(square, occupied) in self.0 {
            let occupied = core::hint::black_box(occupied);
            acc ^= scheme.rook_attacks(square, occupied).0;
            acc ^= scheme.bishop_attacks(square, occupied).0;
        }
        acc
    }
}

/// Runs the inner job with the scheme wrapped in [`Popcnt`] when the CPU allows.
struct Counted<W>(W);

impl<W: WithScheme> WithScheme for Counted<W> {
    type Output = W::Output;

    #[inline(always)]
    fn run<S: Scheme>(self, scheme: S) -> W::Output {
        match Popcnt::wrap(scheme) {
            Some(counted) => self.0.run(counted),
            None => self.0.run(scheme),
        }
    }
}

impl core::fmt::Display for SchemeId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The best scheme for this CPU, ignoring any override: `pext` when PEXT is fast,
/// otherwise [`DEFAULT_PORTABLE`].
///
/// ```
/// assert!(sliders::schemes::detect_best().is_available());
/// ```
pub fn detect_best() -> SchemeId {
    if cfg!(feature = "tables") && crate::cpu::pext_is_fast() {
        SchemeId::Pext
    } else {
        DEFAULT_PORTABLE
    }
}

/// The scheme named by `SLIDERS_SCHEME`: `Ok(None)` when unset or `auto`, an error
/// message (listing the schemes) when it names no scheme or one this CPU cannot run.
#[cfg(feature = "std")]
pub fn env_override() -> Result<Option<SchemeId>, std::string::String> {
    match std::env::var("SLIDERS_SCHEME") {
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => Err(std::format!(
            "SLIDERS_SCHEME is not valid UTF-8; {}",
            describe_choices()
        )),
        Ok(name) if name == "auto" || name.is_empty() => Ok(None),
        Ok(name) => match SchemeId::from_name(&name) {
            Some(id) if id.is_available() => Ok(Some(id)),
            Some(id) => Err(std::format!(
                "SLIDERS_SCHEME={name}: scheme {id} is unavailable on this CPU; {}",
                describe_choices()
            )),
            None => Err(std::format!(
                "SLIDERS_SCHEME={name}: unknown scheme; {}",
                describe_choices()
            )),
        },
    }
}

/// A sentence listing the schemes and which this CPU can run, for error messages.
#[cfg(feature = "std")]
pub fn describe_choices() -> std::string::String {
    let mut s = std::string::String::from("schemes: auto");
    for id in SchemeId::ALL {
        s.push_str(", ");
        s.push_str(id.name());
        if !id.is_available() {
            s.push_str(" (unavailable on this CPU)");
        }
    }
    s
}

static AUTO: AtomicU8 = AtomicU8::new(u8::MAX);

/// The scheme [`dispatch`] and the free functions use: `SLIDERS_SCHEME` when it names an
/// available scheme (with `std`), else [`detect_best`]. Chosen on first call, then cached.
///
/// ```
/// assert!(sliders::schemes::auto().is_available());
/// ```
#[inline]
pub fn auto() -> SchemeId {
    match AUTO.load(Ordering::Relaxed) {
        u8::MAX => {
            #[cfg(feature = "std")]
            let chosen = env_override().ok().flatten().unwrap_or_else(detect_best);
            #[cfg(not(feature = "std"))]
            let chosen = detect_best();
            AUTO.store(chosen as u8, Ordering::Relaxed);
            chosen
        }
        index => SchemeId::ALL
            .get(index as usize)
            .copied()
            .unwrap_or(DEFAULT_PORTABLE),
    }
}

/// Runs `job` with the [`auto`] scheme: one choice at the entry, none per lookup.
#[inline]
pub fn dispatch<W: WithScheme>(job: W) -> W::Output {
    match auto().run(job) {
        Ok(output) => output,
        // `auto` only returns schemes that are available; this arm is never taken.
        Err(job) => job.run(Hyperbola),
    }
}
