//! The string functions the sandbox replaces: `find`, `match`, `gmatch`, `gsub` and `rep`.
//!
//! Lua's C matcher backtracks without ever reaching the instruction hook, so one
//! `string.find(("a"):rep(40), ("a*"):rep(40) .. "b")` ran for good. This is a port of Lua 5.4's
//! matcher (lstrlib.c, MIT licence) with the same results, where every step is charged to the
//! call's budget: a pattern costs what it costs, and an expensive one stops at the budget like a
//! loop would. Rust-built results (`gsub`, `rep`) are capped at [`STRING_LIMIT`] because they are
//! built outside Lua's memory accounting; `rep` also no longer loops `n` times over empty strings.

use super::limits::{lua_error, Limits, Nesting};
use mlua::{Function, Lua, LuaString, MultiValue, Result, Table, Value};
use std::sync::{Arc, Mutex};

/// Largest string `string.rep` and `string.gsub` build.
pub const STRING_LIMIT: usize = 1 << 20;
const MAXCAPTURES: usize = 32;
/// Lua's bound on the matcher's recursion (each `*`, `-`, `?` or capture nests one level).
const MAXCCALLS: u32 = 200;
const CAP_UNFINISHED: isize = -1;
const CAP_POSITION: isize = -2;
/// Matcher steps paid to the budget at once.
const STEPS_PER_CHARGE: i64 = 1024;

/// Installs the metered functions in the state's `string` table (which strings' `__index` also
/// reaches) and drops `string.dump` (bytecode is of no use without `load`).
pub(crate) fn install(lua: &Lua, string: &Table, limits: &Arc<Limits>) -> Result<()> {
    let l = limits.clone();
    string.set(
        "find",
        lua.create_function(move |lua, args: MultiValue| find_aux(lua, &l, &args, true))?,
    )?;
    let l = limits.clone();
    string.set(
        "match",
        lua.create_function(move |lua, args: MultiValue| find_aux(lua, &l, &args, false))?,
    )?;
    let l = limits.clone();
    string.set(
        "gmatch",
        lua.create_function(move |lua, args: MultiValue| gmatch(lua, &l, &args))?,
    )?;
    let l = limits.clone();
    string.set(
        "gsub",
        lua.create_function(move |lua, args: MultiValue| gsub(lua, &l, &args))?,
    )?;
    string.set(
        "rep",
        lua.create_function(|lua, args: MultiValue| rep(lua, &args))?,
    )?;
    string.set("dump", Value::Nil)
}

fn bad_arg(lua: &Lua, n: usize, fname: &str, msg: &str) -> mlua::Error {
    lua_error(lua, format!("bad argument #{n} to '{fname}' ({msg})"))
}

fn arg(args: &MultiValue, i: usize) -> Value {
    args.get(i).cloned().unwrap_or(Value::Nil)
}

fn check_str(lua: &Lua, args: &MultiValue, i: usize, fname: &str) -> Result<LuaString> {
    let v = arg(args, i);
    let ty = v.type_name();
    lua.coerce_string(v)?
        .ok_or_else(|| bad_arg(lua, i + 1, fname, &format!("string expected, got {ty}")))
}

fn opt_int(lua: &Lua, args: &MultiValue, i: usize, fname: &str, default: i64) -> Result<i64> {
    match arg(args, i) {
        Value::Nil => Ok(default),
        v => {
            let ty = v.type_name();
            let is_number = matches!(v, Value::Number(_));
            lua.coerce_integer(v)?.ok_or_else(|| {
                let msg = if is_number {
                    "number has no integer representation".to_string()
                } else {
                    format!("number expected, got {ty}")
                };
                bad_arg(lua, i + 1, fname, &msg)
            })
        }
    }
}

/// A 1-based, possibly negative string position made 1-based and positive (`posrelatI`).
fn posrelat(pos: i64, len: usize) -> usize {
    if pos > 0 {
        pos as usize
    } else if pos == 0 || pos.unsigned_abs() as usize > len {
        1
    } else {
        len - pos.unsigned_abs() as usize + 1
    }
}

/// Pays matcher steps to the call's budget in batches.
struct Meter<'a> {
    limits: &'a Limits,
    pending: i64,
}

