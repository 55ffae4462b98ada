//! Cut a fixture out of a raw pty recording: feed the first OFFSET bytes into a fresh 24x80
//! terminal and write what it shows (`contents_formatted`) to OUT. Prints the screen text.
//!
//! usage: cargo run -p nhbot-screen --example cut_fixture -- RAW OFFSET OUT

use nhbot_screen::Terminal;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [raw, offset, out] = args.as_slice() else {
        return Err("usage: cut_fixture RAW OFFSET OUT".into());
    };
    let bytes = std::fs::read(raw).map_err(|e| format!("reading {raw}: {e}"))?;
    let offset: usize = offset
        .parse()
        .map_err(|e| format!("offset {offset}: {e}"))?;
    let mut term = Terminal::new();
    term.feed(&bytes[..offset.min(bytes.len())]);
    let formatted = term
        .parser()
        .expect("Terminal::new keeps the vt100 parser")
        .screen()
        .contents_formatted();
    std::fs::write(out, &formatted).map_err(|e| format!("writing {out}: {e}"))?;

    // The fixture must reproduce the same screen, cursor included.
    let mut check = Terminal::new();
    check.feed(&formatted);
    if check.screen() != term.screen() {
        return Err(format!("{out}: the fixture does not reproduce the screen"));
    }
    println!(
        "{}\n-- cursor {:?}",
        term.screen().text(),
        term.screen().cursor()
    );
    Ok(())
}
