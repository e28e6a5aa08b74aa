//! Looking back: "since your last turn" and the replay viewer ([`Looking`]), the
//! look bar's controls, and a playing look back's pace.

use super::Game;
use crate::core::replay::Replay;
use crate::core::session::GameSession;
use crate::gui::Screen;
use crate::gui::fault::{Doing, Fault};
use bevy::prelude::*;
use bevy_egui::egui;

/// Why the game is being looked back on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LookKind {
    /// A seat catching up on what happened since it last acted; it ends back in the
    /// game.
    CatchUp,
    /// The replay viewer: a saved game opened to be stepped through, not played on.
    Viewer,
}

/// A look back: the live game kept aside while positions of its history are shown.
pub struct Looking {
    /// The game as it stands.
    pub(super) live: Box<dyn GameSession>,
    /// The walk through its positions.
    pub(super) replay: Replay,
    /// What it is for.
    pub(super) kind: LookKind,
    /// Stepping forward by itself, one step every [`Looking::PACE`] seconds.
    pub(super) playing: bool,
    /// Seconds since the last step while playing.
    pub(super) since: f32,
}

impl Looking {
    /// Seconds between steps while playing.
    pub const PACE: f32 = 0.8;

    /// What it is for.
    pub fn kind(&self) -> LookKind {
        self.kind
    }

    /// Whether it steps forward by itself.
    pub fn playing(&self) -> bool {
        self.playing
    }

    /// The action it is after (its position in the game's history).
    pub fn pos(&self) -> usize {
        self.replay.pos
    }

    /// The seat it is seen through (`None`: every seat's view, a finished game).
    pub fn seat(&self) -> Option<u8> {
        self.replay.seat
    }

    /// The first position it shows (its position before any step).
    pub fn start(&self) -> usize {
        self.replay.start
    }

    /// The last position it shows.
    pub fn end(&self) -> usize {
        self.replay.end
    }

    /// The action that led to the position shown, in notation, when the seat it is
    /// seen through may name it ([`Replay::last_action`]).
    pub fn last_action(&self) -> Option<String> {
        self.replay.last_action(self.live.as_ref())
    }

    /// Start or stop stepping forward by itself.
    pub fn set_playing(&mut self, on: bool) {
        self.playing = on;
        self.since = 0.0;
    }
}

impl Game {
    /// The replay viewer: a game (a loaded save) opened to be stepped through from its
    /// start, seen through `seat` (or, when the game is over, `None` for every seat's
    /// log). Nobody plays it.
    pub fn viewer(session: Box<dyn GameSession>, seat: Option<u8>) -> Result<Self, String> {
        Self::open_viewer(session, seat).map_err(|(e, _)| e)
    }

    /// [`Game::viewer`], giving the game back with the engine's reason when it cannot
    /// be replayed (a fault: the menu and the result window offer only replays that
    /// should open).
    pub(crate) fn open_viewer(
        session: Box<dyn GameSession>,
        seat: Option<u8>,
    ) -> Result<Self, (String, Box<dyn GameSession>)> {
        let replay = match Replay::whole(session.as_ref(), seat) {
            Ok(r) => r,
            Err(e) => return Err((e.to_string(), session)),
        };
        let Some(shown) = replay.shown(session.as_ref()) else {
            return Err((rewind_error(replay.pos), session));
        };
        let mut g = Self::new(session, false);
        g.curtain_down = false;
        g.viewer = seat.unwrap_or(0);
        g.look_with(replay, LookKind::Viewer, shown);
        Ok(g)
    }

    /// This game as the replay viewer, every seat's view (the result window's "Replay
    /// this game"). A game that cannot be replayed is given back as it was, with a
    /// fault reported ([`Game::fault`]).
    pub fn into_replay(self) -> Self {
        if self.looking.is_some() {
            return self;
        }
        let mut kept = self;
        let saves = kept.saves.clone();
        match Self::open_viewer(kept.session, None) {
            Ok(v) => v.with_saves(saves),
            Err((e, session)) => {
                kept.session = session;
                kept.fault(Fault {
                    doing: Doing::Replay,
                    action: None,
                    why: "the replay viewer could not open a finished game".into(),
                    error: e,
                });
                kept
            }
        }
    }

    /// The game as it stands, taken out of this window's game (a look back ends).
    pub fn into_live(self) -> Box<dyn GameSession> {
        match self.looking {
            Some(l) => l.live,
            None => self.session,
        }
    }

    /// The game as it stands (not the position a look back shows).
    pub fn live(&self) -> &dyn GameSession {
        self.looking
            .as_ref()
            .map_or(self.session.as_ref(), |l| l.live.as_ref())
    }

    /// Start a look back at the replay's position; `false`, with a fault reported, when
    /// that position cannot be rewound.
    fn looking_at(&mut self, replay: Replay, kind: LookKind) -> bool {
        match replay.shown(self.live()) {
            Some(shown) => {
                self.look_with(replay, kind, shown);
                true
            }
            None => {
                self.fault(Fault {
                    doing: Doing::Replay,
                    action: None,
                    why: "a look back could not start".into(),
                    error: rewind_error(replay.pos),
                });
                false
            }
        }
    }

