//! Hand-computed KB cases: price narrowing, elimination chains, conflicts.

use crate::effects::Effect;
use crate::facts::{Fact, Why};
use crate::kb::Kb;
use crate::price::Side;

fn quote(appearance: &str, side: Side, price: u32, charisma: u8) -> Fact {
    Fact::PriceQuote {
        appearance: appearance.into(),
        side,
        price,
        quantity: 1,
        charisma,
        sucker: false,
        shopkeeper: None,
    }
}

fn named(appearance: &str, identity: &str) -> Fact {
    Fact::Named {
        appearance: appearance.into(),
        identity: identity.into(),
        why: Why::default(),
    }
}

#[test]
fn one_quote_gives_price_group_with_reasons() {
    // Cha 11: 133 = 100 × 4/3 (surcharged); no potion has base 133.
    let kb = Kb::from_facts([quote("bubbly potion", Side::Buy, 133, 11)]);
    let a = kb.candidates("bubbly potion").unwrap();
    assert_eq!(a.price_groups, vec![100]);
    assert_eq!(a.candidates.len(), 6);
    assert!(a.candidates.contains(&"healing".to_string()));
    assert_eq!(a.identified, None);
    let (_, why) = a
        .excluded
        .iter()
        .find(|(id, _)| id == "booze")
        .expect("booze excluded");
    assert!(why.contains("sold at 133"), "{why}");
    assert!(kb.could_be("bubbly potion", "sleeping").unwrap());
    assert_eq!(kb.candidates("2 uncursed bubbly potions").unwrap(), a);
    assert!(!kb.could_be("bubbly potion", "gain level").unwrap());
}

#[test]
fn quotes_intersect_not_union() {
    // Cha 11: 200 fits base 200, or 150 surcharged; 150 fits only base 150.
    let first = quote("milky potion", Side::Buy, 200, 11);
    let kb = Kb::from_facts([first.clone()]);
    assert_eq!(
        kb.candidates("milky potion").unwrap().price_groups,
        vec![150, 200]
    );
    let kb = Kb::from_facts([first, quote("milky potion", Side::Buy, 150, 11)]);
    assert_eq!(
        kb.candidates("milky potion").unwrap().price_groups,
        vec![150]
    );
}

#[test]
fn two_quotes_narrow_where_neither_alone_does() {
    // Boots prices leak enchantment (+10/point). Buying at 50 (Cha 11): base 50
    // (+0) or base 30 (+2); never base 8 (8+10k). Offered 11: 28×3/8 → 11
    // (base 8, +2) or 30×3/8 → 11 (base 30); base 50 (≥ 19) cannot.
    let buy = quote("combat boots", Side::Buy, 50, 11);
    let sell = quote("combat boots", Side::Sell, 11, 11);
    let groups = |facts: Vec<Fact>| Kb::from_facts(facts).candidates("combat boots").unwrap();
    assert_eq!(groups(vec![buy.clone()]).price_groups, vec![30, 50]);
    assert_eq!(groups(vec![sell.clone()]).price_groups, vec![8, 30]);
    let both = groups(vec![buy, sell]);
    assert_eq!(both.price_groups, vec![30]);
    assert_eq!(both.candidates, vec!["fumble boots", "levitation boots"]);
}

#[test]
fn elimination_chain_pairs_the_last_cloak() {
    // tattered cape is protection; opera cloak is priced as a 50 → displacement;
    // ornamental cope is invisibility → the unseen piece of cloth is magic resistance.
    let kb = Kb::from_facts([
        named("tattered cape", "cloak of protection"),
        quote("opera cloak", Side::Buy, 50, 11),
        named("ornamental cope", "cloak of invisibility"),
    ]);
    let opera = kb.candidates("opera cloak").unwrap();
    assert_eq!(opera.identified.as_deref(), Some("cloak of displacement"));
    let (_, why) = opera
        .excluded
        .iter()
        .find(|(id, _)| id == "cloak of protection")
        .unwrap();
    assert!(
        why.contains("tattered cape is cloak of protection"),
        "{why}"
    );
    assert_eq!(
        kb.identity("piece of cloth").unwrap().as_deref(),
        Some("cloak of magic resistance")
    );
    assert!(kb.rounds("opera cloak").unwrap() >= 2);
    let table = kb.table();
    assert_eq!(table.len(), 4, "three seen + one paired");
}

#[test]
fn identified_elsewhere_leaves_candidates() {
    let kb = Kb::from_facts([
        named("ruby potion", "healing"),
        quote("pink potion", Side::Buy, 100, 11),
    ]);
    let pink = kb.candidates("pink potion").unwrap();
    assert!(!pink.candidates.contains(&"healing".to_string()));
    assert_eq!(pink.candidates.len(), 5, "100-group minus healing");
}

