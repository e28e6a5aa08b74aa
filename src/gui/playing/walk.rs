//! Move by destination: the routes of a piece, a click on the board resolved to an
//! action, the chooser or a walk, and the walk's steps made one by one.

use super::{Game, Submitted};
use crate::core::route::Route;
use bevy::prelude::*;

/// A move by destination being made: the steps still to submit.
#[derive(Debug, Clone)]
pub struct Walk {
    /// The piece moving.
    pub piece: String,
    /// Where it is going.
    pub to: String,
    /// The seat moving it.
    pub seat: u8,
    /// The steps not yet made, in notation, first first.
    pub steps: std::collections::VecDeque<String>,
    /// Seconds since the last step (the steps are shown one by one).
    pub since: f32,
}

impl Walk {
    /// Seconds between steps.
    pub const PACE: f32 = 0.12;
}

impl Game {
    /// Where `piece` can go by its steps now, for the human seat on screen (none when it
    /// may not act), from a world that seat may see; found once per state.
    pub fn routes(&mut self, piece: &str) -> &[Route] {
        if !self.can_act() {
            return &[];
        }
        let key = (self.state_gen, self.viewer, piece.to_string());
        if self.routes.as_ref().is_none_or(|(k, _)| *k != key) {
            let found = if self.can_act() && self.walking.is_none() {
                self.session.routes(piece, self.viewer)
            } else {
                vec![]
            };
            self.routes = Some((key, found));
        }
        self.routes.as_ref().map_or(&[], |(_, r)| r.as_slice())
    }

    /// The routes last found for `piece` in this state and seat (empty if none were
    /// asked for): for drawing, which cannot search.
    pub fn cached_routes(&self, piece: &str) -> &[Route] {
        match &self.routes {
            Some(((g, v, p), r)) if *g == self.state_gen && *v == self.viewer && p == piece => r,
            _ => &[],
        }
    }

    /// Move `piece` to `to` by the route found there, step by step through the rules
    /// ([`walk_step`]). `false` when no route leads there.
    pub fn walk_to(&mut self, piece: &str, to: &str) -> bool {
        let Some(r) = self.routes(piece).iter().find(|r| r.to == to).cloned() else {
            return false;
        };
        self.walking = Some(Walk {
            piece: piece.to_string(),
            to: to.to_string(),
            seat: self.viewer,
            steps: r.actions.into_iter().collect(),
            since: Walk::PACE,
        });
        true
    }

    /// Make the next step of a move by destination, or stop it (and say why) when the
    /// rules interrupt it: another seat is asked to act (a reaction-fire window), or the
    /// step is no longer legal (a hidden unit revealed in the way).
    pub fn walk_step(&mut self) {
        let Some(w) = self.walking.as_mut() else {
            return;
        };
        let Some(step) = w.steps.front().cloned() else {
            self.walking = None;
            return;
        };
        let (seat, to) = (w.seat, w.to.clone());
        if self.looking.is_some() || self.session.to_act() != Some(seat) || !self.can_act() {
            let who = self
                .session
                .to_act()
                .map_or("nobody".to_string(), |s| self.session.seat_name(s));
            self.walking = None;
            self.status = format!(
                "the move to {to} stopped: the {who} player is asked to act (the rules interrupt it here); select the piece to go on"
            );
            return;
        }
        if let Some(w) = self.walking.as_mut() {
            w.steps.pop_front();
        }
        // The rules judge the step (a Leader's party is not listed among the legal
        // actions, so the list cannot): refused, the move stops there and says why.
        // A step the rules list now and then refuse is a fault (`submit` reports it);
        // one they do not list is the world turning out other than the mover saw it.
        match self.submit(&step) {
            Submitted::Applied => {}
            Submitted::Fault => {
                self.walking = None;
                return;
            }
            Submitted::Refused => {
                self.walking = None;
                self.status = format!(
                    "the move to {to} stopped: '{step}' is no longer allowed (something in the way showed itself: {}); select the piece to go on",
                    self.status
                );
                return;
            }
        }
        if self.walking.as_ref().is_some_and(|w| w.steps.is_empty()) {
            self.walking = None;
        }
    }

    /// Find the routes of the selected piece, once per state, for the board to draw
    /// ([`Game::cached_routes`]); nothing when none is selected or the seat on screen
    /// may not act.
    pub fn keep_routes(&mut self, selected: Option<&str>) {
        if let Some(p) = selected
            && self.can_act()
        {
            self.routes(p);
        }
    }

    /// What a click on a hex (`to`, in notation) does once a ruleset plugin has worked
    /// out the legal actions the click could mean (`acts`) and the viewing seat's own
    /// pieces in the hex (`own`): one action is submitted, several go to the chooser;
    /// with none, the selected piece moves there by destination when a route leads
    /// there (the rules may stop it on the way), else the click selects the next of
    /// those pieces (cycling through a stack) in `selected`.
    pub fn resolve_click(
        &mut self,
        selected: &mut Option<String>,
        acts: Vec<String>,
        own: &[String],
        to: &str,
    ) {
        if acts.len() == 1 {
            self.submit(&acts[0]);
            self.choice.clear();
            return;
        }
        if acts.len() > 1 {
            self.choice = acts;
            return;
        }
        self.choice.clear();
        // A click on the piece's own stack selects, as always.
        if let Some(piece) = selected.clone()
            && !own.contains(&piece)
            && self.can_act()
            && self.walk_to(&piece, to)
        {
            return;
        }
        *selected = match selected
            .as_ref()
            .and_then(|cur| own.iter().position(|x| x == cur))
        {
            Some(i) => own.get((i + 1) % own.len()).cloned(),
            None => own.first().cloned(),
        };
    }
}

/// A move by destination makes a step every [`Walk::PACE`] seconds.
pub(super) fn walk(game: Option<ResMut<Game>>, time: Res<Time>) {
    let Some(mut game) = game else { return };
    let Some(w) = game.walking.as_mut() else {
        return;
    };
    w.since += time.delta_secs();
    if w.since >= Walk::PACE {
        w.since = 0.0;
        game.walk_step();
    }
}
