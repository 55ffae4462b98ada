//! The game as a sequence of frames: send keys, wait for the next input wait, scrape the screen.
//! Dismisses `--More--` itself (collecting every message of the chain in order) and answers
//! prompts with the current action's expectations or the safe default policy.

use anyhow::{bail, Result};
use nhbot_game::{Game, Wait};
use nhbot_screen::{scrape, Frame, Prompt, Terminal};
use std::time::{Duration, Instant};

use crate::actions::{expand_position, Plan};
use crate::prompts::{default_answer, question, Answer};

/// At most this many screens while carrying out one action (prompts, --More--, menus): beyond it
/// the action is abandoned with ESCs, so a confused exchange never loops forever.
const MAX_EXCHANGES: usize = 64;

/// The same question asked more often than this in a row within one action is cancelled (ESC):
/// the game keeps refusing the answer.
const MAX_SAME_QUESTION: usize = 3;

/// After this many consecutive waits without an input request the game is given up on (the
/// engine never waits forever; the game is then saved or killed by the caller).
const MAX_TIMEOUTS: u32 = 3;

pub struct Session {
    pub game: Game,
    pub term: Terminal,
    pub frame: Frame,
    /// Messages seen since the last `take_messages`, in order.
    messages: Vec<String>,
    /// Inventory lines with shop prices ("unpaid") since the last `take_window_lines`: evidence
    /// for the knowledge base that is not a message.
    window_lines: Vec<String>,
    /// Warnings (unknown prompts, abandoned actions) since the last `take_warnings`.
    warnings: Vec<String>,
    buf: Vec<u8>,
    /// Set when the game process has ended.
    pub ended: bool,
    /// Key-level statistics.
    pub waits: u64,
    /// Consecutive waits that timed out.
    timeouts: u32,
    /// Called with every chunk of output (the live view mirrors the game's own drawing).
    pub on_output: Option<OutputHook>,
    /// Time spent sending keys and waiting for the game to ask for the next one.
    pub game_time: Duration,
    /// Time spent reading the game's output: terminal emulation and screen scraping.
    pub scrape_time: Duration,
    /// Close the inventory menu with the next keys sent instead of a round trip of its own
    /// (see [`Session::read_inventory`]). Off by default: a caller that looks at the screen
    /// after reading the inventory sees the map, as before.
    pub defer_menu_escape: bool,
    /// The ESC that closes the inventory menu, not sent yet: it goes first with the next keys.
    escape_pending: bool,
    /// The cursor (row, column) where the game last waited for a command: on the hero, where
    /// the tty leaves it and where a position prompt starts. Kept while no keys but the
    /// inventory's were sent since (reading it takes no game time and moves nothing); None
    /// once other keys went.
    command_cursor: Option<(u16, u16)>,
}

/// Receives every chunk of the game's output.
pub type OutputHook = Box<dyn FnMut(&[u8]) + Send>;

impl Session {
    pub fn new(game: Game) -> Session {
        Session {
            game,
            // Nothing the engine reads comes from the vt100 reference parser.
            term: Terminal::grid_only(),
            frame: Frame::default(),
            messages: Vec::new(),
            window_lines: Vec::new(),
            warnings: Vec::new(),
            buf: Vec::with_capacity(1 << 16),
            ended: false,
            waits: 0,
            timeouts: 0,
            on_output: None,
            game_time: Duration::ZERO,
            scrape_time: Duration::ZERO,
            defer_menu_escape: false,
            escape_pending: false,
            command_cursor: None,
        }
    }

    /// Waits for the game's first input request and settles (dismisses --More--).
    pub fn start(&mut self) -> Result<()> {
        self.wait_and_scrape()?;
        self.settle(&Plan {
            keys: String::new(),
            expect: Vec::new(),
        })
    }

