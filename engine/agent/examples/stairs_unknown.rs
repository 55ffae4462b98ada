//! Where games lose their time looking for the way down (issue 27, "0 stuck").
//!
//! For each game directory of a bench run: the game's recording replayed through the scraper
//! tells, at every turn, the level (`Dlvl`) and whether a `>` is drawn on its map; the game's
//! decisions.log tells which tree path spent each turn. Prints, per (game, Dlvl) with at least
//! `MIN` turns spent while no `>` was on the map, those turns split by how they were spent, and
//! a total over all games.
//!
//! `cargo run --release -p nhbot-agent --example stairs_unknown -- MIN GAME_DIR...`
//!
//! The Dlvl number stands for the level: the Mines' levels share numbers with the main
//! dungeon's. A `>` into the Mines counts as a way down here (the screen does not say which).

use anyhow::{Context, Result};
use nhbot_game::ttyrec::read_recording;
use nhbot_screen::{scrape, Terminal};
use std::collections::BTreeMap;
use std::path::Path;

/// Per turn reached: (Dlvl, `>` drawn on the map) as the last frame of that turn showed it.
fn stairs_by_turn(recording: &Path) -> Result<BTreeMap<i64, (i32, usize)>> {
    let rec = read_recording(recording)?;
    let mut term = Terminal::default();
    let mut out = BTreeMap::new();
    for f in rec.frames {
        term.feed(&f.bytes);
        let screen = term.screen();
        let frame = scrape(screen);
        // Only frames waiting for a command on the map: menus and windows cover it otherwise.
        let (Some(status), Some(_)) = (frame.status, frame.player) else {
            continue;
        };
        if frame.menu.is_some() || frame.prompt.is_some() {
            continue;
        }
        let Some(turn) = status.turn else { continue };
        let downs = screen.map_cells().iter().filter(|c| c.ch == '>').count();
        out.insert(turn, (status.dlvl, downs));
    }
    Ok(out)
}

/// What a decision's tree path says about how its turns were spent.
fn category(line: &str) -> &'static str {
    let path = line.split(" | ").nth(1).unwrap_or("");
    let reason = line.split(" | ").nth(2).unwrap_or("");
    if path.contains("search_now_and_then") {
        "search_now_and_then"
    } else if path.contains("/camp/") {
        "camp"
    } else if path.contains("explore") {
        if reason.contains("searching") || reason.contains("going to search") {
            "explore:search"
        } else if reason.contains("may hide the stairs") {
            "explore:objects"
        } else {
            "explore:walk"
        }
    } else if path.contains("/rest/") || path.contains("rest") {
        "rest"
    } else if path.contains("survive") || path.contains("fight") || path.contains("melee") {
        "survive/fight"
    } else if path.contains("feed") || path.contains("pray") {
        "feed/pray"
    } else if path.contains("never_melee") {
        "never_melee"
    } else if path.contains("wander") {
        "wander"
    } else {
        "other"
    }
}

fn turn_of(line: &str) -> Option<i64> {
    line.strip_prefix('T')?.split(' ').next()?.parse().ok()
}

type Split = BTreeMap<&'static str, i64>;

fn main() -> Result<()> {
    let mut args = std::env::args().skip(1);
    let min: i64 = args.next().context("MIN")?.parse()?;
    let mut total: Split = BTreeMap::new();
    let (mut all_turns, mut all_unknown) = (0i64, 0i64);
    for dir in args {
        let dir = Path::new(&dir);
        let stairs = match stairs_by_turn(&dir.join("game.ttyrec")) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{}: {e:#}", dir.display());
                continue;
            }
        };
        let log = std::fs::read_to_string(dir.join("decisions.log")).unwrap_or_default();
        let lines: Vec<&str> = log.lines().filter(|l| turn_of(l).is_some()).collect();
        // (Dlvl) -> (turns, turns with no `>`, split of those)
        let mut per_level: BTreeMap<i32, (i64, i64, Split)> = BTreeMap::new();
        for pair in lines.windows(2) {
            let (Some(t0), Some(t1)) = (turn_of(pair[0]), turn_of(pair[1])) else {
                continue;
            };
            let spent = (t1 - t0).max(0);
            let Some((_, &(dlvl, downs))) = stairs.range(..=t0).next_back() else {
                continue;
            };
            let entry = per_level.entry(dlvl).or_default();
            entry.0 += spent;
            if downs == 0 {
                entry.1 += spent;
                *entry.2.entry(category(pair[0])).or_default() += spent;
            }
        }
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned());
        for (dlvl, (turns, unknown, split)) in per_level {
            all_turns += turns;
            all_unknown += unknown;
            for (k, v) in &split {
                *total.entry(k).or_default() += v;
            }
            if unknown >= min {
                let parts: Vec<String> = split.iter().map(|(k, v)| format!("{k} {v}")).collect();
                println!(
                    "{} Dlvl {dlvl}: {turns} turns, {unknown} with no '>' seen: {}",
                    name.as_deref().unwrap_or("?"),
                    parts.join(", ")
                );
            }
        }
    }
    println!("all: {all_turns} turns, {all_unknown} with no '>' on the level's map");
    let parts: Vec<String> = total.iter().map(|(k, v)| format!("{k} {v}")).collect();
    println!("split: {}", parts.join(", "));
    Ok(())
}