impl Meter<'_> {
    fn step(&mut self, n: i64) -> std::result::Result<(), String> {
        self.pending += n;
        if self.pending >= STEPS_PER_CHARGE {
            self.flush()?;
        }
        Ok(())
    }
    fn flush(&mut self) -> std::result::Result<(), String> {
        let n = std::mem::take(&mut self.pending);
        self.limits.charge(n)
    }
}

type Steps<T> = std::result::Result<T, String>;

/// One capture: a substring or a position.
enum Capture {
    Str(usize, usize),
    Pos(usize),
}

/// `MatchState` of lstrlib.c; positions are byte offsets into `src` and `pat`.
struct Matcher<'a> {
    src: &'a [u8],
    pat: &'a [u8],
    depth: u32,
    level: usize,
    caps: [(usize, isize); MAXCAPTURES],
    meter: Meter<'a>,
}

/// The byte at `i`, or 0 past the end (C reads the string's terminating NUL there).
fn at(s: &[u8], i: usize) -> u8 {
    s.get(i).copied().unwrap_or(0)
}

/// `match_class`: C-locale character classes (`%a`, `%d`, ...; upper case negates).
fn match_class(c: u8, cl: u8) -> bool {
    let res = match cl.to_ascii_lowercase() {
        b'a' => c.is_ascii_alphabetic(),
        b'c' => c.is_ascii_control(),
        b'd' => c.is_ascii_digit(),
        b'g' => c.is_ascii_graphic(),
        b'l' => c.is_ascii_lowercase(),
        b'p' => c.is_ascii_punctuation(),
        b's' => matches!(c, b' ' | 9..=13),
        b'u' => c.is_ascii_uppercase(),
        b'w' => c.is_ascii_alphanumeric(),
        b'x' => c.is_ascii_hexdigit(),
        b'z' => c == 0,
        _ => return cl == c,
    };
    if cl.is_ascii_lowercase() {
        res
    } else {
        !res
    }
}

impl<'a> Matcher<'a> {
    fn new(src: &'a [u8], pat: &'a [u8], limits: &'a Limits) -> Self {
        Matcher {
            src,
            pat,
            depth: MAXCCALLS,
            level: 0,
            caps: [(0, 0); MAXCAPTURES],
            meter: Meter { limits, pending: 0 },
        }
    }

    fn reprep(&mut self) {
        self.depth = MAXCCALLS;
        self.level = 0;
    }

    fn p(&self, i: usize) -> u8 {
        at(self.pat, i)
    }

    fn class_end(&self, mut p: usize) -> Steps<usize> {
        let c = self.p(p);
        p += 1;
        match c {
            b'%' => {
                if p >= self.pat.len() {
                    return Err("malformed pattern (ends with '%')".into());
                }
                Ok(p + 1)
            }
            b'[' => {
                if self.p(p) == b'^' {
                    p += 1;
                }
                loop {
                    if p >= self.pat.len() {
                        return Err("malformed pattern (missing ']')".into());
                    }
                    let c = self.p(p);
                    p += 1;
                    if c == b'%' && p < self.pat.len() {
                        p += 1;
                    }
                    if self.p(p) == b']' {
                        return Ok(p + 1);
                    }
                }
            }
            _ => Ok(p),
        }
    }

    /// `[set]` from `p` (its `[`) to `ec` (its `]`).
    fn match_bracket_class(&self, c: u8, mut p: usize, ec: usize) -> bool {
        let mut sig = true;
        if self.p(p + 1) == b'^' {
            sig = false;
            p += 1;
        }
        loop {
            p += 1;
            if p >= ec {
                return !sig;
            }
            if self.p(p) == b'%' {
                p += 1;
                if match_class(c, self.p(p)) {
                    return sig;
                }
            } else if self.p(p + 1) == b'-' && p + 2 < ec {
                p += 2;
                if self.p(p - 2) <= c && c <= self.p(p) {
                    return sig;
                }
            } else if self.p(p) == c {
                return sig;
            }
        }
    }

    fn single_match(&self, s: usize, p: usize, ep: usize) -> bool {
        if s >= self.src.len() {
            return false;
        }
        let c = self.src[s];
        match self.p(p) {
            b'.' => true,
            b'%' => match_class(c, self.p(p + 1)),
            b'[' => self.match_bracket_class(c, p, ep - 1),
            pc => pc == c,
        }
    }

