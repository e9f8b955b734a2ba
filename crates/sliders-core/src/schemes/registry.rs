//! The registry: one row per scheme, and from it [`SchemeId`] with each scheme's name,
//! table size, cargo feature, availability on this CPU and how to run it; then the
//! run-time choice ([`auto`], [`dispatch`]).
//!
//! A scheme behind a cargo feature (named as the scheme) is in [`SchemeId`] only when the
//! feature is on; [`KNOWN`] lists every scheme with its feature, compiled in or not, so a
//! program can say which feature a missing name needs.

use core::sync::atomic::{AtomicU8, Ordering};

use super::*;

/// A scheme the crate knows: its name and the cargo feature that compiles it in (`None`
/// for the small schemes that are always there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    /// The scheme's name, such as `fancy-best`.
    pub name: &'static str,
    /// The cargo feature that compiles it in.
    pub feature: Option<&'static str>,
}

/// `Some(feature)` for a row with one, `None` otherwise.
macro_rules! feature {
    () => {
        None
    };
    ($feature:literal) => {
        Some($feature)
    };
}

/// One row per scheme: `Id = "name" [if "feature"], bytes: <table bytes> => [<ways>]`.
/// Each way is an `Option` of a scheme value, tried in order: the first `Some` runs
/// (`simd` takes its best path this way); none means this CPU cannot run the scheme.
/// The name is also the feature's name, where there is one.
macro_rules! registry {
    ($(
        $(#[$meta:meta])*
        $id:ident = $name:literal $(if $feature:literal)?, bytes: $bytes:expr => [$($way:expr),+ $(,)?];
    )*) => {
        /// Names every scheme compiled into this build, for run-time choice and for the CLI.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        pub enum SchemeId {
            $($(#[cfg(feature = $feature)])? $(#[$meta])* $id,)*
        }

        /// Every scheme the crate knows, compiled in or not, in the order `sliders schemes`
        /// lists them.
        pub const KNOWN: &[Known] = &[
            $(Known { name: $name, feature: feature!($($feature)?) },)*
        ];

        impl SchemeId {
            /// Every scheme compiled into this build, in the order `sliders schemes` lists them.
            pub const ALL: &'static [SchemeId] = &[$($(#[cfg(feature = $feature)])? SchemeId::$id,)*];

            /// The scheme's name, such as `fancy-best`.
            ///
            /// ```
            /// assert_eq!(sliders_core::schemes::SchemeId::Hyperbola.name(), "hyperbola");
            /// ```
            pub const fn name(self) -> &'static str {
                match self {
                    $($(#[cfg(feature = $feature)])? SchemeId::$id => $name,)*
                }
            }

            /// The size of the scheme's attack table in bytes (the 128 per-square entries
            /// are not counted, as in the literature).
            ///
            /// ```
            /// assert_eq!(sliders_core::schemes::SchemeId::Hyperbola.table_bytes(), 64 * 32 + 8 * 64);
            /// ```
            pub const fn table_bytes(self) -> usize {
                match self {
                    $($(#[cfg(feature = $feature)])? SchemeId::$id => $bytes,)*
                }
            }

            /// Runs `job` with this scheme as it is (no [`Popcnt`] wrapper), or hands `job`
            /// back when this CPU cannot run it.
            #[inline]
            pub fn run_plain<W: WithScheme>(self, job: W) -> Result<W::Output, W> {
                match self {
                    $($(#[cfg(feature = $feature)])? SchemeId::$id => {
                        $(if let Some(scheme) = $way {
                            return Ok(job.run(scheme));
                        })+
                        Err(job)
                    })*
                }
            }
        }
    };
}

registry! {
    /// [`Classical`]: the reference ray walk.
    Classical = "classical", bytes: 0 => [Some(Classical)];
    /// [`Fancy`]: Stockfish's magics and layout.
    Fancy = "fancy" if "fancy", bytes: fancy::TABLE_BYTES => [Some(Fancy)];
    /// [`FancyBest`]: best-known magics, N-1 bits on 42 squares.
    FancyBest = "fancy-best" if "fancy-best", bytes: fancy_best::TABLE_BYTES => [Some(FancyBest)];
    /// [`Fancy32`]: a 32-bit index.
    Fancy32 = "fancy32" if "fancy32", bytes: fancy32::TABLE_BYTES => [Some(Fancy32)];
    /// [`Plain`]: 4,096 / 512 entries per square.
    Plain = "plain" if "plain", bytes: plain::TABLE_BYTES => [Some(Plain)];
    /// [`FixedShift`]: Annuss' fixed-shift magics in a shared table.
    FixedShift = "fixed-shift" if "fixed-shift", bytes: fixed_shift::TABLE_BYTES => [Some(FixedShift)];
    /// [`Black`]: black magics in a shared table.
    Black = "black" if "black", bytes: black::TABLE_BYTES => [Some(Black)];
    /// [`Pext`]: BMI2 PEXT; needs the instruction.
    Pext = "pext" if "pext", bytes: pext::TABLE_BYTES => [Pext::detect()];
    /// [`PextPdep`]: PEXT index, 16-bit entries expanded by PDEP; needs BMI2.
    PextPdep = "pext-pdep" if "pext-pdep", bytes: pext_pdep::TABLE_BYTES => [PextPdep::detect()];
    /// [`ByteLookup`]: Houdini's byte index into distinct attack sets.
    ByteLookup = "byte-lookup" if "byte-lookup", bytes: byte_lookup::TABLE_BYTES => [Some(ByteLookup)];
    /// [`Hyperbola`]: hyperbola quintessence and a rank table; about 2.5 KiB.
    Hyperbola = "hyperbola", bytes: hyperbola::TABLE_BYTES => [Some(Hyperbola)];
    /// [`KoggeStone`]: occluded fills, no table.
    KoggeStone = "kogge-stone", bytes: 0 => [Some(KoggeStone)];
    /// [`ShiftInMagic`]: the shift in the magic's top bits, 32-byte entries.
    ShiftInMagic = "shift-in-magic" if "shift-in-magic", bytes: shift_in_magic::TABLE_BYTES => [Some(ShiftInMagic)];
    /// [`Shared`]: Hansen's post-mask; rook squares share regions in pairs, bishops in
    /// fours.
    Shared = "shared" if "shared", bytes: shared::TABLE_BYTES => [Some(Shared)];
    /// [`OffsetInMagic`]: fixed-shift magics with the offset in their low 16 bits.
    OffsetInMagic = "offset-in-magic" if "offset-in-magic", bytes: offset_in_magic::TABLE_BYTES => [Some(OffsetInMagic)];
    /// [`simd`]: the queen's lines in vector lanes, on the best path this CPU has
    /// (AVX2 with GFNI, AVX2, or scalar).
    Simd = "simd", bytes: simd::TABLE_BYTES => [SimdGfni::detect(), SimdAvx2::detect(), Some(SimdScalar)];
    /// [`SimdAvx2`]: the AVX2 path of `simd`, even where GFNI exists.
    SimdAvx2 = "simd-avx2", bytes: simd::TABLE_BYTES => [SimdAvx2::detect()];
    /// [`SimdScalar`]: the portable path of `simd`.
    SimdScalar = "simd-scalar", bytes: simd::TABLE_BYTES => [Some(SimdScalar)];
}

/// The portable schemes [`auto`] may choose where PEXT is slow or missing, best first,
/// by measurement (docs/schemes.md's scheme table, `sliders bench`: perft nodes per second,
/// then table size), each with its scheme value and feature. One list makes both the
/// names ([`DEFAULT_PORTABLE`] is the first compiled in) and the function that runs that
/// scheme without a match over the others; `hyperbola` closes it, so there always is one.
macro_rules! portable_preference {
    ($($name:literal => $scheme:ident $(if $feature:literal)?),+ $(,)?) => {
        const PORTABLE_PREFERENCE: &[&str] = &[$($name),+];

        /// Runs `job` with [`DEFAULT_PORTABLE`]'s scheme value: only that scheme is
        /// instantiated. (Unused with `dispatch-all`, where every scheme is.)
        #[inline(always)]
        #[cfg_attr(feature = "dispatch-all", allow(dead_code))]
        fn run_default_portable<W: WithScheme>(job: W) -> W::Output {
            portable_preference!(@first job []; $($scheme $(if $feature)?),+);
        }
    };
    // One `return` per row, compiled in when its feature is on and every earlier one is
    // off; the last row's when every feature is off.
    (@first $job:ident [$($earlier:literal)*]; $scheme:ident if $feature:literal, $($rest:tt)+) => {
        #[cfg(all(feature = $feature $(, not(feature = $earlier))*))]
        return $job.run($scheme);
        portable_preference!(@first $job [$($earlier)* $feature]; $($rest)+);
    };
    (@first $job:ident [$($earlier:literal)*]; $scheme:ident) => {
        #[cfg(not(any($(feature = $earlier),*)))]
        return $job.run($scheme);
    };
}

portable_preference! {
    "black" => Black if "black",
    "fixed-shift" => FixedShift if "fixed-shift",
    "offset-in-magic" => OffsetInMagic if "offset-in-magic",
    "fancy-best" => FancyBest if "fancy-best",
    "fancy" => Fancy if "fancy",
    "plain" => Plain if "plain",
    "shared" => Shared if "shared",
    "shift-in-magic" => ShiftInMagic if "shift-in-magic",
    "byte-lookup" => ByteLookup if "byte-lookup",
    "fancy32" => Fancy32 if "fancy32",
    "hyperbola" => Hyperbola,
}

/// The scheme [`auto`] uses on CPUs without fast PEXT: the first of a measured
/// preference list that is compiled in. With the default features it is `black`: the
/// fastest portable scheme in perft (tied with `fancy` at depth 7, 2-3% ahead at depths
/// 4-5) and in lookups (6-14% ahead of `fancy`), with an 18% smaller table.
///
/// ```
/// # #[cfg(feature = "black")]
/// assert_eq!(sliders_core::schemes::DEFAULT_PORTABLE, sliders_core::schemes::SchemeId::Black);
/// ```
pub const DEFAULT_PORTABLE: SchemeId = {
    let mut p = 0;
    loop {
        let mut i = 0;
        while i < SchemeId::ALL.len() {
            let id = SchemeId::ALL[i];
            if str_eq(id.name(), PORTABLE_PREFERENCE[p]) {
                break;
            }
            i += 1;
        }
        if i < SchemeId::ALL.len() {
            break SchemeId::ALL[i];
        }
        p += 1;
    }
};

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

impl SchemeId {
    /// The compiled-in scheme with this name.
    ///
    /// ```
    /// use sliders_core::schemes::SchemeId;
    /// assert_eq!(SchemeId::from_name("hyperbola"), Some(SchemeId::Hyperbola));
    /// assert_eq!(SchemeId::from_name("auto"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|id| id.name() == name)
    }

    /// Whether [`dispatch`] can run this scheme when [`auto`] picks it: every compiled-in
    /// scheme with the `dispatch-all` feature; without it only the two [`auto`] picks on
    /// its own, `pext` (where compiled in) and [`DEFAULT_PORTABLE`], so that a dependent
    /// compiles each `dispatch` call site for two schemes, not for every one in the build.
    /// Any scheme still runs through [`SchemeId::run`] and the `_with` forms.
    ///
    /// ```
    /// use sliders_core::schemes::{SchemeId, DEFAULT_PORTABLE};
    /// assert!(DEFAULT_PORTABLE.is_dispatchable());
    /// # #[cfg(not(feature = "dispatch-all"))]
    /// assert!(!SchemeId::Classical.is_dispatchable());
    /// ```
    pub fn is_dispatchable(self) -> bool {
        cfg!(feature = "dispatch-all") || self == DEFAULT_PORTABLE || self.name() == "pext"
    }

    /// The cargo feature that compiles the scheme in (`None` for the small schemes that
    /// are always there).
    ///
    /// ```
    /// # #[cfg(feature = "black")]
    /// assert_eq!(sliders_core::schemes::SchemeId::Black.feature(), Some("black"));
    /// assert_eq!(sliders_core::schemes::SchemeId::Hyperbola.feature(), None);
    /// ```
    pub fn feature(self) -> Option<&'static str> {
        KNOWN
            .iter()
            .find(|known| known.name == self.name())
            .and_then(|known| known.feature)
    }

    /// Whether this CPU can run the scheme (`pext` and `pext-pdep` need BMI2,
    /// `simd-avx2` needs AVX2).
    ///
    /// ```
    /// assert!(sliders_core::schemes::SchemeId::Hyperbola.is_available());
    /// ```
    pub fn is_available(self) -> bool {
        struct Nothing;
        impl WithScheme for Nothing {
            type Output = ();
            fn run<S: Scheme>(self, _: S) {}
        }
        self.run_plain(Nothing).is_ok()
    }

    /// Runs `job` with this scheme, wrapped in [`Popcnt`] when the CPU has POPCNT, or
    /// hands `job` back when this CPU cannot run the scheme.
    ///
    /// ```
    /// use sliders_core::schemes::{Scheme, SchemeId, WithScheme};
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
}

/// The feature that would compile in the scheme `name`, when the crate knows the name
/// but this build left it out.
///
/// ```
/// assert_eq!(sliders_core::schemes::missing_feature("hyperbola"), None); // always compiled in
/// assert_eq!(sliders_core::schemes::missing_feature("no-such-scheme"), None);
/// # #[cfg(not(feature = "plain"))]
/// assert_eq!(sliders_core::schemes::missing_feature("plain"), Some("plain"));
/// ```
pub fn missing_feature(name: &str) -> Option<&'static str> {
    if SchemeId::from_name(name).is_some() {
        return None;
    }
    KNOWN
        .iter()
        .find(|known| known.name == name)
        .and_then(|known| known.feature)
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

/// The best scheme for this CPU, ignoring any override: `pext` when it is compiled in
/// and PEXT is fast, otherwise [`DEFAULT_PORTABLE`].
///
/// ```
/// assert!(sliders_core::schemes::detect_best().is_available());
/// ```
pub fn detect_best() -> SchemeId {
    #[cfg(feature = "pext")]
    if crate::cpu::pext_is_fast() {
        return SchemeId::Pext;
    }
    DEFAULT_PORTABLE
}

/// The scheme named by `SLIDERS_SCHEME`: `Ok(None)` when unset or `auto`, an error
/// message (listing the schemes) when it names no scheme, one this build left out, or
/// one this CPU cannot run.
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
            Some(id) if !id.is_dispatchable() => Err(std::format!(
                "SLIDERS_SCHEME={name}: this build dispatches only to {} (enable the cargo feature `dispatch-all` of sliders-core to choose any compiled-in scheme)",
                dispatchable_names()
            )),
            Some(id) if id.is_available() => Ok(Some(id)),
            Some(id) => Err(std::format!(
                "SLIDERS_SCHEME={name}: scheme {id} is unavailable on this CPU; {}",
                describe_choices()
            )),
            None => Err(match missing_feature(&name) {
                Some(feature) => std::format!(
                    "SLIDERS_SCHEME={name}: scheme {name} is not compiled in (enable the cargo feature `{feature}` of sliders-core); {}",
                    describe_choices()
                ),
                None => std::format!(
                    "SLIDERS_SCHEME={name}: unknown scheme; {}",
                    describe_choices()
                ),
            }),
        },
    }
}

