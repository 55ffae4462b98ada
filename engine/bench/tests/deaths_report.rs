//! Death analysis on recorded inputs: `fixtures/deaths-bench` is a bench directory cut from real
//! runs — results lines as written, each dead game's xlogfile and the last ~55 turns of its
//! decisions.log (recordings left out for size). Seeds 1, 3 and 4 were played by this engine
//! (their log has the status field); seeds 2 and 87 come from an older bench (no status field);
//! seed 91 was stopped by the watchdog (no death).

use nhbot_bench::deaths::evidence::log_tail;
use nhbot_bench::deaths::{Cause, Flags, HpSource, DEATHS_FILE};
use nhbot_bench::report;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/deaths-bench")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn deaths_of(dir: &Path) -> Vec<Value> {
    std::fs::read_to_string(dir.join(DEATHS_FILE))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn death(deaths: &[Value], seed: u64) -> &Value {
    deaths
        .iter()
        .find(|d| d["seed"] == seed)
        .unwrap_or_else(|| panic!("no death for seed {seed}"))
}

fn cause_name(c: Cause) -> Value {
    serde_json::to_value(c).unwrap()
}

#[test]
fn every_death_is_classed_from_its_evidence_and_written_to_deaths_jsonl() {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), tmp.path());
    report(tmp.path()).unwrap();
    let deaths = deaths_of(tmp.path());
    let seeds: Vec<u64> = deaths.iter().map(|d| d["seed"].as_u64().unwrap()).collect();
    // By cause, then seed; the watchdog's quit (seed 91) is no death.
    assert_eq!(seeds, [1, 4, 3, 2, 87]);

    let poisoned = death(&deaths, 1);
    assert_eq!(poisoned["cause"], cause_name(Cause::Poison));
    assert_eq!(poisoned["turn"], 1272);
    assert_eq!(poisoned["depth"], 2, "from the xlogfile");

    // Seed 4: striking at an unseen monster (`I`) in its last turns.
    let bee = death(&deaths, 4);
    assert_eq!(bee["cause"], cause_name(Cause::Unseen));
    assert!(
        bee["evidence"]
            .as_str()
            .unwrap()
            .contains("striking at the unseen monster"),
        "{}",
        bee["evidence"]
    );

    // Seed 3: on Elbereth at HP 8 of 57 five turns before the werejackal killed it.
    let were = death(&deaths, 3);
    assert_eq!(were["cause"], cause_name(Cause::MeleeHurt));
    assert_eq!(were["evidence"], "HP 8/57 at T4886");
    assert_eq!(
        were["hp_source"],
        serde_json::to_value(HpSource::Log).unwrap()
    );
    let trail = were["hp_trail"].as_array().unwrap();
    assert!(trail.len() > 10, "one sample per logged turn: {trail:?}");
    assert!(trail.iter().all(|h| h["hp_max"].as_i64().unwrap() > 0));
    assert_eq!(were["flags"]["engraved_elbereth"], true);
    assert_eq!(were["flags"]["prayed"], false);

    // Old logs: no HP trail, so melee is not split; the flags still come from the decisions.
    let centaur = death(&deaths, 2);
    assert_eq!(centaur["cause"], cause_name(Cause::Melee));
    assert_eq!(
        centaur["hp_source"],
        serde_json::to_value(HpSource::NotRecorded).unwrap()
    );
    assert_eq!(centaur["flags"]["prayed"], true, "prayed at T7651");
    assert_eq!(
        centaur["flags"]["engraved_elbereth"], false,
        "its Elbereths (T7610-T7614) are older than the last 50 turns"
    );
    let elf = death(&deaths, 87);
    assert_eq!(
        (&elf["flags"]["prayed"], &elf["flags"]["retreated"]),
        (&Value::Bool(true), &Value::Bool(true))
    );
    let last = elf["last_decisions"].as_array().unwrap();
    assert_eq!(last.len(), 12);
    assert!(last.iter().all(|d| d["turn"].as_i64().unwrap() <= 3340));

    let md = std::fs::read_to_string(tmp.path().join("report.md")).unwrap();
    assert!(md.contains("## Deaths by cause"), "{md}");
    assert!(
        md.contains("| melee, HP unknown | 2 | 40% | 5506 | 6.5 | 0 |"),
        "{md}"
    );
    assert!(md.contains("| poison | 1 | 20% | 1272 | 2 | 0 |"), "{md}");
    assert!(
        md.contains("#### Seed 2: killed by a plains centaur"),
        "{md}"
    );
    assert!(md.contains("HP trail not recorded"), "{md}");
    assert!(
        md.contains("HP over the last 50 turns (from the log)"),
        "{md}"
    );
    assert!(
        md.contains("tried in the last 50 turns: prayed, retreated"),
        "{md}"
    );
}

