//! The calling thread's CPU time, next to the wall clock: on a loaded machine a run can
//! wait for a core, which counts in wall time but not in CPU time. Neither removes the
//! cache and memory-bandwidth effects of the other processes; together they show how
//! much of a slow round was waiting.

/// Seconds of CPU time used by the calling thread so far, where the platform gives it
/// (Linux on 64-bit targets: `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, from the C
/// library std already links).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
pub fn thread_cpu_seconds() -> Option<f64> {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec (two 64-bit fields on 64-bit Linux),
    // and the clock id is the constant Linux defines for the calling thread's CPU time.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then_some(ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9)
}

/// Seconds of CPU time used by the calling thread so far, where the platform gives it.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
pub fn thread_cpu_seconds() -> Option<f64> {
    None
}

/// Wall and thread-CPU seconds of one call of `f`, and its result.
#[inline(never)]
pub fn time<T>(f: impl FnOnce() -> T) -> (T, f64, Option<f64>) {
    let cpu0 = thread_cpu_seconds();
    let start = std::time::Instant::now();
    let out = f();
    let wall = start.elapsed().as_secs_f64();
    let cpu = match (cpu0, thread_cpu_seconds()) {
        (Some(a), Some(b)) => Some(b - a),
        _ => None,
    };
    (out, wall, cpu)
}

#[cfg(test)]
mod tests {
    #[test]
    fn cpu_time_advances_with_work() {
        let (x, wall, cpu) = super::time(|| {
            let mut x = 0u64;
            for i in 0..2_000_000u64 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(i));
            }
            x
        });
        std::hint::black_box(x);
        assert!(wall > 0.0);
        if let Some(cpu) = cpu {
            assert!(cpu > 0.0, "{cpu}");
        }
    }
}
