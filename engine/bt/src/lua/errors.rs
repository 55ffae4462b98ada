//! Error reports that name the script's file, line and function:
//! `scripts/x.lua:12 in function helper: attempt to index a nil value (local 't')`.
//!
//! The place comes from the host side, never from a `debug` library in the sandbox: errors the
//! sandbox's Rust functions raise name it themselves ([`super::limits::script_place`], the hook's
//! `raw_place`); for the others (Lua's own runtime errors, `error(...)`, mlua's argument
//! conversions) it is read from the traceback mlua takes where the error was raised.

use super::limits::{function_label, PRELUDE_NAME};
use super::sandbox::{self, Sandbox};
use mlua::{Function, Value};

/// One Lua frame of a traceback: `scripts/x.lua:12: in local 'helper'`.
#[derive(Debug, PartialEq)]
struct Frame<'a> {
    src: &'a str,
    line: usize,
    /// `function helper`, `function <scripts/x.lua:4>`, `main chunk`.
    function: String,
}

/// What a traceback line says after `in `, as this module names functions.
fn label(what: &str, src: &str) -> String {
    if what == "main chunk" {
        return function_label(None, "main", src, 0);
    }
    if let Some(def) = what
        .strip_prefix("function <")
        .and_then(|d| d.strip_suffix('>'))
    {
        return format!("function <{def}>");
    }
    // `function 'f'`, `local 'f'`, `upvalue 'f'`, `method 'f'`, `field 'f'`, `global 'f'`...
    let name = what
        .split_once('\'')
        .and_then(|(_, rest)| rest.strip_suffix('\''));
    function_label(name, "Lua", src, 0)
}

/// The script frames of a traceback, innermost first (C functions and the sandbox's own Lua are
/// left out), and the name of the C function called from the innermost one (`throw` in
/// `[C]: in function 'throw'`), if any.
fn frames(traceback: &str) -> (Vec<Frame<'_>>, Option<&str>) {
    let mut out = Vec::new();
    let mut called = None;
    for line in traceback.lines().map(str::trim) {
        let Some((place, what)) = line.split_once(": in ") else {
            continue;
        };
        if place == "[C]" {
            if out.is_empty() {
                called = what
                    .split_once('\'')
                    .and_then(|(_, rest)| rest.strip_suffix('\''));
            }
            continue;
        }
        let Some((src, n)) = place.rsplit_once(':') else {
            continue;
        };
        let Ok(n) = n.parse() else { continue };
        if src == PRELUDE_NAME {
            continue;
        }
        out.push(Frame {
            src,
            line: n,
            function: label(what, src),
        });
    }
    (out, called)
}

/// `(src, line, rest)` of a message starting `src:line: rest`.
fn placed(msg: &str) -> Option<(&str, usize, &str)> {
    let (head, rest) = msg.split_once(": ")?;
    let (src, n) = head.rsplit_once(':')?;
    Some((src, n.parse().ok()?, rest))
}