    /// Start a look back showing `shown`, the replay's position.
    fn look_with(&mut self, replay: Replay, kind: LookKind, shown: Box<dyn GameSession>) {
        let live = std::mem::replace(&mut self.session, shown);
        let live = match self.looking.take() {
            Some(l) => l.live,
            None => live,
        };
        self.looking = Some(Looking {
            live,
            replay,
            kind,
            playing: false,
            since: 0.0,
        });
        self.choice.clear();
        self.generation += 1;
    }

    /// How many steps the seat on screen has to catch up on since it last acted (0
    /// while looking back, behind the curtain, or for a computer seat).
    pub fn catch_up_steps(&mut self) -> usize {
        if self.looking.is_some() || self.curtain_down || !self.is_human(self.viewer) {
            return 0;
        }
        let key = (self.state_gen, self.viewer);
        if let Some((k, n)) = self.catch_up
            && k == key
        {
            return n;
        }
        let n = Replay::since_last_turn(self.session.as_ref(), self.viewer)
            .map_or(0, |mut r| r.steps(self.session.as_ref()));
        self.catch_up = Some((key, n));
        n
    }

    /// Start "since your last turn" for the seat on screen: what happened since it last
    /// acted, through its own view, from the position it left. `false` when there is
    /// nothing to see.
    pub fn start_catch_up(&mut self) -> bool {
        if self.looking.is_some() || self.curtain_down || !self.is_human(self.viewer) {
            return false;
        }
        match Replay::since_last_turn(self.session.as_ref(), self.viewer) {
            Some(r) => {
                if !self.looking_at(r, LookKind::CatchUp) {
                    return false;
                }
                self.status = "since your last turn: step forward, or go back to the game".into();
                true
            }
            None => false,
        }
    }

    /// Move a look back: `forward` one step or back one; `false` at either end.
    pub fn look_step(&mut self, forward: bool) -> bool {
        let Some(l) = self.looking.as_mut() else {
            return false;
        };
        let before = l.replay.clone();
        let moved = if forward {
            l.replay.forward(l.live.as_ref())
        } else {
            l.replay.back(l.live.as_ref())
        };
        if moved {
            return self.show_look(before);
        }
        if let Some(l) = self.looking.as_mut() {
            l.playing = false;
        }
        false
    }

    /// Jump a look back to its first step or (`end`) its last.
    pub fn look_jump(&mut self, end: bool) {
        let Some(l) = self.looking.as_mut() else {
            return;
        };
        let before = l.replay.clone();
        if end {
            l.replay.to_end(l.live.as_ref());
        } else {
            l.replay.to_start();
        }
        self.show_look(before);
    }

    /// Show the replay through another seat (the replay viewer only), or through every
    /// seat's log once the game is over (`None`); it stays at the same position.
    pub fn look_as(&mut self, seat: Option<u8>) {
        let Some(l) = self.looking.as_ref() else {
            return;
        };
        if l.kind != LookKind::Viewer {
            return;
        }
        if l.live.outcome().is_none() {
            // An unfinished game is seen through the seat it was opened as: another
            // seat's view would show the person at the screen both sides.
            self.status =
                "the game is not over: it is seen only through the seat it was opened as".into();
            return;
        }
        let pos = l.replay.pos;
        let before = l.replay.clone();
        match Replay::whole(l.live.as_ref(), seat) {
            Ok(mut r) => {
                // Stay where we were, at the step that shows it.
                while r.pos < pos && r.forward(self.live()) {}
                if let Some(l) = self.looking.as_mut() {
                    l.replay = r;
                }
                let viewer = self.viewer;
                self.viewer = seat.unwrap_or(self.viewer);
                if !self.show_look(before) {
                    self.viewer = viewer;
                }
            }
            // The viewer offers only the game's own seats, and every seat's view only
            // once it is over.
            Err(e) => self.fault(Fault {
                doing: Doing::Replay,
                action: None,
                why: "the replay viewer could not show the game through another seat".into(),
                error: e.to_string(),
            }),
        }
    }

    /// Show the position the look back has moved to; when it cannot be rewound, a
    /// fault is reported and the look back goes back to `before` (still on screen).
    fn show_look(&mut self, before: Replay) -> bool {
        let Some(l) = self.looking.as_mut() else {
            return false;
        };
        let Some(shown) = l.replay.shown(l.live.as_ref()) else {
            let pos = l.replay.pos;
            l.replay = before;
            l.playing = false;
            self.fault(Fault {
                doing: Doing::Replay,
                action: None,
                why: "a look back could not show a position".into(),
                error: rewind_error(pos),
            });
            return false;
        };
        self.session = shown;
        self.choice.clear();
        self.generation += 1;
        true
    }