#[test]
fn scroll_labels_are_not_paired_while_spares_exist() {
    // 21 scrolls, 41 labels: knowing 20 does not say what an unseen label is.
    let cat = crate::Catalogue::embedded();
    let pool = cat.pools.iter().find(|p| p.id == "scroll").unwrap();
    let facts: Vec<Fact> = pool.objects[..20]
        .iter()
        .zip(&pool.appearances)
        .map(|(&id, &app)| named(&cat.appearance_info(app).shown, &cat.object(id).name))
        .collect();
    let last = cat.object(pool.objects[20]).name.clone();
    let unseen = cat.appearance_info(pool.appearances[30]).shown.clone();
    let kb = Kb::from_facts(facts.clone());
    assert_eq!(kb.identity(&unseen).unwrap(), None);
    // ... but a seen, unknown label must be the last scroll.
    let seen = cat.appearance_info(pool.appearances[25]).shown.clone();
    let mut kb = Kb::from_facts(facts);
    kb.add(Fact::Seen {
        appearance: seen.clone(),
        class: "scroll".into(),
    });
    assert_eq!(kb.identity(&seen).unwrap(), Some(last));
}

#[test]
fn engrave_weight_and_price_evidence_combine() {
    let kb = Kb::from_facts([
        Fact::UseOutcome {
            appearance: "oak wand".into(),
            effect: Effect::BugsStop,
            why: Why::default(),
        },
        quote("oak wand", Side::Buy, 175, 11),
    ]);
    assert_eq!(kb.identity("oak wand").unwrap().as_deref(), Some("sleep"));
    let kb = Kb::from_facts([Fact::Weight {
        appearance: "plumed helmet".into(),
        weight: 30,
    }]);
    assert_eq!(
        kb.identity("plumed helmet").unwrap().as_deref(),
        Some("helmet")
    );
}

#[test]
fn inconsistent_facts_report_conflict() {
    // 134 is no potion's price at Cha 11 (100 → 100/133, 150 → 150/200).
    let kb = Kb::from_facts([quote("murky potion", Side::Buy, 134, 11)]);
    let a = kb.candidates("murky potion").unwrap();
    assert!(a.candidates.is_empty());
    let conflict = a.conflict.expect("conflict reported");
    assert!(
        conflict.starts_with("no candidate — conflicting facts:"),
        "{conflict}"
    );
    assert!(conflict.contains("134"), "{conflict}");

    // two appearances named the same identity
    let kb = Kb::from_facts([
        named("ruby ring", "conflict"),
        named("jade ring", "conflict"),
    ]);
    for ring in ["ruby ring", "jade ring"] {
        let a = kb.candidates(ring).unwrap();
        assert!(a.conflict.is_some(), "{ring}: {a}");
        assert_eq!(a.identified, None);
    }

    // a name the pool does not have
    let kb = Kb::from_facts([named("ruby ring", "healing")]);
    assert!(kb.candidates("ruby ring").unwrap().conflict.is_some());
}

#[test]
fn unknown_appearance_is_an_error() {
    let mut kb = Kb::new();
    kb.add(Fact::Seen {
        appearance: "clear potion".into(),
        class: "potion".into(),
    });
    kb.add(Fact::Seen {
        appearance: "glowing orb".into(),
        class: "tool".into(),
    });
    assert!(kb.unknown_appearances().contains("glowing orb"));
    let err = kb.candidates("glowing orb").unwrap_err().to_string();
    assert!(err.contains("not a randomized appearance"), "{err}");
    // fixed appearance: clear potion is water
    assert_eq!(
        kb.identity("clear potion").unwrap().as_deref(),
        Some("water")
    );
}

#[test]
fn repeated_facts_are_kept_once() {
    let label = quote("bubbly potion", Side::Buy, 133, 11);
    let mut kb = Kb::new();
    kb.add(label.clone());
    kb.add(label.clone());
    assert_eq!(kb.facts().len(), 1);
    let kb = Kb::from_facts([label.clone(), label]);
    assert_eq!(kb.facts().len(), 1);
}

fn offer(appearance: &str, price: u32, shopkeeper: Option<&str>) -> Fact {
    Fact::PriceQuote {
        appearance: appearance.into(),
        side: Side::Sell,
        price,
        quantity: 1,
        charisma: 11,
        sucker: false,
        shopkeeper: shopkeeper.map(Into::into),
    }
}

