//! [`auto!`]: run an expression generic over the slider scheme with the best scheme for
//! this CPU, which `sliders_core::schemes::dispatch` picks once per call.

/// `auto!(Output, |scheme| body; name: Type = value, ...)`: `body` is monomorphised per
/// scheme and run with the one `dispatch_plain` picks (no POPCNT wrapper: nothing here counts); it sees `scheme` and the named values.
/// Types may borrow with the lifetime `'a`.
macro_rules! auto {
    ($out:ty, |$s:ident| $body:expr; $($name:ident : $ty:ty = $val:expr),* $(,)?) => {{
        struct Job<'a> {
            $($name: $ty,)*
            _borrow: core::marker::PhantomData<&'a ()>,
        }
        impl sliders_core::schemes::WithScheme for Job<'_> {
            type Output = $out;
            #[inline(always)]
            fn run<S: sliders_core::schemes::Scheme>(self, $s: S) -> $out {
                let Job { $($name,)* .. } = self;
                $body
            }
        }
        sliders_core::schemes::dispatch_plain(Job {
            $($name: $val,)*
            _borrow: core::marker::PhantomData,
        })
    }};
}

pub(crate) use auto;