    /// End a look back: the live game is on screen again.
    pub fn end_look(&mut self) {
        if let Some(l) = self.looking.take() {
            self.session = l.live;
            self.generation += 1;
            self.status.clear();
        }
    }

    /// Whether the log line is one the person at the screen may read: the viewing
    /// seat's, or every line in the full view of a finished game's replay.
    pub fn may_read(&self, line: &crate::core::game::LogEntry) -> bool {
        match &self.looking {
            Some(l) if l.replay.seat.is_none() => true,
            _ => line.visible(self.viewer),
        }
    }
}

/// The engine's words when a position of a session cannot be rewound.
pub(super) fn rewind_error(pos: usize) -> String {
    format!("the session gave no game for its position after {pos} actions (GameSession::rewound)")
}

/// The controls of a look back: where it is, step and play, whose view, and the way
/// back to the game (or, in the replay viewer, to the menu).
pub(super) fn look_bar(world: &mut World, ui: &mut egui::Ui) {
    let mut game = world.resource_mut::<Game>();
    let Some(l) = game.looking.as_ref() else {
        return;
    };
    let (kind, pos, start, end, seat, playing) = (
        l.kind,
        l.replay.pos,
        l.replay.start,
        l.replay.end,
        l.replay.seat,
        l.playing,
    );
    let last = l.replay.last_action(l.live.as_ref());
    let over = l.live.outcome().is_some();
    let seats: Vec<String> = (0..l.live.seats()).map(|k| l.live.seat_name(k)).collect();
    let gold = egui::Color32::from_rgb(240, 200, 80);
    let mut leave = false;
    ui.horizontal_wrapped(|ui| {
        let title = match (kind, seat) {
            (LookKind::CatchUp, Some(s)) => format!(
                "Since your last turn, as the {} player saw it",
                seats.get(usize::from(s)).map_or("", String::as_str)
            ),
            (LookKind::Viewer, Some(s)) => format!(
                "Replay, seen by the {} player",
                seats.get(usize::from(s)).map_or("", String::as_str)
            ),
            (_, None) => "Replay, every seat's view".to_string(),
        };
        ui.colored_label(gold, title);
        ui.separator();
        ui.label(format!("after action {pos} of {end}"));
        if ui
            .add_enabled(pos > start, egui::Button::new("⏮ First [Home]"))
            .clicked()
        {
            game.look_jump(false);
        }
        if ui
            .add_enabled(pos > start, egui::Button::new("◀ Back [,]"))
            .clicked()
        {
            game.look_step(false);
        }
        if ui
            .add_enabled(pos < end, egui::Button::new("Forward ▶ [.]"))
            .clicked()
        {
            game.look_step(true);
        }
        if ui
            .add_enabled(pos < end, egui::Button::new("Last ⏭ [End]"))
            .clicked()
        {
            game.look_jump(true);
        }
        let play_label = if playing {
            "Pause [Space]"
        } else {
            "Play [Space]"
        };
        if ui.button(play_label).clicked()
            && let Some(l) = game.looking.as_mut()
        {
            l.playing = !l.playing;
            l.since = 0.0;
        }
        if kind == LookKind::Viewer && over {
            ui.separator();
            ui.label("View:");
            for (k, n) in seats.iter().enumerate() {
                let k = u8::try_from(k).ok();
                if ui.selectable_label(seat == k, n).clicked() && seat != k {
                    game.look_as(k);
                }
            }
            if ui
                .selectable_label(seat.is_none(), "every seat's log")
                .clicked()
                && seat.is_some()
            {
                game.look_as(None);
            }
        }
        ui.separator();
        let back = match kind {
            LookKind::CatchUp => "Back to the game [Esc]",
            LookKind::Viewer => "Close the replay [Esc]",
        };
        leave = ui.button(back).clicked();
    });
    // Always a line here, so the board does not jump as the steps go by.
    ui.small(match (last, pos == start) {
        (_, true) => "the first step: as the game stood then".to_string(),
        (Some(a), false) => format!("the action that led here: {a}"),
        (None, false) => "another seat acted: the log tells what this seat saw".to_string(),
    });
    if leave {
        leave_look(world);
    }
}

/// End a look back: back to the game, or from the replay viewer to the menu.
fn leave_look(world: &mut World) {
    let kind = world
        .get_resource::<Game>()
        .and_then(|g| g.looking.as_ref().map(|l| l.kind));
    match kind {
        Some(LookKind::Viewer) => world.resource_mut::<NextState<Screen>>().set(Screen::Menu),
        Some(LookKind::CatchUp) => world.resource_mut::<Game>().end_look(),
        None => {}
    }
}

/// A playing look back steps forward by itself at [`Looking::PACE`].
pub(super) fn look_play(game: Option<ResMut<Game>>, time: Res<Time>) {
    let Some(mut game) = game else { return };
    let Some(l) = game.looking.as_mut() else {
        return;
    };
    if !l.playing {
        return;
    }
    l.since += time.delta_secs();
    if l.since >= Looking::PACE {
        l.since = 0.0;
        game.look_step(true);
    }
}