#[test]
fn a_comparison_sets_the_causes_of_both_arms_side_by_side() {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&fixture(), &tmp.path().join("a"));
    copy_dir(&fixture(), &tmp.path().join("b"));
    // Arm B: only the games of this engine.
    let b_results = tmp.path().join("b/results.jsonl");
    let kept: Vec<String> = std::fs::read_to_string(&b_results)
        .unwrap()
        .lines()
        .filter(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            [1, 3, 4].contains(&v["seed"].as_u64().unwrap())
        })
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&b_results, kept.concat()).unwrap();
    report(tmp.path()).unwrap();
    let md = std::fs::read_to_string(tmp.path().join("report.md")).unwrap();
    assert!(md.contains("## Deaths by cause side by side"), "{md}");
    assert!(
        md.contains("| cause | A (5 deaths) | B (3 deaths) |"),
        "{md}"
    );
    assert!(md.contains("| melee, HP unknown | 2 | 0 |"), "{md}");
    assert!(md.contains("| poison | 1 | 1 |"), "{md}");
    // Each arm has its own table and deaths.jsonl.
    for arm in ["a", "b"] {
        let own = std::fs::read_to_string(tmp.path().join(arm).join("report.md")).unwrap();
        assert!(own.contains("## Deaths by cause"), "{arm}: {own}");
    }
    assert_eq!(deaths_of(&tmp.path().join("b")).len(), 3);
}

/// Real decision lines (seed 84 of a bench: it fled a gnome lord up the stairs twice, T1826 and
/// T1885; seed 99: prayed and engraved at the end).
const FLED: &str = r#"T1826 {"kind":"ascend"} | [dungeons: explore and descend] root/dungeons/play/survive/fight_or_flee#5 | the fight is lost: leaving by the up stairs [look-ahead vs gnome lord: Flee, 0.61]
T1885 {"kind":"ascend"} | [dungeons: explore and descend] root/dungeons/play/survive/retreat_if_losing#3 | the fight is lost: leaving by the up stairs
T1886 {"kind":"move","dir":"W"} | [dungeons: explore and descend] root/dungeons/play/explore#10 | exploring the unseen at (28, 17), 3 steps away
"#;
const PRAYED: &str = r#"T2815 {"kind":"pray"} | [dungeons: explore and descend] root/dungeons/play/survive/pray_if_in_trouble#0 | HP 6/63 is low to the gods; last prayer None, turn 2815
T2818 {"kind":"keys","keys":":"} | [dungeons: explore and descend] root/dungeons/play/survive/elbereth_rest#2 | reading what is engraved here
T2818 {"kind":"engrave","text":"Elbereth","with":null} | [dungeons: explore and descend] root/dungeons/play/survive/elbereth_rest#2 | HP 1/63 with threats that respect it: engraving Elbereth
"#;

#[test]
fn flags_come_from_action_kinds_leaves_and_reasons() {
    let fled = Flags::of(&log_tail(FLED, 1890).decisions);
    assert_eq!(
        fled,
        Flags {
            prayed: false,
            engraved_elbereth: false,
            retreated: true,
            went_upstairs: true,
        }
    );
    assert_eq!(fled.describe(), "retreated, went upstairs");
    let prayed = Flags::of(&log_tail(PRAYED, 2818).decisions);
    assert_eq!(
        prayed,
        Flags {
            prayed: true,
            engraved_elbereth: true,
            retreated: false,
            went_upstairs: false,
        }
    );
    // Reading the engraving is no engraving.
    let read_only: String = PRAYED.lines().nth(1).unwrap().to_string();
    assert_eq!(
        Flags::of(&log_tail(&read_only, 2818).decisions).describe(),
        "none"
    );
}
