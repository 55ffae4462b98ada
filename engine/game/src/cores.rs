//! Running a game and the engine thread that plays it on one CPU core.
//!
//! The engine and its game take turns: the engine decides while the game waits for a key, the
//! game works while the engine waits for its screen. On two cores every hand-over wakes the
//! other core (an inter-processor interrupt, a costly exit on a virtual machine) and the
//! sleeper's caches are cold; on one core the same hand-over is a local switch. Measured on
//! this machine, seed 2 solo, loaded: 732 / 799 decisions/s unpinned, 877 / 917 pinned. A
//! child process inherits the affinity of the thread that forks it, so pinning the engine
//! thread before it starts its game pins both.

/// The CPUs this process may run on, in order (its affinity mask; `[0 .. parallelism)` where
/// the mask cannot be read).
pub fn allowed() -> Vec<usize> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: a zeroed cpu_set_t is an empty set; sched_getaffinity fills at most its size.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        let rc =
            unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) };
        if rc == 0 {
            let cpus: Vec<usize> = (0..libc::CPU_SETSIZE as usize)
                .filter(|&c| unsafe { libc::CPU_ISSET(c, &set) })
                .collect();
            if !cpus.is_empty() {
                return cpus;
            }
        }
    }
    let n = std::thread::available_parallelism().map_or(1, |n| n.get());
    (0..n).collect()
}

/// Pins the calling thread to `cpu` (and so every process it starts after). False where the
/// system refuses or has no such call: the thread then runs where the scheduler puts it.
pub fn pin_current_thread(cpu: usize) -> bool {
    #[cfg(target_os = "linux")]
    {
        if cpu >= libc::CPU_SETSIZE as usize {
            return false;
        }
        // SAFETY: an empty set with one CPU added; pid 0 is the calling thread.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        unsafe { libc::CPU_SET(cpu, &mut set) };
        let rc =
            unsafe { libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) };
        if rc != 0 {
            log::debug!(
                "not pinned to CPU {cpu}: {}",
                std::io::Error::last_os_error()
            );
        }
        rc == 0
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = cpu;
        false
    }
}

/// The CPU the calling thread may run on, when it may run on one only.
pub fn pinned_to() -> Option<usize> {
    #[cfg(target_os = "linux")]
    {
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        let rc =
            unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) };
        if rc != 0 || unsafe { libc::CPU_COUNT(&set) } != 1 {
            return None;
        }
        (0..libc::CPU_SETSIZE as usize).find(|&c| unsafe { libc::CPU_ISSET(c, &set) })
    }
    #[cfg(not(target_os = "linux"))]
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pinned_thread_and_the_process_it_starts_run_on_that_cpu_only() {
        let cpus = allowed();
        assert!(!cpus.is_empty());
        let cpu = *cpus.last().unwrap();
        let only_one = cpus.len() == 1;
        std::thread::spawn(move || {
            assert_eq!(pinned_to(), only_one.then_some(cpu));
            assert!(pin_current_thread(cpu));
            assert_eq!(pinned_to(), Some(cpu));
            // A child started from this thread inherits the mask (Linux: taskset reads it).
            let out = std::process::Command::new("sh")
                .args(["-c", "grep Cpus_allowed_list /proc/self/status"])
                .output()
                .expect("sh runs");
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(text.trim().ends_with(&format!("\t{cpu}")), "{text}");
        })
        .join()
        .unwrap();
        // Other threads keep their own mask.
        assert_eq!(allowed(), cpus);
    }
}
