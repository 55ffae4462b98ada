//! Regenerates trees/nhbot-tree.schema.json from the node registry:
//! `cargo run -p nhbot-skills --example gen_schema [OUT]`
fn main() -> anyhow::Result<()> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "trees/nhbot-tree.schema.json".into());
    let text =
        serde_json::to_string_pretty(&nhbot_bt::json_schema(&nhbot_skills::registry()))? + "\n";
    std::fs::write(&out, text).map_err(|e| anyhow::anyhow!("writing {out}: {e}"))?;
    println!("wrote {out}");
    Ok(())
}
