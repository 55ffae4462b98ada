//! Output piped into a reader that stops early (`nhbot sokoban solve FILE | head -1`) ends
//! the command quietly, as for any Unix tool, not with a panic.

use std::io::Read;
use std::process::{Command, Stdio};

#[test]
fn a_closed_pipe_ends_the_command_without_a_panic() {
    let puzzle = "#####\n#@$.#\n#####\n";
    let file = std::env::temp_dir().join(format!("nhbot-pipe-{}.xsb", std::process::id()));
    // Enough levels that the output outlives the pipe's buffer.
    std::fs::write(&file, format!("{puzzle}\n").repeat(2_000)).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_nhbot"))
        .args(["sokoban", "solve"])
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // the reader is gone before the first line
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    std::fs::remove_file(&file).ok();
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    assert!(!status.success(), "it cannot have printed everything");
}
