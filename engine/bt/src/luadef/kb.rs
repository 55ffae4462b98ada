//! The `kb` table: the knowledge base's answers.

use super::*;

pub const MODULE: Module = Module {
    name: "kb",
    doc: "The item-identification knowledge base (empty answers until the engine \
          installs one).",
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
    ],
};
