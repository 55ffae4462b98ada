//! Print a fixture's screen text, cursor, per row the inverse-video and coloured runs, and the
//! scraped frame.
//!
//! usage: cargo run -p nhbot-screen --example show_fixture -- FILE...

use nhbot_screen::{scrape, Terminal, COLOR_DEFAULT, ROWS};

fn main() -> Result<(), String> {
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).map_err(|e| format!("reading {path}: {e}"))?;
        let mut term = Terminal::new();
        term.feed(&bytes);
        let screen = term.screen();
        println!("== {path} cursor {:?}", screen.cursor());
        for r in 0..ROWS {
            let marks: String = screen
                .row(r)
                .iter()
                .map(|c| match (c.inverse, c.fg) {
                    (true, _) => 'I',
                    (false, COLOR_DEFAULT) if c.bold => 'B',
                    (false, COLOR_DEFAULT) => ' ',
                    (false, fg) => char::from_digit(u32::from(fg), 16).unwrap_or('?'),
                })
                .collect();
            println!("{r:2}|{}", screen.row_text(r));
            if !marks.trim().is_empty() {
                println!("  |{}", marks.trim_end());
            }
        }
        println!("{:#?}", scrape(&screen));
    }
    Ok(())
}