#[test]
fn one_shopkeepers_offers_share_his_stinginess() {
    // 10 for a scroll: half of 20 (identify); a stingy 3/8 would need base 26.7.
    // So Asidonhopo is not stingy, and his 30 for ELBIB YLOH is half of 60
    // (enchant weapon), not 3/8 of 80 (enchant armor, remove curse).
    let facts = |shk: Option<&str>| {
        Kb::from_facts([
            offer("scroll labeled KIRJE", 10, shk),
            offer("scroll labeled ELBIB YLOH", 30, shk),
        ])
    };
    let anonymous = facts(None);
    let elbib = anonymous.candidates("scroll labeled ELBIB YLOH").unwrap();
    assert_eq!(elbib.price_groups, vec![60, 80]);
    let kb = facts(Some("Asidonhopo"));
    assert_eq!(kb.shopkeepers().get("Asidonhopo"), Some(&false));
    assert_eq!(
        kb.identity("scroll labeled ELBIB YLOH").unwrap().as_deref(),
        Some("enchant weapon")
    );
    // the same, learned one fact at a time, in the other order
    let mut kb = Kb::new();
    kb.add(offer("scroll labeled ELBIB YLOH", 30, Some("Asidonhopo")));
    assert_eq!(kb.identity("scroll labeled ELBIB YLOH").unwrap(), None);
    kb.add(offer("scroll labeled KIRJE", 10, Some("Asidonhopo")));
    assert_eq!(
        kb.identity("scroll labeled ELBIB YLOH").unwrap().as_deref(),
        Some("enchant weapon")
    );
    // another shopkeeper's state is his own
    kb.add(offer("scroll labeled ZELGO MER", 30, Some("Izchak")));
    let zelgo = kb.candidates("scroll labeled ZELGO MER").unwrap();
    assert_eq!(zelgo.price_groups, vec![80], "60 is taken, 80 still fits");
}

#[test]
fn answers_cite_the_messages_that_decided_them() {
    use crate::learn::{engrave_test_facts, renamed_facts, EngraveTest};
    let slots = |s: &[(char, &str)]| -> Vec<(char, String)> {
        s.iter().map(|(l, t)| (*l, t.to_string())).collect()
    };
    let before = slots(&[('f', "a tin wand")]);
    let after = slots(&[('f', "a wand of digging")]);
    let messages = vec![
        "You engrave in the floor with a wand of digging.".to_string(),
        "Gravel flies up from the floor.".to_string(),
    ];
    let mut facts = engrave_test_facts(&EngraveTest {
        messages: &messages,
        before: &before,
        after: &after,
        letter: Some('f'),
        blind: false,
    });
    facts.extend(renamed_facts(&before, &after));
    let kb = Kb::from_facts(facts);
    let a = kb.candidates("tin wand").unwrap();
    assert_eq!(a.identified.as_deref(), Some("digging"));
    let gravel = "(engrave test: \"Gravel flies up from the floor.\")";
    assert!(a.evidence[0].ends_with(gravel), "{:?}", a.evidence);
    assert!(
        a.evidence[1].contains("(inventory: f - \"a tin wand\" became \"a wand of digging\")"),
        "{:?}",
        a.evidence
    );
    let (_, why_not_fire) = a.excluded.iter().find(|(id, _)| id == "fire").unwrap();
    assert!(why_not_fire.contains(gravel), "{why_not_fire}");
    assert!(a.to_string().contains(&format!(
        "evidence: tin wand engrave-tested: Digging → digging {gravel}"
    )));
    // No other wand is digging now, and the reason says which one is.
    let other = kb.candidates("oak wand").unwrap();
    assert!(!other.candidates.contains(&"digging".to_string()));
}

#[test]
fn scripts_narrow_with_not_and_one_of_and_repeats_are_learned_once() {
    let lua = |reason: &str| Why::new("lua:scripts/t.lua:3", reason);
    let one_of = Fact::OneOf {
        appearance: "oak wand".into(),
        identities: vec!["death".into(), "sleep".into()],
        why: lua("the bugs stopped"),
    };
    let not_death = Fact::NotIdentity {
        appearance: "oak wand".into(),
        identity: "death".into(),
        why: lua("a newt survived the zap"),
    };
    let mut kb = Kb::from_facts([one_of]);
    let a = kb.candidates("oak wand").unwrap();
    assert_eq!(a.candidates, vec!["sleep", "death"]);
    let (_, why) = a.excluded.iter().find(|(id, _)| id == "striking").unwrap();
    assert!(
        why.contains("is one of death, sleep (lua:scripts/t.lua:3: the bugs stopped)"),
        "{why}"
    );
    kb.add(not_death);
    let a = kb.candidates("oak wand").unwrap();
    assert_eq!(a.identified.as_deref(), Some("sleep"));
    let (_, why) = a.excluded.iter().find(|(id, _)| id == "death").unwrap();
    assert!(why.contains("a newt survived the zap"), "{why}");
    // The same observation in other words adds nothing.
    let n = kb.facts().len();
    kb.add(Fact::OneOf {
        appearance: "oak wand".into(),
        identities: vec!["death".into(), "sleep".into()],
        why: lua("said again"),
    });
    assert_eq!(kb.facts().len(), n);
    // A "not" outside the pool rules nothing out.
    let kb = Kb::from_facts([Fact::NotIdentity {
        appearance: "oak wand".into(),
        identity: "healing".into(),
        why: Why::default(),
    }]);
    assert_eq!(kb.candidates("oak wand").unwrap().candidates.len(), 24);
}