    fn match_balance(&mut self, s: usize, p: usize) -> Steps<Option<usize>> {
        if p + 1 >= self.pat.len() {
            return Err("malformed pattern (missing arguments to '%b')".into());
        }
        if at(self.src, s) != self.p(p) {
            return Ok(None);
        }
        let (b, e) = (self.p(p), self.p(p + 1));
        let mut cont = 1;
        let mut s = s;
        while s + 1 < self.src.len() {
            s += 1;
            self.meter.step(1)?;
            let c = self.src[s];
            if c == e {
                cont -= 1;
                if cont == 0 {
                    return Ok(Some(s + 1));
                }
            } else if c == b {
                cont += 1;
            }
        }
        Ok(None)
    }

    fn max_expand(&mut self, s: usize, p: usize, ep: usize) -> Steps<Option<usize>> {
        let mut i = 0;
        while self.single_match(s + i, p, ep) {
            self.meter.step(1)?;
            i += 1;
        }
        loop {
            if let Some(res) = self.do_match(s + i, ep + 1)? {
                return Ok(Some(res));
            }
            if i == 0 {
                return Ok(None);
            }
            i -= 1;
        }
    }

    fn min_expand(&mut self, mut s: usize, p: usize, ep: usize) -> Steps<Option<usize>> {
        loop {
            if let Some(res) = self.do_match(s, ep + 1)? {
                return Ok(Some(res));
            }
            if !self.single_match(s, p, ep) {
                return Ok(None);
            }
            s += 1;
        }
    }

    fn start_capture(&mut self, s: usize, p: usize, what: isize) -> Steps<Option<usize>> {
        if self.level >= MAXCAPTURES {
            return Err("too many captures".into());
        }
        self.caps[self.level] = (s, what);
        self.level += 1;
        let res = self.do_match(s, p)?;
        if res.is_none() {
            self.level -= 1;
        }
        Ok(res)
    }

    fn end_capture(&mut self, s: usize, p: usize) -> Steps<Option<usize>> {
        let l = (0..self.level)
            .rev()
            .find(|&l| self.caps[l].1 == CAP_UNFINISHED)
            .ok_or("invalid pattern capture")?;
        self.caps[l].1 = (s - self.caps[l].0) as isize;
        let res = self.do_match(s, p)?;
        if res.is_none() {
            self.caps[l].1 = CAP_UNFINISHED;
        }
        Ok(res)
    }

    fn check_capture(&self, l: u8) -> Steps<usize> {
        let l = l as isize - b'1' as isize;
        if l < 0 || l as usize >= self.level || self.caps[l as usize].1 == CAP_UNFINISHED {
            return Err(format!("invalid capture index %{}", l + 1));
        }
        Ok(l as usize)
    }

    fn match_capture(&mut self, s: usize, l: u8) -> Steps<Option<usize>> {
        let l = self.check_capture(l)?;
        let (init, len) = self.caps[l];
        // A position capture has no text: as in C (its length is a huge size_t), no match.
        if len < 0 {
            return Ok(None);
        }
        let len = len as usize;
        self.meter.step(1 + len as i64 / 64)?;
        if self.src.len() - s >= len && self.src[init..init + len] == self.src[s..s + len] {
            Ok(Some(s + len))
        } else {
            Ok(None)
        }
    }

