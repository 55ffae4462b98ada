// nhbot item identification rules (crepe Datalog), evaluated for one shuffle pool.
// Pulled into the nhbot-kb crate by engine/kb/src/rules.rs with include!, which
// provides the types (AppId, ObjId, Traits, Quote, Effect, Cause) and price_fits.
//
// Elimination ("x is known for appearance a, so no other appearance is x";
// "a has one candidate left, so a is that") is recursive through negation and not
// stratifiable. The program is therefore one stratified step: Known holds the
// identifications of earlier rounds, and the caller re-runs it with Identified and
// Paired added to Known until nothing new is learned (a fixed point; Known only grows).

crepe! {
    // -- input: one pool --------------------------------------------------
    @input
    pub struct PoolTag(pub u8);
    // Appearances observed this game.
    @input
    pub struct Seen(pub AppId);
    // Appearances certainly used this game (all of a bijective pool, else the seen ones).
    @input
    pub struct RealApp(pub AppId);
    // The pool's identities with their catalogue traits.
    @input
    pub struct PoolId(pub ObjId, pub Traits);
    // (fact number, appearance, observed price)
    @input
    pub struct Quoted(pub u32, pub AppId, pub Quote);
    // (fact number, appearance, identity); NO_OBJ when the name is not in the pool.
    @input
    pub struct NamedAs(pub u32, pub AppId, pub ObjId);
    @input
    pub struct Tested(pub u32, pub AppId, pub Effect);
    @input
    pub struct Weighed(pub u32, pub AppId, pub u32);
    // Identifications derived in earlier rounds.
    @input
    pub struct Known(pub AppId, pub ObjId);

    // -- output -----------------------------------------------------------
    // (appearance, identity ruled out, what ruled it out)
    @output
    pub struct Excluded(pub AppId, pub ObjId, pub Cause);
    @output
    pub struct Candidate(pub AppId, pub ObjId);
    @output
    pub struct Identified(pub AppId, pub ObjId);
    @output
    pub struct Paired(pub AppId, pub ObjId);

    struct Live(AppId);
    struct ExcludedAny(AppId, ObjId);
    struct HasOther(AppId, ObjId);
    struct KnownId(ObjId);
    struct KnownApp(AppId);
    struct LeftId(ObjId);
    struct LeftApp(AppId);
    struct ManyLeftIds(u8);
    struct ManyLeftApps(u8);

    Live(a) <- Seen(a);
    Live(a) <- RealApp(a);

    // Every observation must hold on its own: each one excludes what it cannot
    // come from, so the candidates are the intersection of all observations.
    Excluded(a, id, cause) <-
        Quoted(f, a, q), PoolId(id, t), (!price_fits(&q, &t)), let cause = Cause::Fact(f);
    Excluded(a, id, cause) <-
        NamedAs(f, a, n), PoolId(id, _), (id != n), let cause = Cause::Fact(f);
    Excluded(b, n, cause) <-
        NamedAs(f, a, n), Live(b), (a != b), let cause = Cause::Fact(f);
    Excluded(a, id, cause) <-
        Tested(f, a, e), PoolId(id, t), (!e.allows(t.class, t.name)), let cause = Cause::Fact(f);
    Excluded(a, id, cause) <-
        Weighed(f, a, w), PoolId(id, t), (t.weight != w), let cause = Cause::Fact(f);
    // An identity known for one appearance leaves every other appearance.
    Excluded(b, id, cause) <-
        Known(a, id), Live(b), (a != b), let cause = Cause::TakenBy(a);
    ExcludedAny(a, id) <- Excluded(a, id, _);

    Candidate(a, id) <- Seen(a), PoolId(id, _), !ExcludedAny(a, id);
    HasOther(a, x) <- Candidate(a, x), Candidate(a, y), (x != y);
    // One candidate left: identified.
    Identified(a, x) <- Candidate(a, x), !HasOther(a, x);

    // One identity and one appearance left in the pool: they pair up.
    KnownId(x) <- Known(_, x);
    KnownApp(a) <- Known(a, _);
    LeftId(x) <- PoolId(x, _), !KnownId(x);
    LeftApp(a) <- RealApp(a), !KnownApp(a);
    ManyLeftIds(p) <- PoolTag(p), LeftId(x), LeftId(y), (x != y);
    ManyLeftApps(p) <- PoolTag(p), LeftApp(a), LeftApp(b), (a != b);
    Paired(a, x) <-
        PoolTag(p), LeftApp(a), LeftId(x),
        !ManyLeftIds(p), !ManyLeftApps(p), !ExcludedAny(a, x);
}
