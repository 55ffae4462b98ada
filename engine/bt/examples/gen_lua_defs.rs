//! Regenerates scripts/nhbot.d.lua from the Lua API definition (`nhbot_bt::luadef::LUA_API`):
//! `cargo run -p nhbot-bt --example gen_lua_defs [OUT]`
fn main() -> anyhow::Result<()> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "scripts/nhbot.d.lua".into());
    std::fs::write(&out, nhbot_bt::lua_definitions())
        .map_err(|e| anyhow::anyhow!("writing {out}: {e}"))?;
    println!("wrote {out}");
    Ok(())
}
