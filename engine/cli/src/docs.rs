//! `nhbot docs`: regenerates the README's node catalogue from the manifest and the LuaLS file
//! scripts/nhbot.d.lua from the Lua API definition.

use anyhow::{bail, Context, Result};
use std::path::Path;

pub const START: &str = "<!-- catalogue:start -->\n";
pub const END: &str = "<!-- catalogue:end -->";

/// The README text with its catalogue section replaced by the generated one.
pub fn with_catalogue(readme: &str, catalogue: &str) -> Result<String> {
    let (Some(a), Some(b)) = (readme.find(START), readme.find(END)) else {
        bail!("README.md has no {START:?} … {END:?} section");
    };
    Ok(format!(
        "{}{START}{catalogue}{}",
        &readme[..a],
        &readme[b..]
    ))
}

pub fn write_readme(path: &Path) -> Result<i32> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let new = with_catalogue(
        &text,
        &nhbot_bt::node_catalogue_markdown(&nhbot_skills::registry()),
    )?;
    if new != text {
        std::fs::write(path, new)?;
        println!("updated the node catalogue in {}", path.display());
    } else {
        println!("{} is up to date", path.display());
    }
    Ok(0)
}

/// Writes the LuaLS definitions of the Lua API (`nhbot_bt::lua_definitions`) to `path`.
pub fn write_lua_defs(path: &Path) -> Result<i32> {
    let new = nhbot_bt::lua_definitions();
    if std::fs::read_to_string(path).ok().as_deref() != Some(new.as_str()) {
        std::fs::write(path, new).with_context(|| format!("writing {}", path.display()))?;
        println!("updated the Lua API definitions in {}", path.display());
    } else {
        println!("{} is up to date", path.display());
    }
    Ok(0)
}
