//! `nhbot docs --write-readme`: regenerates the README's node catalogue from the manifest.

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
    let new = with_catalogue(&text, &nhbot_bt::node_catalogue_markdown(&nhbot_skills::registry()))?;
    if new != text {
        std::fs::write(path, new)?;
        println!("updated the node catalogue in {}", path.display());
    } else {
        println!("{} is up to date", path.display());
    }
    Ok(0)
}