    pub fn take_messages(&mut self) -> Vec<String> {
        std::mem::take(&mut self.messages)
    }
    pub fn take_window_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.window_lines)
    }
    pub fn warn(&mut self, w: String) {
        self.warnings.push(w);
    }
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// Sends raw keys and reads the resulting frame (no prompt handling).
    pub fn send_raw(&mut self, keys: &str) -> Result<()> {
        if self.ended {
            bail!("the game has ended");
        }
        let sent = Instant::now();
        self.command_cursor = None;
        if std::mem::take(&mut self.escape_pending) {
            // One write: the game reads the ESC (closing its menu) and then the keys, and the
            // screen after them is the one read; the screen in between was never looked at.
            let mut all = Vec::with_capacity(keys.len() + 1);
            all.push(0x1b);
            all.extend_from_slice(keys.as_bytes());
            self.game.send(&all)?;
        } else {
            self.game.send(keys.as_bytes())?;
        }
        self.game_time += sent.elapsed();
        self.wait_and_scrape()
    }

    fn wait_and_scrape(&mut self) -> Result<()> {
        self.buf.clear();
        let waited = Instant::now();
        let wait = self.game.wait(&mut self.buf)?;
        let scraped = Instant::now();
        self.game_time += scraped - waited;
        self.waits += 1;
        if let Some(cb) = self.on_output.as_mut() {
            cb(&self.buf);
        }
        self.term.feed(&self.buf);
        self.frame = scrape(self.term.screen());
        self.scrape_time += scraped.elapsed();
        match wait {
            Wait::Input => self.timeouts = 0,
            Wait::Exited => self.ended = true,
            Wait::Timeout => {
                self.timeouts += 1;
                self.warnings
                    .push("the game did not ask for input within the timeout".into());
                if self.timeouts >= MAX_TIMEOUTS {
                    bail!("the game stopped responding ({MAX_TIMEOUTS} waits in a row timed out)");
                }
            }
        }
        // Every new top line is new text: NetHack clears the message line on the next key.
        for m in &self.frame.messages {
            if !m.is_empty() {
                self.messages.push(m.clone());
            }
        }
        Ok(())
    }

    /// Carries out one action: its keys, then every --More--, prompt and menu until the game is
    /// back at the command prompt.
    pub fn perform(&mut self, plan: &Plan) -> Result<()> {
        // A pending ESC is sent even without keys: `settle` must see the screen after it.
        if !plan.keys.is_empty() || self.escape_pending {
            self.send_raw(&plan.keys)?;
        }
        self.settle(plan)
    }

    fn settle(&mut self, plan: &Plan) -> Result<()> {
        // The question last answered and how often in a row: the game asking again is the game
        // refusing the answer ("You don't have that many!").
        let mut asked: Option<(String, usize)> = None;
        // The answer to the menu being answered: its later pages carry no title.
        let mut menu: Option<Answer> = None;
        for _ in 0..MAX_EXCHANGES {
            if self.ended {
                return Ok(());
            }
            if self.frame.more {
                self.keep_window_lines();
                self.send_raw("\r")?;
                continue;
            }
            if let Some(prompt) = self.frame.prompt.clone() {
                // The question is text the game showed (a shopkeeper's offer, "Really attack the
                // newt?"): it joins the messages like any other line.
                if let Prompt::YesNo { question, .. } = &prompt {
                    self.messages.push(question.clone());
                }
                let q = question(&prompt).to_string();
                let times = match asked.take() {
                    Some((last, n)) if last == q => n + 1,
                    _ => 1,
                };
                let keys = if times > MAX_SAME_QUESTION {
                    self.warnings.push(format!(
                        "the game asked {q:?} again after {MAX_SAME_QUESTION} answers: \
                         refused, cancelled with ESC"
                    ));
                    "\x1b".to_string()
                } else {
                    self.answer(plan, &prompt)
                };
                asked = Some((q, times));
                self.send_raw(&keys)?;
                continue;
            }
            if let Some(keys) = self.menu_answer(plan, &mut menu) {
                self.send_raw(&keys)?;
                continue;
            }
            if self.frame.menu.is_some() {
                // A menu no action asked for (or the end of a text window): close it.
                self.keep_window_lines();
                self.send_raw("\x1b")?;
                continue;
            }
            self.command_cursor = self.cursor_on_hero();
            return Ok(());
        }
        self.warnings.push(format!(
            "abandoned an action after {MAX_EXCHANGES} exchanges; top line: {:?}",
            self.frame.top_line
        ));
        self.send_raw("\x1b\x1b")?;
        Ok(())
    }

    /// Carries out `plan`, a command that asks for a position first (farlook: `;`), with that
    /// answer in the same write when the game waits for a command with the cursor on the hero:
    /// the tty clears the message line on reading a command, so nothing comes between the
    /// command and its question (no `--More--`), and the position prompt starts on the hero,
    /// where [`Session::answer`] would read the cursor. One round trip with the game fewer;
    /// whatever follows the answer is settled as [`Session::perform`] does. Otherwise (no such
    /// cursor known, or the first expectation is not a position) the same as `perform`.
    pub fn perform_pointing(&mut self, plan: &Plan) -> Result<()> {
        let answer = match (self.command_cursor, plan.expect.first()) {
            (Some((row, col)), Some(e)) if !plan.keys.is_empty() => match &e.answer {
                Answer::Keys(k) => expand_position(k, (col as i16, row as i16 - 1)),
                _ => None,
            },
            _ => None,
        };
        let Some(answer) = answer else {
            return self.perform(plan);
        };
        self.send_raw(&format!("{}{answer}", plan.keys))?;
        self.settle(plan)
    }

    /// The cursor when it is on the hero at a command prompt: on the map, where the scraper
    /// took it for the hero (no window, prompt or `--More--` up).
    fn cursor_on_hero(&self) -> Option<(u16, u16)> {
        let (row, col) = self.term.screen().cursor();
        let on_map = (row as usize) >= nhbot_screen::MAP_TOP;
        let hero = on_map.then(|| {
            nhbot_screen::Pos::new(col as i16, (row as usize - nhbot_screen::MAP_TOP) as i16)
        });
        (on_map && self.frame.player == hero).then_some((row, col))
    }

    /// Opens the inventory (`i`) and reads every page of it; returns its menu items (headers
    /// included) in order. Empty when the pack is empty ("Not carrying anything").
    pub fn read_inventory(&mut self) -> Result<Vec<nhbot_screen::MenuItem>> {
        let mut items = Vec::new();
        // Closing the menu brings back the command prompt it was opened from, cursor and all.
        let command_cursor = self.command_cursor;
        self.send_raw("i")?;
        for _ in 0..MAX_EXCHANGES {
            let Some(menu) = self.frame.menu.clone() else {
                break;
            };
            items.extend(menu.items.iter().filter(|i| !i.text.is_empty()).cloned());
            // Unpaid items carry their shop price: evidence for the knowledge base.
            self.window_lines.extend(
                menu.items
                    .iter()
                    .filter(|i| i.text.contains("zorkmid"))
                    .map(|i| i.text.clone()),
            );
            match menu.page {
                Some((n, m)) if n < m => self.send_raw(">")?,
                // Closing the menu shows nothing worth a look (the map again, no message), so
                // its ESC can wait for the next keys: one round trip with the game fewer.
                _ if self.defer_menu_escape => {
                    self.escape_pending = true;
                    self.command_cursor = command_cursor;
                    return Ok(items);
                }
                _ => {
                    self.send_raw("\x1b")?;
                    break;
                }
            }
        }
        // Whatever the game said instead of a menu (an empty pack) is settled like any screen.
        self.settle(&Plan {
            keys: String::new(),
            expect: Vec::new(),
        })?;
        Ok(items)
    }

    /// A text window or menu the engine closes was still something the game showed: its lines
    /// join this decision's messages ("Things that are here:", engravings read, shop items).
    fn keep_window_lines(&mut self) {
        if let Some(menu) = &self.frame.menu {
            let lines = menu
                .items
                .iter()
                .filter(|i| !i.header && !i.text.trim().is_empty());
            self.messages
                .extend(lines.map(|i| i.text.trim().to_string()));
        }
    }

    /// The action's answer to the selection menu on screen, matched by its title ("Pick up
    /// what?"): the item letters (or group accelerators) and Enter, or `>` to the next page.
    /// A page after the first has no title: it gets the answer its first page got
    /// (`answering`).
    fn menu_answer(&self, plan: &Plan, answering: &mut Option<Answer>) -> Option<String> {
        let menu = self.frame.menu.as_ref().filter(|m| !m.text_window)?;
        let answer = match menu.title.as_deref() {
            Some(title) => plan
                .expect
                .iter()
                .find(|e| title.contains(e.contains))
                .map(|e| e.answer.clone()),
            None if menu.page.is_some_and(|(n, _)| n > 1) => answering.clone(),
            None => None,
        };
        answering.clone_from(&answer);
        match answer? {
            Answer::Keys(k) => Some(k),
            Answer::Menu(pick) => Some(pick.keys(menu)),
            Answer::Unknown => None,
        }
    }

    fn answer(&mut self, plan: &Plan, prompt: &Prompt) -> String {
        let q = question(prompt);
        let expected = plan
            .expect
            .iter()
            .find(|e| q.contains(e.contains))
            .map(|e| e.answer.clone());
        match expected {
            Some(Answer::Keys(k)) if k.starts_with('\u{0}') => {
                let cursor = self.term.screen().cursor();
                expand_position(&k, (cursor.1 as i16, cursor.0 as i16 - 1))
                    .unwrap_or_else(|| "\x1b".into())
            }
            Some(Answer::Keys(k)) => k,
            Some(Answer::Menu(_)) | Some(Answer::Unknown) | None => {
                if let Prompt::Item { letters, .. } = prompt {
                    if let (Some(Answer::Unknown), Some(first)) =
                        (&expected, letters.chars().next())
                    {
                        return first.to_string();
                    }
                }
                let (keys, known) = default_answer(prompt);
                if !known {
                    self.warnings.push(format!(
                        "unknown prompt {q:?}: answered {keys:?}; screen top: {:?}",
                        self.frame.top_line
                    ));
                }
                keys
            }
        }
    }
}