/// The schemes [`dispatch`] admits, as a list of names for messages.
#[cfg(feature = "std")]
fn dispatchable_names() -> std::string::String {
    let names: std::vec::Vec<&str> = SchemeId::ALL
        .iter()
        .filter(|id| id.is_dispatchable())
        .map(|id| id.name())
        .collect();
    names.join(" and ")
}

/// A sentence listing the compiled-in schemes and which this CPU can run, for error
/// messages.
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
/// assert!(sliders_core::schemes::auto().is_available());
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

/// Runs `job` with the [`auto`] scheme, wrapped in [`Popcnt`] where the CPU has it: one
/// choice at the entry, none per lookup. `job` is monomorphised for every scheme
/// [`SchemeId::is_dispatchable`] admits: three instances without `dispatch-all` (PEXT
/// with POPCNT, the portable default with and without it).
#[inline]
pub fn dispatch<W: WithScheme>(job: W) -> W::Output {
    #[cfg(feature = "dispatch-all")]
    return match auto().run(job) {
        Ok(output) => output,
        // `auto` only returns schemes that are available; this arm is never taken.
        Err(job) => job.run(Hyperbola),
    };
    #[cfg(not(feature = "dispatch-all"))]
    {
        #[cfg(feature = "pext")]
        if auto() == SchemeId::Pext {
            // Every CPU with BMI2 has POPCNT; a `None` here falls to the portable scheme.
            if let Some(pext) = Pext::detect().and_then(Popcnt::wrap) {
                return job.run(pext);
            }
        }
        run_default_portable(Counted(job))
    }
}