    /// `match` of lstrlib.c: the end of the match of `pat[p..]` at `src[s..]`, if any.
    fn do_match(&mut self, mut s: usize, mut p: usize) -> Steps<Option<usize>> {
        if self.depth == 0 {
            return Err("pattern too complex".into());
        }
        self.depth -= 1;
        self.meter.step(1)?;
        let res = loop {
            if p == self.pat.len() {
                break Some(s);
            }
            let c = self.p(p);
            if c == b'(' {
                break if self.p(p + 1) == b')' {
                    self.start_capture(s, p + 2, CAP_POSITION)?
                } else {
                    self.start_capture(s, p + 1, CAP_UNFINISHED)?
                };
            } else if c == b')' {
                break self.end_capture(s, p + 1)?;
            } else if c == b'$' && p + 1 == self.pat.len() {
                break (s == self.src.len()).then_some(s);
            } else if c == b'%' && self.p(p + 1) == b'b' {
                match self.match_balance(s, p + 2)? {
                    Some(e) => {
                        s = e;
                        p += 4;
                        continue;
                    }
                    None => break None,
                }
            } else if c == b'%' && self.p(p + 1) == b'f' {
                p += 2;
                if self.p(p) != b'[' {
                    return Err("missing '[' after '%f' in pattern".into());
                }
                let ep = self.class_end(p)?;
                let previous = if s == 0 { 0 } else { self.src[s - 1] };
                if !self.match_bracket_class(previous, p, ep - 1)
                    && self.match_bracket_class(at(self.src, s), p, ep - 1)
                {
                    p = ep;
                    continue;
                }
                break None;
            } else if c == b'%' && self.p(p + 1).is_ascii_digit() {
                match self.match_capture(s, self.p(p + 1))? {
                    Some(e) => {
                        s = e;
                        p += 2;
                        continue;
                    }
                    None => break None,
                }
            }
            // A single-char class with an optional suffix.
            let ep = self.class_end(p)?;
            let suffix = self.p(ep);
            if !self.single_match(s, p, ep) {
                if matches!(suffix, b'*' | b'?' | b'-') {
                    p = ep + 1;
                    continue;
                }
                break None;
            }
            match suffix {
                b'?' => match self.do_match(s + 1, ep + 1)? {
                    Some(e) => break Some(e),
                    None => {
                        p = ep + 1;
                        continue;
                    }
                },
                b'+' => break self.max_expand(s + 1, p, ep)?,
                b'*' => break self.max_expand(s, p, ep)?,
                b'-' => break self.min_expand(s, p, ep)?,
                _ => {
                    s += 1;
                    p = ep;
                }
            }
        };
        self.depth += 1;
        Ok(res)
    }

    fn capture(&self, i: usize, s: usize, e: usize) -> Steps<Capture> {
        if i >= self.level {
            if i != 0 {
                return Err(format!("invalid capture index %{}", i + 1));
            }
            return Ok(Capture::Str(s, e));
        }
        let (init, len) = self.caps[i];
        match len {
            CAP_UNFINISHED => Err("unfinished capture".into()),
            CAP_POSITION => Ok(Capture::Pos(init + 1)),
            len => Ok(Capture::Str(init, init + len as usize)),
        }
    }

    fn capture_value(&self, lua: &Lua, i: usize, s: usize, e: usize) -> Result<Value> {
        match self.capture(i, s, e).map_err(|m| lua_error(lua, m))? {
            Capture::Str(a, b) => Ok(Value::String(lua.create_string(&self.src[a..b])?)),
            Capture::Pos(n) => Ok(Value::Integer(n as i64)),
        }
    }

    /// The captures (or the whole match when there are none and `whole` is set).
    fn captures(&self, lua: &Lua, s: usize, e: usize, whole: bool) -> Result<Vec<Value>> {
        let n = if self.level == 0 && whole {
            1
        } else {
            self.level
        };
        (0..n).map(|i| self.capture_value(lua, i, s, e)).collect()
    }
}

/// True when the pattern has no magic characters (then `find` searches plainly).
fn no_specials(p: &[u8]) -> bool {
    !p.iter().any(|c| b"^$*+?.([%-".contains(c))
}

fn plain_find(hay: &[u8], needle: &[u8], meter: &mut Meter) -> Steps<Option<usize>> {
    if needle.is_empty() {
        return Ok(Some(0));
    }
    if needle.len() > hay.len() {
        return Ok(None);
    }
    let last = hay.len() - needle.len();
    let mut i = 0;
    while i <= last {
        let Some(off) = hay[i..=last].iter().position(|&b| b == needle[0]) else {
            return Ok(None);
        };
        i += off;
        meter.step(1 + (off + needle.len()) as i64 / 64)?;
        if hay[i..i + needle.len()] == *needle {
            return Ok(Some(i));
        }
        i += 1;
    }
    Ok(None)
}

