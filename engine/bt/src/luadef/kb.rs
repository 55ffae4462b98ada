//! The `kb` table: the knowledge base's answers, and what scripts tell it.

use super::*;

pub const OBSERVATION: Class = Class {
    name: "KbObservation",
    doc: "What a script observed about one appearance (`kb.observe`): set `identity`, \
          `not_identity` or `one_of` (or several). Names are checked against the object \
          table: a randomized appearance, identities of its class (\"digging\" or \"wand of \
          digging\"). Each string is at most 300 bytes, `one_of` at most 64 names.",
    fields: &[
        field(
            "appearance",
            "string",
            "as the game shows it: \"tin wand\", \"scroll labeled KIRJE\"",
        ),
        field("identity", "string|nil", "what it is"),
        field("not_identity", "string|nil", "what it is not"),
        field(
            "one_of",
            "string[]|nil",
            "what it may be (all else is ruled out)",
        ),
        field(
            "reason",
            "string|nil",
            "the evidence, cited by `kb.why` and `nhbot kb`",
        ),
    ],
    methods: &[],
};

pub const MODULE: Module = Module {
    name: "kb",
    doc: "The item-identification knowledge base (empty answers until the engine \
          installs one). It learns from shop prices, engrave tests, the game's own names \
          (identified by use, the `\\` discoveries list) and `kb.observe`; every fact keeps \
          its source and reason.",
    functions: &[
        Function {
            name: "candidates",
            doc: "Identities an unidentified appearance may still have.",
            params: &[param("appearance", "string", "e.g. \"bubbly potion\"")],
            returns: &[Return {
                ty: "string[]",
                doc: "identities it may still be",
            }],
        },
        Function {
            name: "identity",
            doc: "The identity of an appearance, once known.",
            params: &[param("appearance", "string", "")],
            returns: &[Return {
                ty: "string|nil",
                doc: "identity once known",
            }],
        },
        Function {
            name: "could_be",
            doc: "Whether an appearance may still be this identity.",
            params: &[
                param("appearance", "string", ""),
                param("identity", "string", ""),
            ],
            returns: BOOLEAN,
        },
        Function {
            name: "why",
            doc: "The facts known about an appearance, each with its source and reason, \
                  e.g. tin wand engrave-tested: Digging → digging (engrave test: \"Gravel \
                  flies up from the floor.\").",
            params: &[param("appearance", "string", "")],
            returns: &[Return {
                ty: "string[]",
                doc: "one line per fact",
            }],
        },
        Function {
            name: "observe",
            doc: "Adds what the script observed to the game's facts (facts.jsonl, source \
                  `lua:<script>:<line>`), e.g. \
                  `kb.observe{appearance = \"tin wand\", identity = \"digging\", reason = \"gravel\"}`. \
                  Raises an error for what does not fit (unknown appearance, an identity of \
                  another class, an unknown field).",
            params: &[param("observation", "KbObservation", "")],
            returns: &[Return {
                ty: "boolean",
                doc: "true when it is news, false for a repeat (or no knowledge base)",
            }],
        },
    ],
};
