//! The NetHack leaves, registered into the generic engine with their parameter specs: the one
//! place a leaf's name, docs and parameters are written (the JSON Schema, the README's node
//! catalogue and `nhbot check` all come from here).

use crate::{builtins, goto, sokoban, survival};
use nhbot_bt::ParamType::*;
use nhbot_bt::Requirement::*;
use nhbot_bt::{p, LeafOutcome, LeafSpec, NodeRegistry, ParamSpec};

const PRAYER: [ParamSpec; 14] = [
    p(
        "first_turn",
        Integer {
            min: 0,
            max: 100_000,
        },
        Default("300"),
        "No prayer before this turn.",
    ),
    p(
        "gap",
        Integer {
            min: 0,
            max: 100_000,
        },
        Default("1000"),
        "Turns between two prayers.",
    ),
    p(
        "after_refusal",
        Integer {
            min: 0,
            max: 100_000,
        },
        Default("2000"),
        "Turns after a prayer the god refused (\"You feel that Tyr is displeased.\") before the next.",
    ),
    p(
        "refusals_to_give_up",
        Integer { min: 1, max: 100 },
        Default("2"),
        "Refused prayers after which we pray only in deadly trouble (stoning, food poisoning...): an angry god fixes nothing.",
    ),
    p(
        "eat_first",
        Flag,
        Default("false"),
        "Weak from hunger (HP not low, no lycanthropy) with food in the pack: no prayer; eating is left to the nodes below.",
    ),
    p(
        "lycanthropy_waits_for_weak",
        Flag,
        Default("false"),
        "Lycanthropy our only trouble while Hungry: wait until Weak, when one prayer fixes the hunger and often the lycanthropy.",
    ),
    p(
        "fainting_prays",
        Flag,
        Default("false"),
        "Fainting from hunger with no food in the pack: pray whatever the timeout (starving is certain otherwise; a prayer too soon costs Luck), unless the god gave up on us or we prayed within 50 turns.",
    ),
    p(
        "hunger_max_refusal",
        Number { min: 0.0, max: 1.0 },
        Default("1"),
        "Weak or Fainting from hunger (our only trouble) 800 turns or more after a granted prayer, no foe that strikes in view: wait to pray until the world's model refuses it as too soon with chance at most this (7.8% 850 turns after a prayer, 2.4% after 1,200; a refusal angers the god for good). 1: pray at once.",
    ),
    p(
        "fainting_ends_hunger_wait",
        Flag,
        Default("false"),
        "Fainting (not merely Weak) ends the hunger_max_refusal wait, so fainting_prays can pray: fainting spells leave us helpless.",
    ),
    p(
        "fainting_max_refusal",
        Number { min: 0.0, max: 1.0 },
        Default("1"),
        "With fainting_ends_hunger_wait: Fainting still waits while the world's model refuses the prayer as too soon with chance above this. 1: never waits.",
    ),
    p(
        "weak_wait_ignores_foes",
        Flag,
        Default("false"),
        "A foe in view does not end the hunger_max_refusal wait while merely Weak (only fainting spells make us helpless; low HP ends any wait).",
    ),
    p(
        "fainting_prays_after_refusal",
        Integer {
            min: 0,
            max: 100_000,
        },
        Default("0"),
        "With fainting_prays: Fainting with no food in the pack prays even after the god was given up on, when the last prayer is at least this many turns old (a refusal from Luck or alignment below 0 angers no god, and both come back). 0: never.",
    ),
    p(
        "lycanthropy_max_refusal",
        Number { min: 0.0, max: 1.0 },
        Default("0"),
        "Lycanthropic in human form, the last prayer granted: pray within the gap once the world's model refuses the prayer as too soon with chance at most this (a change comes with chance 1/80 a turn and sheds armour and weapon). 0: off, wait out the gap.",
    ),
    p(
        "were_form_max_refusal",
        Number { min: 0.0, max: 1.0 },
        Default("0"),
        "The same limit while changed into the were-form (the larger of the two applies). 0: off.",
    ),
];
const COUNT: ParamSpec = p(
    "count",
    Integer { min: 1, max: 65535 },
    Default("1"),
    "Number of turns.",
);
/// The Mines rather than starving: a level whose only known way down leads into them.
const MINES_WHEN_STUCK: ParamSpec = p(
    "mines_when_stuck_after",
    Integer {
        min: 0,
        max: 1_000_000,
    },
    Default("3000"),
    "Turns on one level after which stairs into the Gnomish Mines are taken anyway (the main \
     dungeon's were not found: seed 99 camped 16,000 turns on Dlvl 2 and starved); 0: never.",
);
/// Sent into the Mines by `mines_when_stuck_after`: how far to go down in them.
const STUCK_MINES_XL: ParamSpec = p(
    "stuck_mines_xl_above_depth",
    Integer { min: 0, max: 30 },
    Default("0"),
    "In the Gnomish Mines by `mines_when_stuck_after` (below `avoid_mines_until_xl`): their \
     down stairs only at an experience level this far above the next depth.",
);
/// The Mines taken by `mines_when_stuck_after` only from this experience level.
const STUCK_MINES_FROM_XL: ParamSpec = p(
    "stuck_mines_from_xl",
    Integer { min: 0, max: 30 },
    Default("0"),
    "`mines_when_stuck_after` sends into the Gnomish Mines only from this experience level \
     (the hit dice when polymorphed); below it they are avoided, and left, as if never stuck \
     (seed 146 was sent in at XL 5 and died there at XL 6); 0: at any.",
);
/// Player races, for the cannibalism rule.
pub const RACES: &[&str] = &["human", "elf", "dwarf", "gnome", "orc"];
pub const HUNGER_LEVELS: &[&str] = &["hungry", "weak", "fainting"];
pub const CONDITIONS: &[&str] = nhbot_world::names::CONDITION_NAMES;
/// Branches as trees name them (`unknown` left out: no place to go).
pub const BRANCHES: &[&str] = &[
    "dungeons", "mines", "sokoban", "quest", "ludios", "gehennom", "planes",
];
/// Special levels as trees name them.
pub const SPECIAL_LEVELS: &[&str] = &[
    "oracle",
    "sokoban_entrance",
    "bigroom",
    "rogue",
    "quest_portal",
    "quest_home",
    "fort_ludios",
    "medusa",
    "castle",
    "valley",
    "sanctum",
    "minetown",
    "mines_end",
];
/// Where `go_to` goes and what `on_level` checks.
const PLACE: [ParamSpec; 3] = [
    p(
        "branch",
        Choice(BRANCHES),
        Optional,
        "A branch: its level at `depth`, or (no depth) anywhere in it, reached by its entry level.",
    ),
    p(
        "depth",
        Integer { min: -5, max: 60 },
        Optional,
        "The depth (Dlvl) in `branch`.",
    ),
    p(
        "level",
        Choice(SPECIAL_LEVELS),
        Optional,
        "A special level instead of a branch (`sokoban_entrance`: the up stairs into Sokoban on \
         the level below the Oracle).",
    ),
];

/// The `door_blows` param's text, on every node whose blows (or whose weighing of a fight)
/// follow [`crate::steps::can_strike`].
const DOOR_BLOWS: &str = "Strike diagonally into or out of a door too, as the game allows (hack.c \
     `domove` attacks before `test_move` refuses the diagonal step); off: never diagonally through \
     an open door.";

const POISON: &str = "Count the poison of stings (a killer bee's, a soldier ant's: one hit in 8 \
     poisons, costing 6..15 HP or, one time in 30, the life) in the foes' damage, unless we are known \
     to resist it; off: the dice alone.";

/// The engine's control nodes and every NetHack leaf: what `nhbot` plays with.
pub fn registry() -> NodeRegistry {
    let mut r = NodeRegistry::new();
    register(&mut r);
    r
}