/// `string.find` (`find`) and `string.match`.
fn find_aux(lua: &Lua, limits: &Limits, args: &MultiValue, find: bool) -> Result<MultiValue> {
    let fname = if find { "find" } else { "match" };
    let s = check_str(lua, args, 0, fname)?;
    let p = check_str(lua, args, 1, fname)?;
    let (src, pat) = (s.as_bytes(), p.as_bytes());
    let init = posrelat(opt_int(lua, args, 2, fname, 1)?, src.len()) - 1;
    if init > src.len() {
        return Ok(MultiValue::from(vec![Value::Nil]));
    }
    let fail = |m: String| lua_error(lua, format!("{fname}: {m}"));
    if find && (arg(args, 3).as_boolean().unwrap_or(!arg(args, 3).is_nil()) || no_specials(&pat)) {
        let mut meter = Meter { limits, pending: 0 };
        let found = plain_find(&src[init..], &pat, &mut meter).map_err(fail)?;
        meter.flush().map_err(fail)?;
        return Ok(match found {
            Some(i) => MultiValue::from(vec![
                Value::Integer((init + i + 1) as i64),
                Value::Integer((init + i + pat.len()) as i64),
            ]),
            None => MultiValue::from(vec![Value::Nil]),
        });
    }
    let anchor = pat.first() == Some(&b'^');
    let body = if anchor { &pat[1..] } else { &pat[..] };
    let mut m = Matcher::new(&src, body, limits);
    let mut s1 = init;
    loop {
        m.reprep();
        if let Some(e) = m.do_match(s1, 0).map_err(fail)? {
            m.meter.flush().map_err(fail)?;
            let mut out = Vec::new();
            if find {
                out.push(Value::Integer((s1 + 1) as i64));
                out.push(Value::Integer(e as i64));
            }
            out.extend(m.captures(lua, s1, e, !find)?);
            return Ok(MultiValue::from(out));
        }
        if s1 >= src.len() || anchor {
            break;
        }
        s1 += 1;
    }
    m.meter.flush().map_err(fail)?;
    Ok(MultiValue::from(vec![Value::Nil]))
}

/// `string.gmatch`: an iterator over the matches (a `^` is a plain character here, as in Lua).
fn gmatch(lua: &Lua, limits: &Arc<Limits>, args: &MultiValue) -> Result<Function> {
    let s = check_str(lua, args, 0, "gmatch")?;
    let p = check_str(lua, args, 1, "gmatch")?;
    let len = s.as_bytes().len();
    let init = posrelat(opt_int(lua, args, 2, "gmatch", 1)?, len) - 1;
    // Where to look next, and the end of the last match (an empty match there is skipped).
    let pos = Mutex::new((init.min(len + 1), None::<usize>));
    let limits = limits.clone();
    lua.create_function(move |lua, ()| {
        let (src, pat) = (s.as_bytes(), p.as_bytes());
        let mut pos = pos.lock().map_err(|_| lua_error(lua, "gmatch: poisoned"))?;
        let mut m = Matcher::new(&src, &pat, &limits);
        let fail = |msg: String| lua_error(lua, format!("gmatch: {msg}"));
        let mut start = pos.0;
        while start <= src.len() {
            m.reprep();
            if let Some(e) = m.do_match(start, 0).map_err(fail)? {
                if Some(e) != pos.1 {
                    *pos = (e, Some(e));
                    m.meter.flush().map_err(fail)?;
                    return Ok(MultiValue::from(m.captures(lua, start, e, true)?));
                }
            }
            start += 1;
        }
        pos.0 = start;
        m.meter.flush().map_err(fail)?;
        Ok(MultiValue::new())
    })
}

/// Appends to a Rust-side result, refusing to pass [`STRING_LIMIT`].
fn push(lua: &Lua, out: &mut Vec<u8>, bytes: &[u8], fname: &str) -> Result<()> {
    if out.len() + bytes.len() > STRING_LIMIT {
        return Err(lua_error(
            lua,
            format!(
                "{fname}: the result would pass {} MiB (the sandbox's string limit)",
                STRING_LIMIT >> 20
            ),
        ));
    }
    out.extend_from_slice(bytes);
    Ok(())
}

