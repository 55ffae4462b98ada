//! The fast grid must show exactly what `vt100` shows, over whole recorded games fed in chunks of
//! varying size (escape sequences split across chunks included).

use nhbot_screen::{Screen, Terminal, COLS, ROWS};

/// None when equal, else where and how the grid differs from vt100.
fn difference(fast: &Screen, reference: &Screen) -> Option<String> {
    if fast.cursor() != reference.cursor() {
        return Some(format!(
            "cursor {:?} vs vt100 {:?}",
            fast.cursor(),
            reference.cursor()
        ));
    }
    (0..ROWS * COLS).find_map(|i| {
        let (r, c) = (i / COLS, i % COLS);
        let (a, b) = (fast.cell(r, c), reference.cell(r, c));
        (a != b).then(|| {
            format!(
                "cell ({r},{c}): {a:?} vs vt100 {b:?}\nrow grid: {}\nrow vt100: {}",
                fast.row_text(r),
                reference.row_text(r)
            )
        })
    })
}

fn check_recording(name: &str) {
    let path = format!("{}/tests/fixtures/raw/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let mut term = Terminal::new();
    let mut at = 0;
    let mut chunk = 1;
    while at < bytes.len() {
        let end = (at + chunk).min(bytes.len());
        term.feed(&bytes[at..end]);
        if let Some(diff) = difference(
            term.screen(),
            &term.vt100_screen().expect("Terminal::new keeps vt100"),
        ) {
            panic!(
                "{name}: differs after byte {end} ({:?}): {diff}",
                String::from_utf8_lossy(&bytes[at..end])
            );
        }
        at = end;
        chunk = chunk % 97 + 13; // 1, 14, 27, ... then small again: varied split points
    }
}

#[test]
fn grid_matches_vt100_game1() {
    check_recording("game1.raw");
}

#[test]
fn grid_matches_vt100_game2() {
    check_recording("game2.raw");
}

#[test]
fn grid_matches_vt100_game3_term_xterm() {
    check_recording("game3.raw");
}

#[test]
fn scrolling_erasing_and_alternate_screen_match_vt100() {
    let mut term = Terminal::new();
    let script: &[&[u8]] = &[
        b"\x1b[?1049h\x1b[1;31mred\x1b[0m plain\r\n\x1b[7minverse\x1b[27m\x1b[5;10Hxy\x1b[2D\x1b[K",
        b"\x1b[3;1r\x1b[1;1H\x1b[M\x1b[L\x1b[r\x1b[24;1H\n\n\x1b[93mbright\x1b[39m\x1b[38;5;4mblue",
        b"\x1b[10;78Habcd\x1b[2;5H\x1b[3@\x1b[2P\x1b[4X\x1b[1J\x1bM\x1b7\x1b[20;20H\x1b8\t\x08z",
        b"\x1b]0;title\x07\x1b(B\x1b[?25l\xc3\xa9\x1b[?1049l",
        b"\x1b[1;80HX\x08Y\x1b[5;20r\x1b[20;1Hlf\n\n\x1b[2S\x1b[T\x1b[3A\x1b[9B\x1b[r\x1b[?47hon alt\x1b[?47l",
        b"\x1b[24;80Hwrap\x1b[1;1H\x1b[2;3;4;5m\x1b[1;7;34mz\x1b[m\x1b[3;3H\x1b[0K\x1b[2K\x1b[1K\x1b[3J",
    ];
    for part in script {
        term.feed(part);
        if let Some(diff) = difference(
            term.screen(),
            &term.vt100_screen().expect("Terminal::new keeps vt100"),
        ) {
            panic!("after {:?}: {diff}", String::from_utf8_lossy(part));
        }
    }
}

#[test]
fn a_grid_only_terminal_shows_what_a_reference_terminal_shows() {
    let path = format!(
        "{}/tests/fixtures/raw/game1.raw",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    let (mut reference, mut fast) = (Terminal::new(), Terminal::grid_only());
    assert!(fast.parser().is_none() && fast.vt100_screen().is_none());
    let mut status_lines = 0;
    for (i, chunk) in bytes.chunks(61).enumerate() {
        reference.feed(chunk);
        fast.feed(chunk);
        assert_eq!(fast.screen(), reference.screen(), "after chunk {i}");
        status_lines += fast.screen().row_text(23).starts_with("Dlvl:") as usize;
    }
    assert!(status_lines > 0, "the recording draws the game");
}