/// Registers every NetHack leaf into `r` (a bot author's crate may add its own after).
pub fn register(r: &mut NodeRegistry) {
    r.register_fn(
        LeafSpec::condition("hp_below", "HP is below `fraction` of max HP.")
            .params(
                const {
                    &[p(
                        "fraction",
                        Number { min: 0.0, max: 1.0 },
                        Default("0.5"),
                        "Fraction of maximum HP, 0..1.",
                    )]
                },
            )
            .shorthand("fraction"),
        builtins::hp_below,
    );
    r.register_fn(
        LeafSpec::condition(
            "hunger_at_least",
            "Hunger status is at least `level` (hungry < weak < fainting).",
        )
        .params(
            const {
                &[p(
                    "level",
                    Choice(HUNGER_LEVELS),
                    Default("hungry"),
                    "Minimum hunger level.",
                )]
            },
        )
        .shorthand("level"),
        builtins::hunger_at_least,
    );
    r.register_fn(
        LeafSpec::condition("has_condition", "The status line shows this condition.")
            .params(
                const {
                    &[p(
                        "name",
                        Choice(CONDITIONS),
                        Required,
                        "Status condition as the status line shows it (lower case).",
                    )]
                },
            )
            .shorthand("name"),
        builtins::has_condition,
    );
    r.register_fn(
        LeafSpec::condition(
            "message_contains",
            "A message shown since the previous decision contains `text` (case-sensitive).",
        )
        .params(const { &[p("text", Text, Required, "Text to look for.")] })
        .shorthand("text"),
        builtins::message_contains,
    );
    r.register_fn(
        LeafSpec::condition("turn_below", "The game turn counter is below `turn`.")
            .params(
                const {
                    &[p(
                        "turn",
                        Integer {
                            min: 0,
                            max: i64::MAX,
                        },
                        Required,
                        "Game turn.",
                    )]
                },
            )
            .shorthand("turn"),
        builtins::turn_below,
    );
    r.register_fn(
        LeafSpec::condition("dlvl_at_least", "The dungeon level (Dlvl) is at least `n`.")
            .params(
                const {
                    &[p(
                        "n",
                        Integer { min: 0, max: 100 },
                        Required,
                        "Dungeon level.",
                    )]
                },
            )
            .shorthand("n"),
        builtins::dlvl_at_least,
    );
    r.register_fn(
        LeafSpec::condition(
            "hostile_adjacent",
            "A monster next to us is neither our pet nor known to be peaceful (World.monsters).",
        ),
        builtins::hostile_adjacent,
    );
    r.register_fn(
        LeafSpec::condition(
            "theft_pending",
            "A nymph (or monkey) stole our wielded weapon or worn armour on this level at most \
         `patience` turns ago and no monster of her kind has died here since: she still carries it \
         here, and it falls where she dies (World.thefts).",
        )
        .params(
            const {
                &[
                    p(
                        "patience",
                        Integer {
                            min: 0,
                            max: 100_000,
                        },
                        Default("1000"),
                        "Turns after the theft it still counts.",
                    ),
                    p(
                        "any_item",
                        Flag,
                        Default("false"),
                        "A nymph's theft of anything counts too (she comes back for more; the \
                         gear may be next).",
                    ),
                ]
            },
        )
        .shorthand("patience"),
        builtins::theft_pending,
    );
    r.register_fn(
        LeafSpec::condition(
            "can_pray",
            "No prayer is known within the last `turns` turns (World.last_prayer_turn).",
        )
        .params(
            const {
                &[p(
                    "turns",
                    Integer {
                        min: 0,
                        max: 100_000,
                    },
                    Default("1000"),
                    "Prayer timeout to respect.",
                )]
            },
        )
        .shorthand("turns"),
        builtins::can_pray,
    );
    r.register_tick_fn(
        LeafSpec::action(
            "search",
            "Search `count` turns (`<count>s`); fails in a line of fire (waiting there only gets us shot), \
         and with `forage` while foraging (Hungry or worse, no pack food, no free prayer: turns are food).",
        )
        .params(const { &[
            COUNT,
            p("forage", Flag, Default("false"), "Fail while foraging (Hungry or worse with no food in \
             the pack and a prayer for the hunger not free): exploring finds the kills and food a \
             search in place does not."),
            p("watch", Integer { min: 0, max: 80 }, Default("0"), "With a hostile that moves within \
             this many squares, search one turn at a time (0: never): a counted search stops only \
             when a monster comes into view or next to us, so one seen 4 squares off gets its \
             turns unanswered."),
        ] })
        .shorthand("count"),
        builtins::search,
    );
    r.register_fn(
        LeafSpec::action("rest", "Rest `count` turns.")
            .params(const { &[COUNT] })
            .shorthand("count"),
        builtins::rest,
    );
    r.register_fn(
        LeafSpec::action("eat", "Eat (`e`); the engine answers the item prompt."),
        builtins::eat,
    );
    r.register_fn(
        LeafSpec::action("pray", "Pray (`#pray`), confirming."),
        builtins::pray,
    );
    r.register_fn(
        LeafSpec::action("engrave", "Engrave `text` in the dust with fingers.")
            .params(const { &[p("text", Text, Default("Elbereth"), "Text to engrave.")] })
            .shorthand("text"),
        builtins::engrave,
    );
    r.register_fn(
        LeafSpec::action(
            "wander",
            "Step to a random walkable neighbour (floor, corridor, doorway, stairs, objects) seen on the map; \
         deterministic for a given World. Fails when no neighbour is walkable.",
        ),
        builtins::wander,
    );
    r.register_fn(
        LeafSpec::action(
            "fight_adjacent",
            "Attack (`F` + direction) an adjacent monster that is neither our pet nor known peaceful; \
         fails when there is none.",
        ),
        builtins::fight_adjacent,
    );
    r.register(
        LeafSpec::action(
            "explore",
            "One step of the world model's exploration (nearest unexplored spot, doors, search spots), \
         then to the down stairs and down (`then: descend`) or nothing (`then: stay`); fails when \
         the level is done (and, with `descend`, no down stairs are reachable) or unknown. A floating \
         eye barring the only way on is first lured off it (`lure_floating_eye`). When the way on is \
         only a diagonal squeeze the pack is too heavy for (over 600: the game refused one), the \
         spares are dropped one per step (rocks, gems, spellbooks, armour not worn, weapons not \
         wielded, missiles beyond 3, food beyond 2), before any wall is searched; never worn armour \
         or the wielded weapon, and nothing when the spares are not enough.",
        )
        .params(const { &[
            p("then", Choice(&["descend", "stay"]), Default("descend"), "Once the level is explored."),
            p("avoid_mines_until_xl", Integer { min: 0, max: 30 }, Default("0"), "Below this experience level, never take stairs known to lead into the Gnomish Mines."),
            MINES_WHEN_STUCK,
            STUCK_MINES_XL,
            STUCK_MINES_FROM_XL,
            p("lure_floating_eye", Integer { min: 0, max: 10 }, Default("4"), "A floating eye on the only way on (nothing left to throw at it) is lured off it: the hero waits on room floor this many squares from it, for it to follow (it never moves while next to us); 0: off."),
            p("scare_floating_eye", Flag, Default("false"), "Hemmed in by such an eye (no square `lure_floating_eye` off it reachable, as between two eyes in a corridor): write Elbereth and wait on it, for the scared eye to move off (a scared monster moves even next to us); false: camp instead."),
            p("stairs_first", Flag, Default("false"), "Walk to the nearest known down stairs (reachable; not the Mines' while they are avoided) and go down before exploring the rest; explore as usual while none is known."),
            p("keep_goal", Integer { min: 0, max: 200 }, Default("0"), "Keep walking to the unexplored square or search spot of the last step while it stays one and costs at most this many steps more than the nearest (a search spot: its rate were its walk this much shorter): where two goals swap as the view changes with each step, the nearest alone walked back and forth (45,000 reversals in 400 games; seed 231 spent 6,000 turns so). 0: the nearest, every step."),
            p("keep_clear", Number { min: 0.0, max: 1.0 }, Default("0"), "Walks keep off the squares of hostiles in view slower than us whose expected damage per turn is at least this fraction of our HP, and off the squares next to them (a mumak, a dwarf with a mattock); 0: off."),
        ] })
        .shorthand("then"),
        |p| builtins::Explore { params: p.clone() },
    );
    r.register_fn(
        LeafSpec::action(
            "leave_mines",
            "Below experience level `until_xl`: on a level whose branch the game has not confirmed \
         (a placeholder at a fork, a fall, a teleport), read the overview (`^O`, no game time); in \
         the Gnomish Mines, walk back up towards the main dungeon over the known stairs, else up \
         this level's `<` (explored for when not seen). Fails elsewhere, and when the level the \
         Mines branch from was stayed on `mines_when_stuck_after` turns with no down stairs \
         known there but the Mines' (then only below `forced_hurt_below` of max HP).",
        )
        .params(const { &[
            p("until_xl", Integer { min: 1, max: 30 }, Default("9"), "Experience level from which the Mines are fine."),
            MINES_WHEN_STUCK,
            STUCK_MINES_FROM_XL,
            p("forced_hurt_below", Number { min: 0.0, max: 1.0 }, Default("0"), "Sent into the Mines by `mines_when_stuck_after`: still climb out below this fraction of max HP, to heal on the level they branch from (0: never)."),
        ] })
        .shorthand("until_xl"),
        builtins::leave_mines,
    );
    r.register_fn(
        LeafSpec::condition(
            "ready_to_descend",
            "Succeeds when going one level deeper is wise: HP at least `hp` of max, experience level at \
         least the next depth plus `xl_above_depth`, and on Dlvl 1 only from experience level \
         `leave_first_at_xl` — unless Hungry or `patience` turns were spent on this level; never below \
         `hold_depth` before experience level `hold_until_xl`; never within `after_coming_up` turns \
         of arriving up the stairs (a climb is most often a flight from the level below).",
        )
        .params(const { &[
            p("hp", Number { min: 0.0, max: 1.0 }, Default("0.8"), "HP fraction needed."),
            p("xl_above_depth", Integer { min: -50, max: 50 }, Default("0"), "Experience level needed above the next depth."),
            p("leave_first_at_xl", Integer { min: 1, max: 30 }, Default("1"), "Experience level needed to leave Dlvl 1."),
            p("patience", Integer { min: 0, max: 100000 }, Default("1000"), "Turns on a level after which experience is not needed."),
            p("hold_depth", Integer { min: 1, max: 60 }, Default("60"), "Deepest level before `hold_until_xl`, whatever the wait or hunger."),
            p("hold_until_xl", Integer { min: 1, max: 30 }, Default("1"), "Experience level that lifts `hold_depth`."),
            p("after_coming_up", Integer { min: 0, max: 100000 }, Default("0"), "Turns after arriving up the stairs before going down again (0: at once)."),
            p("hold_weak_lifts", Flag, Default("false"), "Weak from hunger lifts `hold_depth` (food is deeper)."),
            p("hold_unfed_lifts", Flag, Default("false"), "Hungry with no food in the pack lifts `hold_depth`."),
            p("hold_unsafe_prayer_lifts", Flag, Default("false"), "Hungry with no food in the pack lifts `hold_depth` while a hunger prayer is not free (refused once, or likelier than 2% to be refused as too soon)."),
            p("hold_refusal_lifts", Flag, Default("false"), "A refused prayer lifts `hold_depth` for good (the god stays angry)."),
        ] }),
        builtins::ready_to_descend,
    );
    r.register_fn(
        LeafSpec::condition(
            "fled_up_within",
            "Arrived up the stairs less than `turns` turns ago with a hostile within 2 squares of \
             them on the level below (a flight: going straight back down meets it).",
        )
        .params(
            const {
                &[p(
                    "turns",
                    Integer {
                        min: 1,
                        max: 100000,
                    },
                    Default("200"),
                    "Turns since the climb.",
                )]
            },
        )
        .shorthand("turns"),
        builtins::fled_up_within,
    );
    r.register_fn(
        LeafSpec::action(
            "descend_if_on_stairs",
            "Go down (`>`) when standing on down stairs (the map or a message says so); fails otherwise, \
         and below experience level `avoid_mines_until_xl` on stairs that lead into the Gnomish \
         Mines (known, or any in the Mines), or may (a fork's untaken stairs) while the level is \
         not explored.",
        )
        .params(const { &[p("avoid_mines_until_xl", Integer { min: 0, max: 30 }, Default("0"), "Below this experience level, not into the Gnomish Mines."), MINES_WHEN_STUCK, STUCK_MINES_XL, STUCK_MINES_FROM_XL] }),
        builtins::descend_if_on_stairs,
    );
    r.register_tick_fn(
        LeafSpec::condition(
            "threatened",
            "A hostile (neither pet nor known peaceful) is within `radius` squares.",
        )
        .params(
            const {
                &[p(
                    "radius",
                    Integer { min: 1, max: 80 },
                    Default("2"),
                    "Chebyshev distance.",
                )]
            },
        )
        .shorthand("radius"),
        survival::threatened,
    );
    r.register_tick_fn(
        LeafSpec::condition(
            "foe_danger",
            "HP is below `below` of max and hostiles are within `radius` squares that would take \
         our HP within `turns` turns at their expected damage (0: any hostile there), all of them \
         respecting Elbereth with `elbereth`: the gate by which a leaf other than a survival one \
         leaves the turn to `survive`.",
        )
        .params(
            const {
                &[
                    p(
                        "below",
                        Number { min: 0.0, max: 1.0 },
                        Default("1.0"),
                        "Fraction of maximum HP, 0..1 (1: any HP).",
                    ),
                    p(
                        "radius",
                        Integer { min: 1, max: 80 },
                        Default("1"),
                        "Chebyshev distance of the hostiles that count.",
                    ),
                    p(
                        "turns",
                        Integer { min: 0, max: 20 },
                        Default("0"),
                        "Their expected damage over this many turns reaches our HP (0: not asked).",
                    ),
                    p(
                        "elbereth",
                        Flag,
                        Default("false"),
                        "Every such hostile respects Elbereth.",
                    ),
                ]
            },
        ),
        crate::foe_gate::foe_danger,
    );
    r.register_fn(
        LeafSpec::condition(
            "should_pray",
            "In major trouble (HP <= 5 or <= 1/5 to 1/9 of max by level, or Weak from hunger) and the prayer timeout is believed safe.",
        )
        .params(&PRAYER),
        survival::should_pray,
    );
    r.register_fn(
        LeafSpec::action(
            "pray_if_in_trouble",
            "Pray when `should_pray` holds; fails otherwise.",
        )
        .params(&PRAYER),
        survival::pray_if_in_trouble,
    );
    r.register_tick_fn(
        LeafSpec::action(
            "pray_when_desperate",
            "Pray at HP below 6 or at most 1/5 to 1/9 of max by level (the trouble a god fixes) when the hostiles that can strike \
         before our next action (next to us, or two squares away and faster) could take all our HP in one turn \
         at their worst or in `turns` turns at their expected damage, though the timeout may not have run out: \
         when the world's model refuses the prayer as too soon with chance at most `max_refusal`, and the prayer \
         (granted: the duel at full HP; refused: 3 helpless turns) is worth more than the 4-turn look-ahead's \
         best without it (fight, flee, Elbereth). Never once a prayer was refused (the angered god refuses every \
         later one), polymorphed, or on a verified Elbereth they all respect.",
        )
        .params(const { &[
            p("max_refusal", Number { min: 0.0, max: 1.0 }, Default("0.5"), "Highest chance of a refusal as too soon worth the prayer."),
            p("turns", Number { min: 0.5, max: 20.0 }, Default("2"), "Turns of the foes' expected damage that make death at hand."),
        ] }),
        survival::pray_when_desperate,
    );
    r.register_tick_fn(
        LeafSpec::action(
            "fight_best",
            "Attack the most dangerous adjacent hostile that is safe to melee (never a floating eye, never a \
         cockatrice bare-handed, never a gas spore at low HP, never from a verified Elbereth).",
        )
        .params(const { &[p("door_blows", Flag, Default("false"), DOOR_BLOWS)] }),
        survival::fight_best,
    );
    r.register_tick_fn(
        LeafSpec::action(
            "fight_engulfer",
            "Swallowed (the tty draws the engulfer around us): strike it (`F`, any direction hits it), since \
         searching or resting inside lets it digest or dissolve us; fails otherwise.",
        ),
        survival::fight_engulfer,
    );
    r.register_tick_fn(
        LeafSpec::action(
            "hold_still_by_floating_eye",
            "Stunned, or confused with no other hostile next to us, with a floating eye (a blue `e`) next to \
         us: search one turn, since a move may go astray into it and a blow it survives freezes us for up \
         to 127 turns; fails otherwise.",
        ),
        survival::hold_still_by_floating_eye,
    );
    r.register_tick_fn(
        LeafSpec::action(
            "hold_still_by_pet",
            "Confused, stunned or hallucinating with our pet next to us and no hostile next to us: search \
         one turn, since a move may go astray into the pet, and then it is a blow (killing it costs 15 \
         alignment and often 5 Luck: prayers refused for thousands of turns); fails otherwise.",
        ),
        survival::hold_still_by_pet,
    );
    r.register_tick_fn(
        LeafSpec::action(
            "hold_still_stunned",
            "Stunned: search one turn, since every step and every blow goes astray (a random \
         direction: into water, a trap, our pet or a peaceful watchman); with a hostile next to us \
         only while our pet or a peaceful is next to us too. Fails otherwise.",
        ),
        survival::hold_still_stunned,
    );
    r.register(
        LeafSpec::action(
            "hallucination_guard",
            "Hallucinating (every monster drawn at random, its speed and kind unknown) with a hostile we \
         cannot tell within `radius`: struck at lately (an attack message or HP lost within a turn) with \
         such a monster next to us, strike it (`F`; the one that struck before, followed by its square, \
         first), never flee it; the monster that struck us within 20 turns back next to us: strike it \
         first; otherwise search one turn at a time (a blow first may land on a floating eye or a \
         peaceful, and no \"Really attack?\" is asked while hallucinating), for at most 200 turns of \
         hallucination. Fails when not hallucinating, with no such monster near, or when what strikes us \
         is not next to us.",
        )
        .params(const { &[
            p("radius", Integer { min: 1, max: 8 }, Default("4"), "Chebyshev distance of the monsters that keep us \
         waiting one turn at a time."),
            p("pray_below", Number { min: 0.0, max: 1.0 }, Default("0"), "Struck lately with a monster we cannot \
         tell next to us, below this fraction of max HP: pray the hallucination away (a minor trouble, fixed \
         while the prayer timeout is at most 100) when the god never refused us and a refusal is at most \
         `pray_max_refusal` likely. 0: never."),
            p("pray_max_refusal", Number { min: 0.0, max: 1.0 }, Default("0.1"), "The most likely refusal (too soon \
         for a minor trouble) at which `pray_below` prays."),
        ] }),
        |p| crate::hallucination::HallucinationGuard {
            radius: p.integer("radius").clamp(1, 8) as i16,
            pray: (p.number("pray_below") > 0.0).then(|| crate::hallucination::PrayAway {
                below: p.number("pray_below"),
                max_refusal: p.number("pray_max_refusal"),
            }),
        },
    );
    r.register(
        LeafSpec::action(
            "fight_or_flee",
            "With hostiles adjacent: fight, flee or engrave Elbereth by a `depth`-turn expectimax over the \
         foes' damage dice; fails when nothing is adjacent.",
        )
        .params(const { &[
            p("depth", Integer { min: 1, max: 8 }, Default("4"), "Turns to look ahead."),
            p("healthy_elbereth", Flag, Default("false"), "Take the look-ahead's Elbereth at healthy HP too \
         (engrave, or stand on a verified one) instead of fighting: against a soldier ant or a mumak it \
         is chosen at full HP."),
            p("keep_elbereth", Flag, Default("false"), "Never strike from an Elbereth read lately with nothing \
         since that moved us or touched it (a blow erases it), not only from one read this turn."),
            p("second_choice", Flag, Default("false"), "When the look-ahead's Elbereth cannot be used here \
         (a line of fire, blows from something unseen), take its best choice without Elbereth: step \
         away when that is to flee, instead of always striking."),
            p("arriving", Integer { min: 0, max: 8 }, Default("0"), "Hostiles faster than us within this many \
         squares that moved this turn or the last count in the look-ahead's duel as if next to us \
         (they are beside us before our next blow: soldier ants, killer bees); 0 or 1: only those next \
         to us."),
            p("cornered_elbereth", Flag, Default("false"), "When the look-ahead chooses to flee and no step \
         away exists, weigh again with no escape and take Elbereth when that prefers it, instead of \
         always striking."),
            p("held_off", Number { min: 0.5, max: 1.0 }, Default("0.85"), "The look-ahead's value of a foe \
         held off by Elbereth, against 1 for a kill and 0 for our death: a fight whose risk of death costs \
         more than 1 - held_off loses to Elbereth."),
            p("blind_stays", Flag, Default("false"), "Blind without telepathy, never step away (a blind hero \
         cannot outrun what strikes it): the look-ahead's Flee becomes a blow at the `I`."),
            p("struck_hostile", Integer { min: 0, max: 1000 }, Default("0"), "A monster the messages say          attacked us within this many turns (\"The djinni hits!\" with the djinni next to us) is a hostile          though farlook called it peaceful; 0: farlook's word stands."),
            p("door_blows", Flag, Default("false"), DOOR_BLOWS),
            p("under_fire", Flag, Default("false"), "Take the look-ahead's Elbereth in a line of fire too \
         (it still stops the blows of the foe next to us): refused only next to a known zapper or under \
         blows from something unseen, not turned into a strike."),
            p("missile_miss", Flag, Default("false"), "Read \"It misses.\" (a missile's miss without \
         `verbose`) as a missile, not as a blow from something unseen, when the look-ahead chose \
         Elbereth: unseen only with no shooter named that turn and no hostile in view."),
            p("held_stays", Flag, Default("false"), "Held by a monster (`World::held`), the look-ahead's Flee \
         becomes Elbereth where it helps (a scared holder lets go), else a blow."),
            p("spare_thieves", Flag, Default("false"), "No blow when every hostile next to us is a thief (a \
         nymph; a leprechaun while we carry gold) that has not struck us within 5 turns: a blow wakes a sleeping \
         nymph and seldom kills her before she steals and teleports away."),
            p("spare_still_thieves", Integer { min: 0, max: 1000 }, Default("0"), "No blow when every \
         hostile next to us is a thief that has not struck us within 5 turns and has stood on its square \
         at least this many turns in view: asleep (a nymph is made asleep 4 times in 5, and with a \
         Valkyrie's stealth only a blow wakes her); one that walks up to us is struck first. 0: off."),
            p("spare_thieves_on_elbereth", Flag, Default("false"), "No blow at a thief next to us (that has \
         not struck within 5 turns) while we stand on a verified Elbereth: scared, she does not touch us, \
         and the blow would wipe the engraving."),
            p("spare_spores", Flag, Default("false"), "Never strike a monster that may be a gas spore, at any HP \
         (its 4d6 explosion lands on us; without this only at HP 24 or less)."),
            p("town_unseen", Flag, Default("false"), "In a watched town, or with a known peaceful within 8, strike \
         an unseen `I` only in a turn something struck us (the mark may be a watchman or a shopkeeper)."),
            p("weigh_refused", Number { min: 0.0, max: 100.0 }, Default("0"), "Where the look-ahead's \
         Elbereth is refused for a line of fire or a stale blow from something unseen, engrave it anyway \
         when what it stops (the adjacent foes' expected HP a turn) is at least this many times what goes \
         on (missiles, breath, a wand heard, unexplained HP loss); never under a fresh or repeated unseen \
         blow or next to a zapper. 0: off."),
            p("poison", Flag, Default("false"), POISON),
        ] })
        .shorthand("depth"),
        survival::FightOrFlee::new,
    );
    r.register_tick_fn(
        LeafSpec::action(
            "elbereth_rest",
            "Below `below` of max HP with threats near that all respect Elbereth: look (`:`), engrave \
         Elbereth in the dust, read it back, re-engrave if misspelled, rest on it up to `until`.",
        )
        .params(const { &[
            p("below", Number { min: 0.0, max: 1.0 }, Default("0.4"), "HP fraction that starts engraving."),
            p("until", Number { min: 0.0, max: 1.0 }, Default("0.9"), "HP fraction up to which we rest on it."),
            p("weigh", Number { min: 0.0, max: 1.0 }, Default("0"), "Next to a hostile, engrave only when the 4-turn \
         look-ahead ranks Elbereth (a turn of blows, then 72% success) above fighting and fleeing, valuing a foe held \
         off at this (a kill is 1; `fight_or_flee`'s `held_off`); 0: always."),
            p("door_blows", Flag, Default("false"), DOOR_BLOWS),
            p("hold_below", Number { min: 0.0, max: 1.0 }, Default("0"), "Below this HP fraction, on an Elbereth \
         read lately with a hostile that respects it within `hold_radius` (none that ignores it, no line of \
         fire, no blow), read it back and search on it rather than let later leaves walk off it; 0: off."),
            p("hold_radius", Integer { min: 1, max: 20 }, Default("8"), "Chebyshev distance of the hostiles \
         that keep `hold_below` holding."),
            p("blind_blow", Flag, Default("false"), "Blind, trust the Elbereth we wrote (it cannot be read \
         back) only until a blow or a miss since: a monster that respects a whole one does not attack."),
        ] }),
        survival::elbereth_rest,
    );
    r.register_tick_fn(
        LeafSpec::action(
            "retreat_if_losing",
            "Step away from adjacent hostiles (toward corridors, doorways and the up stairs; up the stairs \
         when on them) when their expected damage would take our HP within `turns` turns and \
         Elbereth cannot help. Never a step away from a foe faster than us (a free blow for it) unless \
         `from_faster`.",
        )
        .params(const { &[
            p("turns", Number { min: 0.5, max: 20.0 }, Default("3"), "Turns of expected damage."),
            p("from_faster", Flag, Default("false"), "Step away from a foe faster than us too."),
            p("blind_stays", Flag, Default("false"), "Blind without telepathy, never step away (a blind hero \
         cannot outrun what strikes it)."),
            p("held_stays", Flag, Default("false"), "Held by a monster (\"You cannot escape from ...\", \
         \"You are being held...\"; `World::held`), never step away: the step fails 37 times in 40."),
        ] })
        .shorthand("turns"),
        survival::retreat_if_losing,
    );
    r.register_tick_fn(
        LeafSpec::action(
            "flee_upstairs",
            "Below `below` of max HP, when the fight is going badly (the hostiles within 2 would take our HP in `turns` turns at \
         their expected damage, or the look-ahead against those adjacent would not fight) and the up stairs \
         are at most `reach` steps away around every monster: walk there and climb (`<`). Only monsters \
         adjacent when we climb follow. A foe faster than us next to us allows a walk of 2 steps at most. \
         Never on Dlvl 1 (its stairs leave the dungeon) nor in Sokoban.",
        )
        .params(const { &[
            p("reach", Integer { min: 0, max: 80 }, Default("8"), "Longest walk to the up stairs, in steps."),
            p("turns", Number { min: 0.5, max: 20.0 }, Default("4"), "Turns of the near hostiles' expected damage that make the fight lost."),
            p("below", Number { min: 0.0, max: 1.0 }, Default("0.7"), "Only below this HP fraction (healthier, the bot would come straight back down)."),
            p("held_stays", Flag, Default("false"), "Held by a monster (`World::held`), fail: \"You are being held, \
         and cannot go up.\""),
            p("ignorers_below", Number { min: 0.0, max: 1.0 }, Default("0"), "Below this HP fraction (0: off), with a hostile \
         that ignores Elbereth (an elf or human `@`, a minotaur) in view or seen on this level within `ignorers_memory` turns, \
         go up to rest though the fight is not lost, by a walk of at most `ignorers_reach` steps whose first step ends \
         next to no hostile."),
            p("ignorers_memory", Integer { min: 0, max: 300 }, Default("50"), "Turns a hostile that ignores Elbereth \
         is remembered out of view, for `ignorers_below`."),
            p("ignorers_reach", Integer { min: 0, max: 80 }, Default("20"), "Longest walk to the up stairs for `ignorers_below`."),
            p("ignorers_calm", Integer { min: 0, max: 8 }, Default("0"), "For `ignorers_below`: not while a hostile in view is \
         within this many squares (0: no such gate); a fight is left to the fight's nodes."),
        ] }),
        survival::flee_upstairs,
    );
    r.register(
        LeafSpec::action(
            "elbereth_first",
            "Elbereth as the first answer to a dangerous monster that respects it, at any HP: when the \
         awake hostiles within `radius` (one that stays put a turn without striking us sleeps) all respect \
         Elbereth and would take our HP in `turns` turns at their expected damage (or half of it, at least 15, \
         in one turn), look (`:`), engrave Elbereth in the dust, read it back, re-engrave if misspelled, and \
         stand on it while an awake danger stays within `radius` + 3, at most `patience` turns on one square. \
         Not while hallucinating, with a harmful gaze in view, in a line of fire or under an unseen attacker; \
         stops when HP falls while we stand on it, and stands on it no longer once Weak from hunger.",
        )
        .params(const { &[
            p("radius", Integer { min: 1, max: 2 }, Default("2"), "Chebyshev distance of the monsters met."),
            p("turns", Number { min: 0.5, max: 20.0 }, Default("4"), "Turns of expected damage that make them dangerous."),
            p("faster_turns", Number { min: 0.0, max: 20.0 }, Default("0"), "The same while one of them is faster \
             than us (speed above 12): it cannot be fled, and it strikes while we engrave (0: `turns`)."),
            p("patience", Integer { min: 1, max: 10_000 }, Default("60"), "Most turns spent on one Elbereth square."),
            p("linger", Integer { min: 0, max: 100 }, Default("0"), "Turns we stay on our own engraving (reading it \
         back first) after the danger was last awake in reach: a scared monster flees out of sight or stands still, \
         then comes back."),
            p("refresh", Integer { min: 0, max: 100 }, Default("0"), "With no danger, turns between reads (`:`, no game \
         time) of the Elbereth we wrote while we stay on it (searching, resting), and every turn a hostile is in view; \
         a worn, misspelled or wiped one is written again unless a hostile is next to us (0: off)."),
            p("weigh", Number { min: 0.0, max: 1.0 }, Default("0"), "Next to a hostile, engrave only when the 4-turn \
         look-ahead ranks Elbereth above fighting and fleeing, valuing a foe held off at this (0: always)."),
            p("door_blows", Flag, Default("false"), DOOR_BLOWS),
            p("blind_blow", Flag, Default("false"), "Blind, trust the Elbereth we wrote (it cannot be read \
         back) only until a blow or a miss since: a monster that respects a whole one does not attack."),
            p("thieves", Flag, Default("false"), "A thief within `radius` is a danger whatever its damage: a nymph \
         (she steals an item a touch and teleports away; a blow of ours leaves her that turn), a leprechaun while we \
         carry gold."),
            p("poison", Flag, Default("false"), POISON),
        ] }),
        |p| survival::ElberethFirst {
            rules: crate::elbereth_first::ElberethFirstRules {
                radius: p.integer("radius").clamp(1, 2) as i16,
                turns: p.number("turns"),
                faster_turns: p.number("faster_turns"),
                patience: p.integer("patience"),
                linger: p.integer("linger").clamp(0, 100),
                refresh: p.integer("refresh").clamp(0, 100),
                weigh: p.number("weigh"),
                door_blows: p.flag("door_blows"),
                blind_blow: p.flag("blind_blow"),
                thieves: p.flag("thieves"),
                poison: p.flag("poison"),
            },
        },
    );
    r.register(
        LeafSpec::action(
            "vault_guard",
            "Obey a vault guard (vault.c): after his order (\"Please drop that gold and follow me.\", \
         \"I repeat, ...\", \"Move along!\"), drop our gold (`d$`), then keep next to him as he digs his \
         corridor out, never stepping into him. Over when he turns hostile (\"You've been warned, knave!\"), \
         lets us go, vanishes, 60 turns after his last order, or after 8 waits beside him in one place. \
         Out of sight, he is followed to where he was last seen and on along his heading; lost, we wait out \
         his escort in place.",
        ),
        |_| survival::VaultGuard,
    );
    r.register_tick_fn(
        LeafSpec::action(
            "step_out_of_line",
            "With no hostile next to us and a monster that may fire at us in line (same row, column or \
         diagonal, within 8 squares, nothing between that stops missiles; a monster that breathes, spits or casts \
         rays, or one of a kind seen firing, throwing, zapping or readying a launcher): close in on it, off every \
         other line when a step allows, if the `depth`-turn fight look-ahead would not flee its melee; else step \
         to a neighbour out of every line of fire (corridors and doorways first). Struck by something unseen \
         with no `I` next to us: search once after a melee blow (it marks the attacker), else move off our lines (once per attack). \
         Fails otherwise.",
        )
        .params(const { &[p("depth", Integer { min: 1, max: 8 }, Default("4"), "Turns the fight look-ahead looks ahead.")] })
        .shorthand("depth"),
        survival::step_out_of_line,
    );
    r.register(
        LeafSpec::action(
            "dodge_zapper",
            "Against a monster known to zap an attack wand (a zap on this level named its kind, or its ray or \
         force hit us): next to us, attack it if the `depth`-turn fight look-ahead would not flee it (it zaps rather \
         than strikes; Elbereth stops no wand); in line (same row, column or diagonal within 8 squares, nothing \
         between), close in off its lines when it is at most 3 squares away and beatable, else step to a neighbour \
         out of its lines; out of line but within 9 squares, with no hostile next to us, the same close-in, else a \
         step farther off its lines (a kind is a zapper until one of it dies). Zapped by something out of sight (a zap heard nearby, a ray from no one in view) or \
         blinded by a bolt: strike at an `I` or at the zapper last seen next to us, else keep moving off its lines \
         (2 turns after the zap, 20 while blind), never back to the square we left. Fails otherwise.",
        )
        .params(const {
            &[
                p("depth", Integer { min: 1, max: 8 }, Default("4"), "Turns the fight look-ahead looks ahead."),
                p(
                    "careful",
                    Flag,
                    Default("false"),
                    "Never close in on a zapper 2+ squares away: on the up stairs (below Dlvl 1, not Sokoban) climb \
                     (once per 100 turns), else step out of its lines, else back out of its reach (8+ squares); the \
                     old close-in remains only as the last resort.",
                ),
            ]
        })
        .shorthand("depth"),
        |p| survival::DodgeZapper {
            rules: crate::zapper::DodgeRules {
                depth: p.integer("depth").clamp(1, 8) as u32,
                careful: p.flag("careful"),
            },
        },
    );
    r.register(
        LeafSpec::action(
            "eat_fresh_corpse",
            "Unless Satiated: walk to the freshest safe corpse of our own kills (<= 30 turns old, or lichen/lizard; \
         no cannibalism of `race`, acidic, poisonous or petrifying corpses), look at it and eat it. \
         A square where an eat took no game time is given up.",
        )
        .params(const { &[
            p("race", Choice(RACES), Default("human"), "Our race: its corpses are cannibalism (orcs may)."),
            p("when_starving", Flag, Default("false"), "Weak or worse, no food in the pack and HP above 20: poisonous \
             and acidic corpses too (1d15 HP, and 1d4 Str for poison, four times in five, beat fainting)."),
            p("max_age", Integer { min: -1, max: 59 }, Default("-1"), "The oldest corpse (turns since the kill) \
             eaten when not Weak, with HP above 8 (above 39 turns a corpse may make us mildly ill, 1d8 HP; from 60 \
             it may be tainted). -1: 39."),
            p("sighted_kills", Flag, Default("false"), "Also kills seen made (\"The jackal is killed!\") whose square \
             the world left open because several monsters vanished at once: the one vanished monster drawn as the \
             victim (glyph and colour), on a square now showing a `%`, places it."),
            p("poison_resistance", Flag, Default("false"), "Not poison resistant, with HP to spare: also poisonous \
             corpses that may give poison resistance (killer bee 30%, soldier ant 20%; \"You feel healthy.\"), at \
             the cost of 1d15 HP and 1d4 Str four times in five. Once resistant: every poisonous corpse."),
            p("poison_min_hp_percent", Integer { min: 0, max: 100 }, Default("70"), "With poison_resistance: the HP \
             (percent of the maximum) needed to eat a poisonous corpse while not resistant."),
            p("poison_min_hp", Integer { min: 0, max: 1000 }, Default("20"), "With poison_resistance: HP above \
             this too (the poison costs 1d15)."),
            p("poison_min_odds", Integer { min: 0, max: 100 }, Default("0"), "With poison_resistance: while not \
             resistant, only corpses with at least these odds (percent) of giving it (0: any)."),
            p("eat_poisonous_when_resistant", Flag, Default("false"), "Once poison resistant (\"You feel \
             healthy.\", or by role or race): poisonous corpses are ordinary food. Without seeking it \
             (poison_resistance does both)."),
            p("unknown_when_fainting", Flag, Default("false"), "Fainting with no food in the pack: our kills up to \
             89 turns old (tainted one time in four at most) and safe corpses of unknown age on this level too (eat.c \
             taints a corpse only from 60 turns; a fainting hero dies anyway)."),
            p("hurt_below", Number { min: 0.0, max: 1.0 }, Default("0"), "Below this fraction of max HP, only \
             corpses within `hurt_reach` steps: a walk to a far corpse is a walk away from where we could rest, \
             towards what hurt us (seed 30 of b32-all walked at HP 5/87 to a corpse 10 steps off and met a \
             panther). 0: off."),
            p("hurt_reach", Integer { min: 0, max: 80 }, Default("1"), "With `hurt_below`: the farthest corpse \
             walked to, in steps (0: only one underfoot)."),
            p("foe_radius", Integer { min: 0, max: 20 }, Default("0"), "No meal begun and no walk to a corpse \
             while a hostile the fight look-ahead would not fight (or cannot tell) is within this many squares: \
             seed 17 of b34-base stepped back towards a mumak for a corpse between steps of its flight upstairs \
             (46 -> 17 HP). 0: off."),
        ] }),
        |p| crate::food::EatFreshCorpse {
            race: p.text("race").unwrap_or("human").to_string(),
            when_starving: p.flag("when_starving"),
            max_age: Some(p.integer("max_age")).filter(|a| *a >= 0),
            sighted_kills: p.flag("sighted_kills"),
            poison_resistance: p.flag("poison_resistance").then(|| crate::food::PoisonParams {
                min_hp_percent: p.integer("poison_min_hp_percent") as i32,
                min_hp: p.integer("poison_min_hp") as i32,
                min_odds: p.integer("poison_min_odds") as u8,
            }),
            eat_poisonous_when_resistant: p.flag("eat_poisonous_when_resistant"),
            unknown_when_fainting: p.flag("unknown_when_fainting"),
            hurt_below: p.number("hurt_below"),
            hurt_reach: p.integer("hurt_reach").max(0) as usize,
            foe_radius: p.integer("foe_radius").max(0) as i16,
        },
    );
    r.register_tick_fn(
        LeafSpec::action(
            "eat_from_pack",
            "When Hungry: eat pack food (by letter when the inventory is known; otherwise only after a look \
         shows nothing on the floor here).",
        )
        .params(const { &[
            p("save_for_prayer", Flag, Default("false"), "Not while merely Hungry when a prayer for hunger is \
             free (never prayed, or one refused as too soon with chance <= 2%): the food is kept and the prayer \
             fixes the hunger once Weak."),
            p("save_max_food", Integer { min: -1, max: 100 }, Default("-1"), "With `save_for_prayer`: keep the \
             food for the prayer only while the pack holds at most this many food items (stacks by quantity); \
             more, eat it and keep the prayer for low HP. -1: any number."),
        ] }),
        survival::eat_from_pack,
    );
    r.register_fn(
        LeafSpec::action(
            "pick_up_food",
            "Pick up the spare food (rations, fruit... never corpses, eggs or tins) we just stepped on; \
         not in shops, not when it would burden us.",
        )
        .params(const { &[
            p("tripe", Flag, Default("false"), "Tripe rations too (200 nutrition; a human may vomit, \
             which beats fainting)."),
        ] }),
        survival::pick_up_food,
    );
    r.register(
        LeafSpec::action(
            "fetch_food",
            "Walk to food seen on this level: a square whose pile lists spare food, or a `%` not \
         known to be a corpse of our kills (not in shops). `pick_up_food` takes it once we stand \
         on it; a square reached (or not reached within its path length + 20 decisions) is never \
         walked to again. Only with no hostile within 6, HP at least `hp` of max, unburdened, not \
         in Sokoban, and carrying fewer than `enough` spare food items (any number when Hungry).",
        )
        .params(
            const {
                &[
                    p(
                        "reach",
                        Integer { min: 1, max: 400 },
                        Default("30"),
                        "Longest walk, in squares.",
                    ),
                    p(
                        "hungry_reach",
                        Integer { min: 1, max: 400 },
                        Default("80"),
                        "Longest walk when Hungry or worse.",
                    ),
                    p(
                        "hp",
                        Number { min: 0.0, max: 1.0 },
                        Default("0.5"),
                        "Least HP, a fraction of max.",
                    ),
                    p(
                        "enough",
                        Integer { min: 0, max: 50 },
                        Default("4"),
                        "Spare food items carried at which fetching stops (unless Hungry).",
                    ),
                    p(
                        "ignore_still",
                        Flag,
                        Default("false"),
                        "A hostile that cannot come to us (speed 0, or speed 1 with no damage: \
                         molds, lichens) calls the walk off only next to us or on its path.",
                    ),
                ]
            },
        ),
        |p| crate::food::FetchFood {
            reach: p.integer("reach") as usize,
            hungry_reach: p.integer("hungry_reach") as usize,
            hp: p.number("hp"),
            enough: p.integer("enough") as usize,
            ignore_still: p.flag("ignore_still"),
        },
    );
    r.register(
        LeafSpec::action(
            "buy_food",
            "Buy food in a general store or delicatessen of this level while carrying fewer than \
         `enough` spare food items and some gold: walk onto a `%` in the shop (at most `reach` \
         squares), read its price (the step's \"You see here\", else a look), pick up the food \
         that feeds most per zorkmid among what the gold pays for, and pay (`p`). An unpaid \
         comestible in the pack is paid for, or dropped when the gold falls short. A square with \
         nothing we can buy is never walked to again. Only with no hostile within 6, HP at least \
         `hp` of max, unburdened, not Satiated, not in Sokoban. In a shop whose door only its \
         keeper bars (at his post, out of line with us he never moves): walk up to him and wait, \
         at most 40 turns, for him to step aside, paying (`p`) whatever we may owe first and \
         every 20 waits (a debt for food eaten unpaid keeps him at his post; pack food not yet \
         paid for is never eaten).",
        )
        .params(
            const {
                &[
                    p(
                        "enough",
                        Integer { min: 0, max: 50 },
                        Default("2"),
                        "Spare food items carried at which buying stops.",
                    ),
                    p(
                        "reach",
                        Integer { min: 1, max: 400 },
                        Default("60"),
                        "Longest walk to the shop's food, in squares.",
                    ),
                    p(
                        "hp",
                        Number { min: 0.0, max: 1.0 },
                        Default("0.5"),
                        "Least HP, a fraction of max.",
                    ),
                    p(
                        "patience",
                        Integer { min: 0, max: 100000 },
                        Default("0"),
                        "Decisions spent on one shop (walks to its food, looks, leaving) since its \
                         last sale before the shop is given up for the game. 0: no limit.",
                    ),
                    p(
                        "ignore_still",
                        Flag,
                        Default("false"),
                        "A hostile that cannot come to us (speed 0, or speed 1 with no damage: \
                         molds, lichens) calls the walk off only next to us or on its path.",
                    ),
                ]
            },
        ),
        |p| crate::food::BuyFood {
            enough: p.integer("enough") as usize,
            reach: p.integer("reach") as usize,
            hp: p.number("hp"),
            patience: p.integer("patience") as u32,
            ignore_still: p.flag("ignore_still"),
        },
    );
    r.register_fn(
        LeafSpec::action(
            "pick_up_missiles",
            "Pick up the missiles (daggers, knives, darts, shuriken, spears, javelins) we just stepped \
         on: the throws `sokoban` has for a monster shut behind a boulder. Not in shops, not \
         when it would burden us.",
        ),
        survival::pick_up_missiles,
    );
    r.register_tick_fn(
        LeafSpec::action(
            "rest_when_safe",
            "Search 10 turns to recover HP while below `below` of max HP and no hostile is within `radius`; \
         never in a line of fire nor while something unseen attacks us.",
        )
        .params(const { &[
            p("below", Number { min: 0.0, max: 1.0 }, Default("0.6"), "HP fraction to recover to."),
            p("radius", Integer { min: 1, max: 80 }, Default("6"), "No hostile this close."),
        ] }),
        survival::rest_when_safe,
    );
    r.register(
        LeafSpec::action(
            "rest_until_healed",
            "Hurt, rest where we stand before moving on: a rest starts below `below` of max HP and goes on until \
         `until`. No hostile within `radius` (one that never moves counts only next to us): search 10 turns. \
         Hostiles within `radius`, none next to us, all respecting Elbereth: look (`:`), engrave Elbereth in \
         the dust, read it back, re-engrave if misspelled, and rest on it a turn at a time. Fails, the rest \
         staying under way, next to a hostile, after a blow or a fall in HP since its own last decision, in a \
         line of fire or under an unseen attacker, hallucinating with monsters near, Weak from hunger (or \
         Hungry with no food in the pack), polymorphed, or with a hostile within `radius` that ignores \
         Elbereth.",
        )
        .params(const { &[
            p("below", Number { min: 0.0, max: 1.0 }, Default("0.7"), "HP fraction below which a rest starts."),
            p("until", Number { min: 0.0, max: 1.0 }, Default("0.9"), "HP fraction a rest goes on to."),
            p("radius", Integer { min: 1, max: 80 }, Default("8"), "Hostiles this close: rest only on Elbereth."),
            p("elbereth_below", Number { min: 0.0, max: 1.0 }, Default("0"), "HP fraction below which the rest is on Elbereth with no hostile in view too (engraved, read back, searched on 10 turns at a time), for the monster that comes while we rest; 0 is off."),
        ] }),
        |p| survival::RestUntilHealed {
            limits: crate::heal::RestLimits {
                below: p.number("below"),
                until: p.number("until"),
                radius: p.integer("radius").clamp(1, 80) as i16,
                elbereth_below: p.number("elbereth_below"),
            },
        },
    );
    r.register(
        LeafSpec::condition(
            "in_sokoban",
            "The screen shows one of the 8 Sokoban maps (premapped walls), or the world model places \
         the current level in Sokoban.",
        ),
        |_| sokoban::InSokoban,
    );
    r.register(
        LeafSpec::action(
            "sokoban",
            "Solve the Sokoban level as observed (boulders, filled holes, the player; a \"boulder\" amid \
         open holes, one too many on arriving at the top level, or one that appears where no push \
         put it is a mimic, planned around and hunted down if it bars every plan) and play the plan \
         one move per decision, re-planning when the level differs from the plan; long solves run \
         in the background while the bot waits in place. Fights hostiles in the way, goes round \
         the boulders to attack a monster behind the one to push (or throws a missile, a dagger or darts, over the \
         boulder when it cannot get next to it; not one the fight look-ahead would flee; one \
         that slips away is waited for beside the boulder, not pushed after), waits for others, opens or kicks doors on the way, climbs \
         `<` at the end. While hallucinating (boulders look like random objects) it waits in \
         place. After 20 blocked attempts from one position, or at once when the \
         boulders alone make the level unsolvable (a monster's scroll of earth), the level is \
         given up: the node takes the bot back down its `>`, pushing boulders out of the way if \
         they wall it off. Fails outside Sokoban, on a solved \
         top level (holes filled, or we stand past them), when no plan is found (for now), on a level given up whose `>` cannot be \
         reached, and below a Sokoban level already visited (given up or fled: no climbing back \
         and forth). A level whose background solves keep the bot waiting more than \
         `solve_wait` decisions for one arrangement of boulders (solves running out of states, \
         one from each square the rest of the tree takes the bot to) is given up too. A monster \
         shut in ahead of the boulder (the hole corridor: it never leaves) is shot at over the \
         boulder, a push between shots, up to `siege_shots` times: missiles first, then a ray \
         wand the game named (fire, cold, lightning, magic missile; HP at 75% or more).",
        )
        .params(
            const {
                &[
                    p(
                        "solve_wait",
                        Integer { min: 1, max: 1_000_000 },
                        Default("300"),
                        "Decisions waited on background solves for one arrangement of boulders \
                         and holes before the level is given up (a decision lets a solve store \
                         20,000 states; the in-game limit is 3 million per solve).",
                    ),
                    p(
                        "siege_shots",
                        Integer { min: 0, max: 1000 },
                        Default("30"),
                        "Shots over the boulder at one monster shut in behind it, per \
                         arrangement of boulders; 0: none.",
                    ),
                    p(
                        "keep_elbereth",
                        Flag,
                        Default("false"),
                        "No blow from an Elbereth read back lately (a blow erases it), and no \
                         striking back at a monster never meleed (a passive one, as a spotted \
                         jelly).",
                    ),
                    p(
                        "siege_spares",
                        Flag,
                        Default("false"),
                        "Once missiles and ray wands are spent, the siege of a monster shut in \
                         behind the boulder throws spare weapons (not wielded, worn or the \
                         alternate), gems and rocks (never a gray stone) over it.",
                    ),
                    p(
                        "seal_wait",
                        Integer { min: 0, max: 100 },
                        Default("0"),
                        "Turns waited once, where the hero stands, before a push that shuts \
                         squares off from it (the hole corridor), for a monster there to come \
                         out and be fought before the boulder shuts it in; 0: none.",
                    ),
                    p(
                        "siege_fetch",
                        Flag,
                        Default("false"),
                        "A siege of a monster shut in behind the boulder with nothing left to \
                         throw walks to the weapons (`)`) drawn on the level in reach without a \
                         push and picks them up.",
                    ),
                    p("door_blows", Flag, Default("false"), DOOR_BLOWS),
                ]
            },
        )
        .shorthand("solve_wait"),
        |params| sokoban::SokobanLeaf {
            solve_wait: params.integer("solve_wait") as u32,
            siege_shots: params.integer("siege_shots") as u32,
            keep_elbereth: params.flag("keep_elbereth"),
            siege_spares: params.flag("siege_spares"),
            seal_wait: params.integer("seal_wait") as u16,
            siege_fetch: params.flag("siege_fetch"),
            door_blows: params.flag("door_blows"),
        },
    );
    r.register(
        LeafSpec::action(
            "sokoban_prize",
            "On the top Sokoban level, once the way past the holes is open: walk to each of the three \
         prize closets behind the zoo in turn, nearest first (kicking the zoo's locked door, \
         fighting whatever sleeps in the way but never a monster whose hit is a hazard, such as \
         a floating eye, which is gone round or waited for, opening the closet doors), look at \
         each floor and \
         pick up the amulet or bag found there (by class: never the corpses of the fight). \
         Waits in place while hallucinating. Fails elsewhere, while the holes still bar the way, and once \
         the prize (an amulet or a bag) is picked up or every closet is searched.",
        )
        .params(const {
            &[p("wear_amulet", Flag, Default("false"), "Put the amulet taken on at once (the top \
         level's amulet is one of reflection).")]
        }),
        |params| sokoban::SokobanPrize {
            wear_amulet: params.flag("wear_amulet"),
        },
    );
    r.register(
        LeafSpec::action(
            "go_to",
            "Travel to a known place across levels: `{branch: mines}`, `{branch: dungeons, depth: 9}` or \
         `{level: oracle | sokoban_entrance | minetown | ...}`. Each decision plans the route again \
         from where the hero stands over the stairs taken before and the stairs seen (the forks' \
         untaken stairs lead to the other branch), walks to the next stairs (`_` travel where it \
         saves actions) and takes them, so a fight only pauses the trip. To `{branch: mines}` with no \
         stairs seen that may lead into them, it goes to the Dungeons' levels 2-4 (the fork's) \
         not given up yet, explores them and searches them for hidden ways. With `overview` it first \
         reads the game's overview (`^O`, no game time) once on each level. Succeeds on arrival \
         (`sokoban_entrance`: standing on the up stairs into Sokoban, or in Sokoban); fails while \
         the place is not known (no Oracle seen yet), when no known stairs lead there, when the \
         next stairs cannot be reached, and after 120 stairs on one trip.",
        )
        .params(const { &[
            PLACE[0],
            PLACE[1],
            PLACE[2],
            p("overview", Choice(&["true", "false"]), Default("true"), "Read the game's overview on each level of the trip."),
        ] }),
        |params| goto::GoTo {
            dest: goto::Destination::from_names(
                params.text("level"),
                params.text("branch"),
                params.integer("depth"),
            ),
            overview: params.text("overview") != Some("false"),
        },
    );
    r.register_fn(
        LeafSpec::condition(
            "on_level",
            "The hero is on the special level `level` (as recognised: the overview's notes, the \
         Oracle's fountains, Minetown's temple and shops...), or in `branch` (at `depth`, when \
         given).",
        )
        .params(&PLACE),
        |p, w| {
            let dest = goto::Destination::from_names(
                p.text("level"),
                p.text("branch"),
                p.integer("depth"),
            );
            builtins::check(dest.is_some_and(|d| goto::on_level(w, d)))
        },
    );
    r.register_fn(
        LeafSpec::action(
            "read_overview",
            "Reads the game's dungeon overview (`^O`, no game time) into the level graph once per \
         level visit (features, special levels, branch stairs, the branch of a level the look \
         could not tell); fails when it was read since arriving here.",
        ),
        |_, w| {
            if w.overview_is_fresh() || w.dungeon.current.is_none() {
                LeafOutcome::Failure
            } else {
                LeafOutcome::Act(
                    nhbot_world::Action::Overview,
                    format!("reading the overview on Dlvl {}", w.status.dlvl),
                )
            }
        },
    );
    r.register_fn(
        LeafSpec::action(
            "keys",
            "Send raw keys; prompts that follow get the engine's default answers.",
        )
        .params(const { &[p("keys", Text, Required, "Keys to send.")] })
        .shorthand("keys"),
        builtins::keys,
    );
    crate::sokoban_phase::register(r);
    crate::mines_end::register(r);
    crate::shed_gear::register(r);
    crate::overload::register(r);
    crate::camp::register(r);
    crate::hunt::register(r);
    crate::first_blow::register(r);
    crate::standoff::register(r);
    crate::sidestep::register(r);
    crate::eye_strike::register(r);
}