/// `string.gsub`.
fn gsub(lua: &Lua, limits: &Limits, args: &MultiValue) -> Result<MultiValue> {
    let s = check_str(lua, args, 0, "gsub")?;
    let p = check_str(lua, args, 1, "gsub")?;
    let repl = arg(args, 2);
    let repl_text = match &repl {
        Value::String(_) | Value::Integer(_) | Value::Number(_) => {
            lua.coerce_string(repl.clone())?
        }
        Value::Table(_) | Value::Function(_) => None,
        other => {
            let msg = format!("string/function/table expected, got {}", other.type_name());
            return Err(bad_arg(lua, 3, "gsub", &msg));
        }
    };
    let (src, pat) = (s.as_bytes(), p.as_bytes());
    let max_n = opt_int(lua, args, 3, "gsub", src.len() as i64 + 1)?;
    let anchor = pat.first() == Some(&b'^');
    let body = if anchor { &pat[1..] } else { &pat[..] };
    let mut m = Matcher::new(&src, body, limits);
    let fail = |msg: String| lua_error(lua, format!("gsub: {msg}"));
    let mut out = Vec::new();
    let (mut at_src, mut last, mut n, mut changed) = (0usize, None::<usize>, 0i64, false);
    while n < max_n {
        m.reprep();
        match m.do_match(at_src, 0).map_err(fail)? {
            Some(e) if Some(e) != last => {
                n += 1;
                changed |= add_value(lua, &m, &mut out, at_src, e, &repl, repl_text.as_ref())?;
                at_src = e;
                last = Some(e);
            }
            _ if at_src < src.len() => {
                push(lua, &mut out, &src[at_src..at_src + 1], "gsub")?;
                at_src += 1;
            }
            _ => break,
        }
        if anchor {
            break;
        }
    }
    m.meter.flush().map_err(fail)?;
    let result = if changed {
        push(lua, &mut out, &src[at_src..], "gsub")?;
        Value::String(lua.create_string(&out)?)
    } else {
        Value::String(s.clone())
    };
    Ok(MultiValue::from(vec![result, Value::Integer(n)]))
}

/// Adds the replacement of the match `src[s..e]`; false when the text stays as it was.
fn add_value(
    lua: &Lua,
    m: &Matcher,
    out: &mut Vec<u8>,
    s: usize,
    e: usize,
    repl: &Value,
    text: Option<&LuaString>,
) -> Result<bool> {
    let nest = || Nesting::enter(m.meter.limits, "gsub").map_err(|e| lua_error(lua, e));
    let value = match repl {
        Value::Function(f) => {
            let _nest = nest()?;
            f.call::<Value>(MultiValue::from(m.captures(lua, s, e, true)?))?
        }
        Value::Table(t) => {
            let _nest = nest()?;
            t.get::<Value>(m.capture_value(lua, 0, s, e)?)?
        }
        _ => {
            let text = text.map(|t| t.as_bytes());
            add_s(lua, m, out, s, e, text.as_deref().unwrap_or_default())?;
            return Ok(true);
        }
    };
    match value {
        Value::Nil | Value::Boolean(false) => {
            push(lua, out, &m.src[s..e], "gsub")?;
            Ok(false)
        }
        v @ (Value::String(_) | Value::Integer(_) | Value::Number(_)) => {
            let text = lua.coerce_string(v)?.expect("a string or a number");
            push(lua, out, &text.as_bytes(), "gsub")?;
            Ok(true)
        }
        other => Err(lua_error(
            lua,
            format!("invalid replacement value (a {})", other.type_name()),
        )),
    }
}

/// A replacement string with `%0`-`%9` and `%%`.
fn add_s(lua: &Lua, m: &Matcher, out: &mut Vec<u8>, s: usize, e: usize, repl: &[u8]) -> Result<()> {
    let mut i = 0;
    while let Some(off) = repl[i..].iter().position(|&c| c == b'%') {
        push(lua, out, &repl[i..i + off], "gsub")?;
        let c = at(repl, i + off + 1);
        match c {
            b'%' => push(lua, out, b"%", "gsub")?,
            b'0' => push(lua, out, &m.src[s..e], "gsub")?,
            b'1'..=b'9' => {
                match m
                    .capture((c - b'1') as usize, s, e)
                    .map_err(|msg| lua_error(lua, msg))?
                {
                    Capture::Str(a, b) => push(lua, out, &m.src[a..b], "gsub")?,
                    Capture::Pos(n) => push(lua, out, n.to_string().as_bytes(), "gsub")?,
                }
            }
            _ => return Err(lua_error(lua, "invalid use of '%' in replacement string")),
        }
        i += off + 2;
    }
    push(lua, out, &repl[i..], "gsub")
}

