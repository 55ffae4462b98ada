//! The committed LuaLS definitions (scripts/nhbot.d.lua) are generated from the Lua API
//! definition (`luadef::LUA_API`, itself checked against the Lua tables by luadef's unit tests).
use std::path::Path;

#[test]
fn committed_lua_definitions_equal_the_generated_ones() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/nhbot.d.lua");
    let committed = std::fs::read_to_string(&path).expect("scripts/nhbot.d.lua");
    let generated = nhbot_bt::lua_definitions();
    if committed == generated {
        return;
    }
    let first_difference = committed
        .lines()
        .zip(generated.lines())
        .enumerate()
        .find(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| format!("line {}:\n  committed: {a}\n  generated: {b}", i + 1))
        .unwrap_or_else(|| {
            format!(
                "{} lines committed, {} generated",
                committed.lines().count(),
                generated.lines().count()
            )
        });
    panic!(
        "stale scripts/nhbot.d.lua: run `cargo run -p nhbot-bt --example gen_lua_defs` (or \
         `nhbot docs`) at the repo root\nfirst difference at {first_difference}"
    );
}
