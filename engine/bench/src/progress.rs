//! The progress line on stderr: games done, running, ETA. Redrawn in place on a terminal, one
//! plain line per finished game otherwise (logs of batch jobs stay readable).

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

pub struct Progress {
    total: usize,
    done: usize,
    running: usize,
    started: Instant,
    in_place: bool,
    quiet: bool,
}

impl Progress {
    pub fn new(total: usize) -> Progress {
        Progress {
            total,
            done: 0,
            running: 0,
            started: Instant::now(),
            in_place: std::io::stderr().is_terminal(),
            quiet: false,
        }
    }

    /// No output at all (tests).
    pub fn quiet(total: usize) -> Progress {
        Progress {
            quiet: true,
            ..Progress::new(total)
        }
    }

    pub fn started_game(&mut self) {
        self.running += 1;
        self.draw(None);
    }

    /// `what` is one line about the finished game.
    pub fn finished_game(&mut self, what: &str) {
        self.running = self.running.saturating_sub(1);
        self.done += 1;
        self.draw(Some(what));
    }

    /// The estimate uses the throughput so far, which already reflects the parallelism.
    fn eta(&self) -> Option<Duration> {
        if self.done == 0 {
            return None;
        }
        let per_game = self.started.elapsed().as_secs_f64() / self.done as f64;
        Some(Duration::from_secs_f64(
            per_game * self.total.saturating_sub(self.done) as f64,
        ))
    }

    fn line(&self) -> String {
        let eta = self.eta().map_or("?".to_string(), |d| {
            let s = d.as_secs();
            format!("{}m{:02}s", s / 60, s % 60)
        });
        format!(
            "games {}/{} done, {} running, {:.0}s elapsed, ETA {eta}",
            self.done,
            self.total,
            self.running,
            self.started.elapsed().as_secs_f64()
        )
    }

    fn draw(&self, finished: Option<&str>) {
        if self.quiet {
            return;
        }
        let mut err = std::io::stderr().lock();
        if self.in_place {
            if let Some(what) = finished {
                let _ = write!(err, "\r\x1b[K{what}\n");
            }
            let _ = write!(err, "\r\x1b[K{}", self.line());
            if self.done == self.total {
                let _ = writeln!(err);
            }
        } else if let Some(what) = finished {
            let _ = writeln!(err, "{what}  [{}]", self.line());
        }
        let _ = err.flush();
    }
}
