//! A YAML document as a tree of values that each remember where they start, so every validation
//! error can name file:line:col (serde_yaml loses value positions).

use crate::diag::Mark;
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    /// A scalar as written; `quoted` scalars are always strings.
    Scalar {
        text: String,
        quoted: bool,
    },
    Seq(Vec<Node>),
    Map(Vec<(Node, Node)>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub value: Value,
    pub mark: Mark,
}

impl Node {
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            Value::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }

    /// A short description of what the value is, for "expected X, got Y" messages.
    pub fn describe(&self) -> String {
        match &self.value {
            Value::Null => "nothing".into(),
            Value::Scalar { text, .. } => format!("`{text}`"),
            Value::Seq(_) => "a list".into(),
            Value::Map(_) => "a map".into(),
        }
    }
}

/// Parses the first document of `src`. An empty document is `Ok(None)`.
pub fn parse(src: &str) -> Result<Option<Node>, (Mark, String)> {
    let mut builder = Builder::default();
    Parser::new_from_str(src)
        .load(&mut builder, false)
        .map_err(|e| (to_mark(e.marker()), e.info().to_string()))?;
    if let Some(err) = builder.error {
        return Err(err);
    }
    Ok(builder.done)
}

fn to_mark(m: &Marker) -> Mark {
    // yaml-rust2 lines are 1-based, columns 0-based.
    Mark::new(m.line().max(1), m.col() + 1)
}

/// Open containers while events stream in; a map collects keys and values alternately.
enum Open {
    Seq(Vec<Node>, Mark),
    Map(Vec<(Node, Node)>, Option<Node>, Mark),
}

#[derive(Default)]
struct Builder {
    stack: Vec<Open>,
    done: Option<Node>,
    error: Option<(Mark, String)>,
}

impl Builder {
    fn push_value(&mut self, node: Node) {
        match self.stack.last_mut() {
            None => {
                if self.done.is_none() {
                    self.done = Some(node);
                }
            }
            Some(Open::Seq(items, _)) => items.push(node),
            Some(Open::Map(entries, key, mark)) => match key.take() {
                None => {
                    if entries.is_empty() {
                        // Block maps report their start after the first key; the key is the better anchor.
                        *mark = node.mark;
                    }
                    *key = Some(node);
                }
                Some(k) => {
                    // YAML keys are unique; a repeat is nearly always a line indented one level
                    // too little, which would silently replace the first value.
                    let first = k.as_str().and_then(|key| {
                        entries
                            .iter()
                            .find(|(e, _)| e.as_str() == Some(key))
                            .map(|(e, _)| e.mark)
                    });
                    if let (Some(first), None) = (first, &self.error) {
                        self.error = Some((
                            k.mark,
                            format!(
                                "duplicate key `{}` in one map (first at line {}) — check the indentation",
                                k.as_str().unwrap_or_default(),
                                first.line
                            ),
                        ));
                    }
                    entries.push((k, node))
                }
            },
        }
    }
}

impl MarkedEventReceiver for Builder {
    fn on_event(&mut self, ev: Event, marker: Marker) {
        let mark = to_mark(&marker);
        match ev {
            Event::Scalar(text, style, _, _) => {
                let quoted = style != TScalarStyle::Plain;
                let value =
                    if !quoted && matches!(text.as_str(), "" | "~" | "null" | "Null" | "NULL") {
                        Value::Null
                    } else {
                        Value::Scalar { text, quoted }
                    };
                self.push_value(Node { value, mark });
            }
            Event::SequenceStart(..) => self.stack.push(Open::Seq(Vec::new(), mark)),
            Event::MappingStart(..) => self.stack.push(Open::Map(Vec::new(), None, mark)),
            Event::SequenceEnd | Event::MappingEnd => {
                let node = match self.stack.pop() {
                    Some(Open::Seq(items, mark)) => Node {
                        value: Value::Seq(items),
                        mark,
                    },
                    Some(Open::Map(entries, _, mark)) => Node {
                        value: Value::Map(entries),
                        mark,
                    },
                    None => return,
                };
                self.push_value(node);
            }
            Event::Alias(_) => {
                if self.error.is_none() {
                    self.error = Some((
                        mark,
                        "YAML aliases (*name) are not supported in tree files".into(),
                    ));
                }
                self.push_value(Node {
                    value: Value::Null,
                    mark,
                });
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_keep_their_positions() {
        let doc = parse("priority:\n  - pray\n  - hp_below: {fraction: 0.5}\n")
            .unwrap()
            .unwrap();
        let Value::Map(entries) = &doc.value else {
            panic!("not a map")
        };
        assert_eq!(entries[0].0.mark, Mark::new(1, 1));
        let Value::Seq(items) = &entries[0].1.value else {
            panic!("not a list")
        };
        assert_eq!(items[0].mark, Mark::new(2, 5));
        let Value::Map(leaf) = &items[1].value else {
            panic!("not a map")
        };
        assert_eq!(leaf[0].0.mark, Mark::new(3, 5));
        let Value::Map(params) = &leaf[0].1.value else {
            panic!("not a map")
        };
        assert_eq!(params[0].1.mark, Mark::new(3, 26));
    }

    /// A line indented one level too little repeats its parent's keys: an error at the repeat,
    /// not a tree that silently drops the first value (a `priority:` left empty passed).
    #[test]
    fn a_repeated_key_is_an_error_at_the_repeat() {
        let src = "sequence:\n  name: a\n  children:\n    - priority:\n  name: b\n  children:\n    - search\n";
        let (mark, msg) = parse(src).unwrap_err();
        assert_eq!(mark, Mark::new(5, 3), "{msg}");
        assert!(msg.contains("duplicate key `name`"), "{msg}");
        assert!(msg.contains("first at line 2"), "{msg}");
        assert!(
            parse("a: 1\nb: {a: 2}\n").unwrap().is_some(),
            "same key, other maps"
        );
    }

    #[test]
    fn syntax_error_has_position() {
        let (mark, msg) = parse("a: [b\n").unwrap_err();
        assert_eq!(mark.line, 2);
        assert!(msg.contains("flow sequence"), "{msg}");
    }
}
