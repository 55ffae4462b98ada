//! Prints a fixture's screen text: `cargo run -p nhbot-screen --example show_fixture -- FILE`.
fn main() {
    let path = std::env::args().nth(1).expect("a fixture file");
    let bytes = std::fs::read(&path).expect("readable fixture");
    let mut t = nhbot_screen::Terminal::new();
    t.feed(&bytes);
    println!("{}", t.screen().text());
}