/// [`dispatch`] without the [`Popcnt`] wrapper, for jobs that never call
/// [`Scheme::count`] (a lookup, a move list): the wrapper's check would be work for
/// nothing, and each call site is compiled for one scheme fewer (two without
/// `dispatch-all`: PEXT and the portable default).
///
/// ```
/// use sliders_core::schemes::{dispatch_plain, Scheme, WithScheme};
/// use sliders_core::{Bitboard, Square};
/// struct Mobility;
/// impl WithScheme for Mobility {
///     type Output = usize;
///     fn run<S: Scheme>(self, s: S) -> usize { s.rook_attacks(Square::A1, Bitboard::EMPTY).len() }
/// }
/// assert_eq!(dispatch_plain(Mobility), 14);
/// ```
#[inline(always)]
pub fn dispatch_plain<W: WithScheme>(job: W) -> W::Output {
    #[cfg(feature = "dispatch-all")]
    return match auto().run_plain(job) {
        Ok(output) => output,
        // `auto` only returns schemes that are available; this arm is never taken.
        Err(job) => job.run(Hyperbola),
    };
    #[cfg(not(feature = "dispatch-all"))]
    {
        #[cfg(feature = "pext")]
        if auto() == SchemeId::Pext {
            if let Some(pext) = Pext::detect() {
                return job.run(pext);
            }
        }
        run_default_portable(job)
    }
}
