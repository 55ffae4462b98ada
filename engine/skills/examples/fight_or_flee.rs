//! The look-ahead against the plain rule on simulated duels: survival rate per starting HP and
//! foe (a level-1 Valkyrie, AC 6, 16 max HP, d8+2 per hit).
//! Run: `cargo run -p nhbot-tactics --example fight_or_flee --release`

use nhbot_skills::duel_sim::{survival, Policy};
use nhbot_skills::monsters::by_name;

fn main() {
    let trials = 4000;
    println!("| foe | HP | plain rule | look-ahead d2 | look-ahead d4 |");
    println!("|---|---|---|---|---|");
    for foe in [
        "newt",
        "jackal",
        "giant rat",
        "hill orc",
        "soldier ant",
        "dwarf",
        "gnome lord",
    ] {
        let Some(m) = by_name(foe) else { continue };
        for hp in [3, 5, 8, 16] {
            let row: Vec<String> = [Policy::Plain, Policy::LookAhead(2), Policy::LookAhead(4)]
                .iter()
                .map(|p| format!("{:.1}%", 100.0 * survival(m, hp, 16, 6, 1, *p, trials, 7)))
                .collect();
            println!("| {foe} | {hp} | {} |", row.join(" | "));
        }
    }
}
