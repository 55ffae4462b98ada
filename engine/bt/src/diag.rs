//! Diagnostics: every problem found in a tree or script file, with its file:line:col.

use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// A 1-based line and column in a source file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Mark {
    pub line: usize,
    pub col: usize,
}

impl Mark {
    pub fn new(line: usize, col: usize) -> Mark {
        Mark { line, col }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// One problem, printed as `file:line:col: error: message` (the format editors jump to).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub file: PathBuf,
    pub line: usize,
    pub col: usize,
    pub severity: Severity,
    pub message: String,
}

impl Diagnostic {
    pub fn error(file: &Path, mark: Mark, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: file.to_path_buf(),
            line: mark.line,
            col: mark.col,
            severity: Severity::Error,
            message: message.into(),
        }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `file:line:col` alone, for tests and log prefixes.
    pub fn location(&self) -> String {
        format!("{}:{}:{}", self.file.display(), self.line, self.col)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{}: {}: {}", self.location(), sev, self.message)
    }
}

/// Up to three known names closest to `wanted` (edit distance), best first, for "did you mean".
pub fn closest<'a>(wanted: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut scored: Vec<(usize, &str)> = known
        .into_iter()
        .map(|k| (edit_distance(wanted, k), k))
        .filter(|(d, k)| {
            *d <= (k.len().max(wanted.len()) / 2).max(2) || k.contains(wanted) || wanted.contains(k)
        })
        .collect();
    scored.sort();
    // Only the best matches: `hp_bellow` suggests `hp_below`, not also `turn_below`.
    let best = scored.first().map(|(d, _)| *d).unwrap_or(0);
    scored
        .into_iter()
        .filter(|(d, _)| *d <= best + 1)
        .take(3)
        .map(|(_, k)| k)
        .collect()
}

/// A " (did you mean `a`, `b`?)" suffix, empty when nothing is close.
pub fn did_you_mean<'a>(wanted: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    let near = closest(wanted, known);
    if near.is_empty() {
        String::new()
    } else {
        let names: Vec<String> = near.iter().map(|n| format!("`{n}`")).collect();
        format!("; did you mean {}?", names.join(" or "))
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_finds_typos() {
        assert_eq!(
            closest("hp_bellow", ["hp_below", "pray", "search"]),
            vec!["hp_below"]
        );
        assert!(closest("zzzzzzzz", ["pray", "eat"]).is_empty());
    }
}
