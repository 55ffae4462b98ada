// nhbot item identification rules (crepe Datalog).
// Pulled into the nhbot-kb crate by engine/kb/src/rules.rs with include!, which
// provides the types (AppId, ObjId, Quote, Effect, Cause) and the Rust helpers
// price_fits, outcome_fits and weight_fits (catalogue lookups and shop arithmetic).
//
// Two programs, so that each fact is only re-examined when its appearance changes:
// - `evidence` runs for ONE appearance over its own facts: every observation must
//   hold on its own, so each one rules out what it cannot come from and the
//   possible identities are the intersection of all observations.
// - `elimination` runs for ONE shuffle pool over the appearances' possible sets.
//   Elimination ("x is known for appearance a, so no other appearance is x";
//   "a has one candidate left, so a is that") is recursive through negation and
//   not stratifiable, so the program is one stratified step: Known holds the
//   identifications of earlier rounds, and the caller re-runs it with Identified
//   and Paired added to Known until nothing new is learned (Known only grows).

pub mod evidence {
    use super::*;

    crepe! {
        // The identities the appearance's pool allows.
        @input
        pub struct Ident(pub ObjId);
        // (fact number, observed price)
        @input
        pub struct Quoted(pub u32, pub Quote);
        // (fact number, identity); NO_OBJ when the name is not in the pool.
        @input
        pub struct NamedAs(pub u32, pub ObjId);
        @input
        pub struct Tested(pub u32, pub Effect);
        @input
        pub struct Weighed(pub u32, pub u32);
        // (fact number, identity) the appearance is not.
        @input
        pub struct NotAs(pub u32, pub ObjId);
        // A fact that allows only some identities (fact number), and each of them.
        @input
        pub struct Restricts(pub u32);
        @input
        pub struct AllowedBy(pub u32, pub ObjId);

        // (identity, the fact that rules it out)
        @output
        pub struct Ruled(pub ObjId, pub Cause);
        @output
        pub struct Possible(pub ObjId);

        struct RuledAny(ObjId);

        Ruled(id, cause) <-
            Quoted(f, q), Ident(id), (!price_fits(&q, id)), let cause = Cause::Fact(f);
        Ruled(id, cause) <-
            NamedAs(f, n), Ident(id), (id != n), let cause = Cause::Fact(f);
        Ruled(id, cause) <-
            Tested(f, e), Ident(id), (!outcome_fits(e, id)), let cause = Cause::Fact(f);
        Ruled(id, cause) <-
            Weighed(f, w), Ident(id), (!weight_fits(w, id)), let cause = Cause::Fact(f);
        Ruled(id, cause) <-
            NotAs(f, id), Ident(id), let cause = Cause::Fact(f);
        Ruled(id, cause) <-
            Restricts(f), Ident(id), !AllowedBy(f, id), let cause = Cause::Fact(f);
        RuledAny(id) <- Ruled(id, _);
        Possible(id) <- Ident(id), !RuledAny(id);
    }
}

pub mod elimination {
    use super::*;

    crepe! {
        @input
        pub struct PoolTag(pub u8);
        // What the evidence allows for each seen appearance.
        @input
        pub struct Possible(pub AppId, pub ObjId);
        @input
        pub struct Seen(pub AppId);
        // Appearances certainly in use but not seen (rest of a bijective pool).
        @input
        pub struct Unseen(pub AppId);
        @input
        pub struct PoolId(pub ObjId);
        // (identity, base price)
        @input
        pub struct Base(pub ObjId, pub u32);
        // (fact number, appearance, identity) from "named" facts.
        @input
        pub struct NamedAs(pub u32, pub AppId, pub ObjId);
        // Identifications derived in earlier rounds.
        @input
        pub struct Known(pub AppId, pub ObjId);

        // (appearance, identity ruled out, what ruled it out)
        @output
        pub struct Excluded(pub AppId, pub ObjId, pub Cause);
        @output
        pub struct Candidate(pub AppId, pub ObjId);
        @output
        pub struct Identified(pub AppId, pub ObjId);
        @output
        pub struct Paired(pub AppId, pub ObjId);
        // The base prices an appearance can have, even while its identity is open.
        @output
        pub struct PriceGroup(pub AppId, pub u32);

        struct ExcludedAny(AppId, ObjId);
        struct HasOther(AppId, ObjId);
        struct KnownId(ObjId);
        struct KnownApp(AppId);
        struct NamedId(ObjId);
        struct LeftId(ObjId);
        struct LeftApp(AppId);
        struct ManyLeftIds(u8);
        struct ManyLeftApps(u8);

        // A name given to one appearance leaves every other appearance.
        Excluded(b, n, cause) <-
            NamedAs(f, a, n), Possible(b, n), (a != b), let cause = Cause::Fact(f);
        // An identity known for one appearance leaves every other appearance.
        Excluded(b, id, cause) <-
            Known(a, id), Possible(b, id), (a != b), let cause = Cause::TakenBy(a);
        ExcludedAny(a, id) <- Excluded(a, id, _);

        Candidate(a, id) <- Possible(a, id), !ExcludedAny(a, id);
        HasOther(a, x) <- Candidate(a, x), Candidate(a, y), (x != y);
        // One candidate left: identified.
        Identified(a, x) <- Candidate(a, x), !HasOther(a, x);
        PriceGroup(a, b) <- Candidate(a, x), Base(x, b);

        // One identity and one appearance left in the pool: they pair up.
        KnownId(x) <- Known(_, x);
        KnownApp(a) <- Known(a, _);
        NamedId(x) <- NamedAs(_, _, x);
        LeftId(x) <- PoolId(x), !KnownId(x);
        LeftApp(a) <- Seen(a), !KnownApp(a);
        LeftApp(a) <- Unseen(a), !KnownApp(a);
        ManyLeftIds(p) <- PoolTag(p), LeftId(x), LeftId(y), (x < y);
        ManyLeftApps(p) <- PoolTag(p), LeftApp(a), LeftApp(b), (a < b);
        Paired(a, x) <-
            PoolTag(p), LeftApp(a), LeftId(x), !ManyLeftIds(p), !ManyLeftApps(p),
            Candidate(a, x);
        Paired(a, x) <-
            PoolTag(p), LeftApp(a), LeftId(x), !ManyLeftIds(p), !ManyLeftApps(p),
            Unseen(a), !NamedId(x);
    }
}
