//! A wand zapped at us, on a screen recorded from a real game (seed 173 of the bench, T3341:
//! a hobbit next to the hero zaps magic missile; the ray is drawn over the hero). The fixture
//! was cut from that game's ttyrec (frame payloads concatenated, then
//! `cargo run -p nhbot-screen --example cut_fixture -- game.raw 350026 NAME.bin`).
use nhbot_world::testing::observe_recorded_screen;
use nhbot_world::World;

#[test]
fn the_recorded_hobbit_zap_is_remembered_as_an_attack_wand_with_its_zapper() {
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/hobbit_zaps_magic_missile.bin"
    ))
    .expect("fixture");
    let mut world = World::default();
    observe_recorded_screen(&mut world, &bytes);
    assert_eq!(world.turn, 3341);
    let zap = world.zaps.last().expect("the zap is remembered");
    assert_eq!(zap.zapper.as_deref(), Some("hobbit"));
    assert_eq!(zap.wand.as_deref(), Some("wand of magic missile"));
    assert!(zap.attack);
    assert_eq!(zap.turn, 3341);
}
