//! Stand-in for `nhbot kb` until the CLI wires it:
//! `cargo run -p nhbot-kb --example kb -- [--game FACTS.jsonl] [--facts FILE.yaml] [--all] [APPEARANCE]`
use nhbot_kb::{run_cli, KbArgs};

fn main() -> anyhow::Result<()> {
    let mut args = KbArgs::default();
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--game" => args.game = it.next().map(Into::into),
            "--facts" => args.facts = it.next().map(Into::into),
            "--all" => args.all = true,
            _ => args.appearance = Some(a),
        }
    }
    print!("{}", run_cli(args)?);
    Ok(())
}