/// `string.rep`, capped at [`STRING_LIMIT`]; empty pieces cost nothing (C looped `n` times).
fn rep(lua: &Lua, args: &MultiValue) -> Result<LuaString> {
    let s = check_str(lua, args, 0, "rep")?;
    let n = match arg(args, 1) {
        Value::Nil => return Err(bad_arg(lua, 2, "rep", "number expected, got no value")),
        _ => opt_int(lua, args, 1, "rep", 0)?,
    };
    let sep = match arg(args, 2) {
        Value::Nil => None,
        _ => Some(check_str(lua, args, 2, "rep")?),
    };
    let (s, sep) = (s.as_bytes(), sep.as_ref().map(|t| t.as_bytes()));
    let sep: &[u8] = sep.as_deref().unwrap_or_default();
    if n <= 0 {
        return lua.create_string("");
    }
    let total = (n as u128) * s.len() as u128 + (n as u128 - 1) * sep.len() as u128;
    if total > STRING_LIMIT as u128 {
        return Err(lua_error(
            lua,
            format!(
                "string.rep: the result would be {total} bytes, over the sandbox's {} MiB limit",
                STRING_LIMIT >> 20
            ),
        ));
    }
    let mut out = Vec::with_capacity(total as usize);
    if total > 0 {
        for i in 0..n {
            if i > 0 {
                out.extend_from_slice(sep);
            }
            out.extend_from_slice(&s);
        }
    }
    lua.create_string(&out)
}

#[cfg(test)]
mod tests {
    //! The port against C Lua's own string library: same results, same failures.
    use super::*;

