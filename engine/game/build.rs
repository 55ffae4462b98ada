//! Builds the LD_PRELOAD shim (shim/nhshim.c) into OUT_DIR; the library embeds the bytes and writes
//! them next to its private copy of the game binary at run time.
use std::{env, path::PathBuf, process::Command};

fn main() {
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("libnhshim.so");
    let cc = env::var("CC").unwrap_or_else(|_| "cc".into());
    let status = Command::new(&cc)
        .args(["-shared", "-fPIC", "-O2", "-Wall", "-o"])
        .arg(&out)
        .arg("shim/nhshim.c")
        .arg("-ldl")
        .status()
        .unwrap_or_else(|e| panic!("running {cc} to build the nhshim preload library: {e}"));
    assert!(status.success(), "{cc} failed to build shim/nhshim.c");
    println!("cargo:rerun-if-changed=shim/nhshim.c");
}
