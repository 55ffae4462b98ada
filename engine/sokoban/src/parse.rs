//! Text formats: standard XSB (classic rules) and the NetHack screen-like grid.

use crate::puzzle::{Cell, Puzzle, Rules};
use anyhow::{bail, Context, Result};

/// One level's map lines plus the title found around it.
struct Block {
    title: Option<String>,
    lines: Vec<String>,
}

fn metadata(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once(':')?;
    let key = key.trim();
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_alphabetic())).then_some((key, value.trim()))
}

/// Splits a file into level blocks: map lines separated by blank, comment (`;`) or `Key: value` lines.
/// A block's title is a `Title:` line around it or else the last `;` comment before it.
fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut comment: Option<String> = None;
    let mut current: Option<Block> = None;
    for raw in text.lines() {
        let line = raw.trim_end_matches(['\r', '\n']);
        let is_blank = line.trim().is_empty();
        let is_comment = line.trim_start().starts_with(';');
        let meta = if is_blank || is_comment {
            None
        } else {
            metadata(line)
        };
        if !is_blank && !is_comment && meta.is_none() {
            let block = current.get_or_insert_with(|| Block {
                title: comment.take(),
                lines: Vec::new(),
            });
            block.lines.push(line.to_string());
            continue;
        }
        if let Some((key, value)) = meta {
            if key.eq_ignore_ascii_case("title") {
                // A title line belongs to the block just read, or to the next one.
                match (current.as_mut(), out.last_mut()) {
                    (Some(b), _) => b.title = Some(value.to_string()),
                    (None, Some(prev)) if prev.title.is_none() => {
                        prev.title = Some(value.to_string())
                    }
                    _ => comment = Some(value.to_string()),
                }
            }
            continue;
        }
        if let Some(b) = current.take() {
            out.push(b);
        }
        if is_comment {
            let text = line.trim_start().trim_start_matches(';').trim();
            if !text.is_empty() {
                comment = Some(text.to_string());
            }
        }
    }
    out.extend(current);
    out
}

fn looks_like_nethack(lines: &[String]) -> bool {
    lines.iter().any(|l| l.contains(['|', '0', '^', '<', '>']))
}

/// Parses every level in `text`, detecting the format of each block.
pub fn parse_levels(text: &str) -> Result<Vec<Puzzle>> {
    let mut out = Vec::new();
    for (n, block) in blocks(text).into_iter().enumerate() {
        let title = block
            .title
            .clone()
            .unwrap_or_else(|| format!("level {}", n + 1));
        let puzzle = if looks_like_nethack(&block.lines) {
            parse_nethack_lines(&title, &block.lines)
        } else {
            parse_xsb_lines(&title, &block.lines)
        }
        .with_context(|| format!("parsing level {} ({title})", n + 1))?;
        out.push(puzzle);
    }
    if out.is_empty() {
        bail!("no level found");
    }
    Ok(out)
}

struct Grid {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    boulders: Vec<usize>,
    targets: Vec<usize>,
    blocked: Vec<usize>,
    player: Option<usize>,
    arrival: Option<usize>,
}

fn grid(
    lines: &[String],
    mut classify: impl FnMut(char, usize, &mut Grid) -> Result<Cell>,
) -> Result<Grid> {
    let width = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let height = lines.len();
    // Before the grid is allocated: its size is the product.
    crate::puzzle::check_size(width, height)?;
    let mut g = Grid {
        width,
        height,
        cells: vec![Cell::Wall; width * height],
        boulders: Vec::new(),
        targets: Vec::new(),
        blocked: Vec::new(),
        player: None,
        arrival: None,
    };
    for (y, line) in lines.iter().enumerate() {
        for (x, ch) in line.chars().enumerate() {
            let i = y * width + x;
            let cell =
                classify(ch, i, &mut g).with_context(|| format!("at column {x}, row {y}"))?;
            g.cells[i] = cell;
        }
    }
    Ok(g)
}

fn set_player(g: &mut Grid, i: usize) -> Result<()> {
    if g.player.replace(i).is_some() {
        bail!("more than one player");
    }
    Ok(())
}

/// Parses one XSB level (`#` wall, `$` box, `.` goal, `@` player, `*` box on goal,
/// `+` player on goal, space / `-` / `_` floor). Squares outside the walls stay floor
/// but are unreachable, which is harmless.
pub fn parse_xsb(title: &str, text: &str) -> Result<Puzzle> {
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    parse_xsb_lines(title, &lines)
}

fn parse_xsb_lines(title: &str, lines: &[String]) -> Result<Puzzle> {
    let g = grid(lines, |ch, i, g| {
        Ok(match ch {
            '#' => Cell::Wall,
            ' ' | '-' | '_' => Cell::Floor,
            '.' => {
                g.targets.push(i);
                Cell::Floor
            }
            '$' => {
                g.boulders.push(i);
                Cell::Floor
            }
            '*' => {
                g.boulders.push(i);
                g.targets.push(i);
                Cell::Floor
            }
            '@' => {
                set_player(g, i)?;
                Cell::Floor
            }
            '+' => {
                set_player(g, i)?;
                g.targets.push(i);
                Cell::Floor
            }
            other => bail!("unexpected XSB character {other:?}"),
        })
    })?;
    let player = g.player.context("XSB level has no player '@'")?;
    finish(title, Rules::Classic, g, player)
}

/// Parses a NetHack-style grid: `0` boulder, `^` hole/pit, `<` and `*` targets, `>` stairs
/// (the arrival square when `@` is absent), `@` player, `+` door, `|` `-` and blanks walls,
/// `.` `#` and item glyphs floor, letters monsters (floor, blocked for now).
pub fn parse_nethack(title: &str, text: &str) -> Result<Puzzle> {
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with(';') && metadata(l).is_none())
        .map(str::to_string)
        .collect();
    parse_nethack_lines(title, &lines)
}

fn parse_nethack_lines(title: &str, lines: &[String]) -> Result<Puzzle> {
    let g = grid(lines, |ch, i, g| {
        Ok(match ch {
            ' ' | '|' | '-' => Cell::Wall,
            '+' => Cell::Door,
            '^' => Cell::Hole,
            '0' | '`' => {
                g.boulders.push(i);
                Cell::Floor
            }
            '<' | '*' => {
                g.targets.push(i);
                Cell::Floor
            }
            '>' => {
                g.arrival = Some(i);
                Cell::Floor
            }
            '@' => {
                set_player(g, i)?;
                Cell::Floor
            }
            c if c.is_ascii_alphabetic() || c == '&' || c == ':' || c == ';' || c == '\'' => {
                g.blocked.push(i);
                Cell::Floor
            }
            c if c.is_ascii_graphic() => Cell::Floor,
            other => bail!("unexpected NetHack map character {other:?}"),
        })
    })?;
    let player = g
        .player
        .or(g.arrival)
        .context("NetHack map has neither '@' nor '>'")?;
    finish(title, Rules::NetHack, g, player)
}

fn finish(title: &str, rules: Rules, g: Grid, player: usize) -> Result<Puzzle> {
    let puzzle = Puzzle {
        title: title.to_string(),
        rules,
        width: g.width,
        height: g.height,
        cells: g.cells,
        boulders: g.boulders,
        player,
        targets: g.targets,
        blocked: g.blocked,
    };
    puzzle.validate()?;
    Ok(puzzle)
}