/// Whether `msg` already starts with a place and a function (`src:12 in function f: `).
fn named(msg: &str) -> bool {
    msg.split_once(" in ")
        .and_then(|(head, _)| head.rsplit_once(':'))
        .is_some_and(|(_, n)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The message and the traceback of the innermost error, with the function a bad argument was
/// passed to.
fn parts(e: &mlua::Error) -> (String, Option<String>) {
    match e {
        mlua::Error::CallbackError { traceback, cause } => {
            let (msg, inner) = parts(cause);
            // The innermost traceback names the frames nearest the error.
            let tb = inner.filter(|t| !frames(t).0.is_empty());
            let tb = tb.unwrap_or_else(|| traceback.clone());
            let msg = match &**cause {
                mlua::Error::BadArgument {
                    to: None,
                    pos,
                    cause,
                    ..
                } => match frames(&tb).1 {
                    Some(f) => format!("bad argument #{pos} to '{f}': {cause}"),
                    None => msg,
                },
                _ => msg,
            };
            (msg, Some(tb))
        }
        mlua::Error::RuntimeError(text) => match text.split_once("\nstack traceback:\n") {
            Some((msg, tb)) => (msg.to_string(), Some(tb.to_string())),
            None => (text.clone(), None),
        },
        mlua::Error::SyntaxError { message, .. } => (message.clone(), None),
        other => (other.to_string(), None),
    }
}

/// The one-line report of an error from a script's code: `scripts/x.lua:12 in function f:
/// what went wrong`, with the file, line and function where it was raised. `name` is the
/// script's (`scripts/x.lua`), used when no line of a script is on the stack.
pub(crate) fn describe(e: &mlua::Error, name: &str) -> String {
    let (msg, traceback) = parts(e);
    let msg = msg.lines().next().unwrap_or_default().to_string();
    if named(&msg) {
        return msg;
    }
    let frames = traceback
        .as_deref()
        .map(|t| frames(t).0)
        .unwrap_or_default();
    // The frame the message names (`error(msg, 2)` names the caller's line), else the innermost.
    let at = placed(&msg).and_then(|(src, line, rest)| {
        let f = frames.iter().find(|f| f.src == src && f.line == line)?;
        Some((f, rest))
    });
    match (at, frames.first()) {
        (Some((f, rest)), _) => format!("{}:{} in {}: {rest}", f.src, f.line, f.function),
        (None, Some(f)) => format!("{}:{} in {}: {msg}", f.src, f.line, f.function),
        (None, None) if msg.starts_with(name) => msg,
        (None, None) => format!("{name}: {msg}"),
    }
}

/// The first line of a load-time error (a syntax error, a missing file), always naming the
/// script. Errors raised by running code go through [`describe`].
pub(crate) fn first_line(e: &mlua::Error, name: &str) -> String {
    let text = match e {
        mlua::Error::CallbackError { cause, .. } => return first_line(cause, name),
        mlua::Error::RuntimeError(m) => m.clone(),
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        other => other.to_string(),
    };
    let line = text.lines().next().unwrap_or_default();
    if line.contains(name) {
        line.to_string()
    } else {
        format!("{name}: {line}")
    }
}

/// The line a report starts with: 12 in `scripts/x.lua:12: msg` or `scripts/x.lua:12 in ...`;
/// 0 when it names none.
pub(crate) fn line_of(msg: &str) -> usize {
    msg.split(':')
        .nth(1)
        .map(|l| {
            l.trim_start()
                .bytes()
                .take_while(u8::is_ascii_digit)
                .fold(0usize, |n, d| n * 10 + usize::from(d - b'0'))
        })
        .unwrap_or(0)
}

/// `scripts/x.lua:4 in function <scripts/x.lua:4>`: where a leaf function is defined, for
/// errors about what it returned (Lua knows no line for a return value).
pub(crate) fn defined(func: &Function) -> String {
    let info = func.info();
    let src = info.short_src.unwrap_or_default();
    let line = info.line_defined.unwrap_or(0);
    let function = function_label(info.name.as_deref(), info.what, &src, line);
    format!("{src}:{line} in {function}")
}

/// The report of a call (or chunk run) that passed a limit, if it did.
pub(crate) fn limit_error(
    sb: &Sandbox,
    result: Result<&Value, &mlua::Error>,
    name: &str,
) -> Option<String> {
    let raised = result.err().map(|e| describe(e, name));
    let why = match sb.limits.exceeded() {
        Some(why) => why,
        None if result.is_err_and(sandbox::is_memory_error) => {
            let msg = sandbox::memory_message(&sb.limits);
            return Some(with_name(&msg, name));
        }
        None => return None,
    };
    // The error raised says where; a script may have replaced it on its way out (a __close).
    let stopped_at = sb.limits.stopped_at.lock().ok().and_then(|at| at.clone());
    Some(match (raised, stopped_at) {
        (Some(msg), _) if msg.contains(&why) => msg,
        (_, Some(place)) if !place.is_empty() => format!("{place}: {why}"),
        _ => format!("{name}: {why}"),
    })
}

fn with_name(line: &str, name: &str) -> String {
    if line.starts_with(name) {
        line.to_string()
    } else {
        format!("{name}: {line}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TB: &str = "\t[C]: in ?\n\t[C]: in function 'error'\n\tsandbox:12: in function 'pcall'\n\tscripts/x.lua:3: in upvalue 'helper'\n\tscripts/x.lua:7: in function <scripts/x.lua:6>\n\t(...tail calls...)";

    #[test]
    fn frames_skip_c_and_the_sandbox() {
        let (f, called) = frames(TB);
        assert_eq!(
            f,
            [
                Frame {
                    src: "scripts/x.lua",
                    line: 3,
                    function: "function helper".into()
                },
                Frame {
                    src: "scripts/x.lua",
                    line: 7,
                    function: "function <scripts/x.lua:6>".into()
                }
            ]
        );
        assert_eq!(called, Some("error"));
    }

    #[test]
    fn a_message_is_placed_at_the_frame_it_names() {
        let e = |m: &str| mlua::Error::RuntimeError(format!("{m}\nstack traceback:\n{TB}"));
        assert_eq!(
            describe(&e("scripts/x.lua:7: boom"), "scripts/x.lua"),
            "scripts/x.lua:7 in function <scripts/x.lua:6>: boom"
        );
        assert_eq!(
            describe(&e("no place"), "scripts/x.lua"),
            "scripts/x.lua:3 in function helper: no place"
        );
        assert_eq!(
            describe(
                &e("scripts/x.lua:3 in function helper: named"),
                "scripts/x.lua"
            ),
            "scripts/x.lua:3 in function helper: named"
        );
        assert_eq!(
            describe(&mlua::Error::RuntimeError("bare".into()), "scripts/x.lua"),
            "scripts/x.lua: bare"
        );
    }

    #[test]
    fn the_line_of_a_report() {
        assert_eq!(line_of("scripts/x.lua:12: oops"), 12);
        assert_eq!(line_of("scripts/x.lua:12 in main chunk: oops"), 12);
        assert_eq!(line_of("scripts/x.lua: oops"), 0);
    }
}