    /// Every pattern function on `(s, p, init)`, results written out (errors as ERR).
    const PROBE: &str = r#"
local function ser(...)
  local out = {}
  for i = 1, select('#', ...) do
    local v = select(i, ...)
    out[i] = type(v) .. ':' .. tostring(v)
  end
  return table.concat(out, ',')
end
local function try(name, f)
  local ok, r = pcall(f)
  return name .. '=' .. (ok and r or 'ERR')
end
return function(s, p, init)
  local r = {}
  r[#r + 1] = try('find', function() return ser(string.find(s, p, init)) end)
  r[#r + 1] = try('plain', function() return ser(string.find(s, p, init, true)) end)
  r[#r + 1] = try('match', function() return ser(string.match(s, p, init)) end)
  r[#r + 1] = try('gmatch', function()
    local all = {}
    for a, b in string.gmatch(s, p, init) do
      all[#all + 1] = ser(a, b)
      if #all > 50 then break end
    end
    return table.concat(all, ';')
  end)
  r[#r + 1] = try('gsub0', function() return ser(string.gsub(s, p, '<%0>')) end)
  r[#r + 1] = try('gsub1', function() return ser(string.gsub(s, p, '[%1%%]', 2)) end)
  r[#r + 1] = try('gsubf', function() return ser(string.gsub(s, p, function(a, b) return b and a .. b or nil end)) end)
  r[#r + 1] = try('gsubt', function() return ser(string.gsub(s, p, {a = 'A', [1] = 'one', b = false})) end)
  return table.concat(r, ' | ')
end
"#;

    fn probe(lua: &Lua) -> Function {
        lua.load(PROBE).eval().expect("probe")
    }

    fn sandboxed() -> (Lua, Arc<Limits>) {
        let lua = Lua::new();
        let limits = Arc::new(Limits::new());
        install(&lua, &lua.globals().get("string").unwrap(), &limits).expect("install");
        (lua, limits)
    }

    fn compare(cases: &[(String, String, i64)]) {
        let c = Lua::new();
        let (ours, limits) = sandboxed();
        let (c_probe, our_probe) = (probe(&c), probe(&ours));
        let mut diffs = Vec::new();
        for (s, p, init) in cases {
            limits.arm();
            let want: String = c_probe.call((s.as_str(), p.as_str(), *init)).expect("C");
            let got: String = our_probe
                .call((s.as_str(), p.as_str(), *init))
                .expect("ours");
            if want != got {
                diffs.push(format!("{s:?} {p:?} {init}\n  C:    {want}\n  ours: {got}"));
            }
        }
        assert!(
            diffs.is_empty(),
            "{} differences:\n{}",
            diffs.len(),
            diffs[..diffs.len().min(10)].join("\n")
        );
    }

    #[test]
    fn written_patterns_match_c_lua() {
        let cases: Vec<(String, String, i64)> = [
            ("hello world", "o", 1),
            ("hello world", "o", 6),
            ("hello world", "o", -3),
            ("hello world", "l+", 1),
            ("hello world", "(l+)(o)", 1),
            ("hello world", "^(h)(.-)$", 1),
            ("hello world", "()ll()", 1),
            ("hello world", "%w+", 1),
            ("hello world", "%W", 1),
            ("key = value", "^(%w+)%s*=%s*(%w+)$", 1),
            ("  trim me  ", "^%s*(.-)%s*$", 1),
            ("f(a(b)c)d", "%b()", 1),
            ("THE (quick) fox", "%f[%a]%a+", 1),
            ("THE (quick) fox", "%f[%l]%a+", 1),
            ("abcabc", "(abc)%1", 1),
            ("abcabd", "(ab)(c)%2", 1),
            ("a.b-c", "[%.%-]", 1),
            ("a]b", "[]]", 1),
            ("a^b", "[a^]", 1),
            ("x1y22z333", "%d+", 1),
            ("x1y22z333", "[^%d]", 1),
            ("x1y22z333", "[1-2]+", 1),
            ("aaa", "a-", 1),
            ("aaa", "a-$", 1),
            ("aaa", "a?a?a?a", 1),
            ("", "", 1),
            ("", "x*", 1),
            ("abc", "", 2),
            ("abc", "", 10),
            ("abc", "$", 1),
            ("a$c", "$c", 1),
            ("a\0b", "%z", 1),
            ("a\0b", "\0", 1),
            ("tab\there\nnl\x0bvt", "%s+", 1),
            ("Ünïcödé", "[\u{80}-\u{ff}]+", 1),
            (
                "You see here 2 food rations.",
                "You see here (%d+) (.-)%.",
                1,
            ),
            ("f - a lichen corpse", "^(%a) %- (.*)$", 1),
            ("abc", "%", 1),
            ("abc", "[a", 1),
            ("abc", "(a", 1),
            ("abc", "a)", 1),
            ("abc", "%b", 1),
            ("abc", "%f", 1),
            ("abc", "%1", 1),
            ("abc", "(a)%2", 1),
            ("abc", "%g+", 1),
            ("a,b,,c", "([^,]*)", 1),
            ("one two  three", "(%S+)", 1),
            ("ab", "()", 1),
            ("ab", "(()b)", 1),
        ]
        .iter()
        .map(|(s, p, i)| (s.to_string(), p.to_string(), *i))
        .collect();
        compare(&cases);
    }

    #[test]
    fn random_patterns_match_c_lua() {
        const TOKENS: &[&str] = &[
            "a", "b", ".", "%a", "%d", "%s", "[ab]", "[^a]", "[a-c]", "(", ")", "()", "*", "+",
            "-", "?", "^", "$", "%b()", "%f[a]", "%f[%s]", "%1", "%2", "x", "%%", "%", "[", "]",
            "(a*)", "(.-)", "%w+", "1",
        ];
        const CHARS: &[u8] = b"aab(b)x1 c";
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let cases: Vec<(String, String, i64)> = (0..4000)
            .map(|_| {
                let p: String = (0..1 + next(6))
                    .map(|_| TOKENS[next(TOKENS.len())])
                    .collect();
                let s: String = (0..next(13))
                    .map(|_| CHARS[next(CHARS.len())] as char)
                    .collect();
                let init = next(16) as i64 - 5;
                (s, p, init)
            })
            .collect();
        compare(&cases);
    }

    #[test]
    fn rep_matches_c_lua_below_the_cap() {
        let c = Lua::new();
        let (ours, _) = sandboxed();
        for call in [
            "string.rep('ab', 3)",
            "string.rep('ab', 3, ', ')",
            "string.rep('ab', 0)",
            "string.rep('ab', -2, 'x')",
            "string.rep('', 5, '-')",
            "string.rep('x', 2.0)",
            "string.rep(12, 2)",
            "('z'):rep(4)",
            "pcall(string.rep, 'x', 2.5)",
            "pcall(string.rep, 'x')",
            "pcall(string.rep, {}, 1)",
        ] {
            let chunk = format!("return tostring(({call}))");
            let want: String = c.load(&chunk).eval().expect("C");
            let got: String = ours.load(&chunk).eval().expect("ours");
            assert_eq!(got, want, "{call}");
        }
    }
}
