//! Acting: submitting actions (a refusal in the rules' words, a fault when the engine
//! refuses its own), undo, the legal actions listed once per state, standing orders,
//! and what follows every change (the view follows the seat to act, the curtain,
//! autosave).

use super::{Game, Submitted};
use crate::core::game::ActionKind;
use crate::core::session::GameSession;
use crate::gui::ai;
use crate::gui::fault::{Doing, Fault};

/// The legal actions listed for a state: its key ([`Game::legal_key`]) and each
/// action with its kind.
pub(super) type LegalList = (LegalKey, std::sync::Arc<Vec<(String, ActionKind)>>);

/// What tells one state of a session on screen from another for the listing of its
/// legal actions: the shell's generation (bumped by every action, undo and look back it
/// makes), and the session's history and log lengths (which change with any action
/// applied to it directly).
pub(super) type LegalKey = (u64, usize, usize);

impl Game {
    /// Submit an action in notation; errors go to the status line, nothing is lost.
    /// Computer players' actions come through here too, so they are logged the same way;
    /// the status line then names the seat, not the action (its notation may name a piece
    /// hidden from the person at the screen). An action the rules list as legal now and
    /// then refuse is a fault ([`Game::fault`]), not a message for the player; one they
    /// do not list (a move built by the player, a step of a route through a world that
    /// turned out otherwise) is refused in the rules' words.
    pub fn submit(&mut self, action: &str) -> Submitted {
        self.submit_as(action, false)
    }

    /// Submit an action the engine itself chose for this very state (a computer
    /// player's answer): whatever the list says, a refusal is a fault.
    pub fn submit_listed(&mut self, action: &str) -> Submitted {
        self.submit_as(action, true)
    }

    fn submit_as(&mut self, action: &str, chosen: bool) -> Submitted {
        if self.looking.is_some() {
            self.status = "looking back: go back to the game to act".into();
            return Submitted::Refused;
        }
        let by = self.session.to_act();
        let action = &self.in_session_notation(action);
        match self.session.apply_str(action) {
            Err(e) if chosen || self.listed(action) => {
                let doing = match by.filter(|&s| !self.is_human(s)) {
                    Some(s) => Doing::ComputerMove(self.session.seat_name(s)),
                    None => Doing::Move,
                };
                self.fault(Fault {
                    doing,
                    action: Some(action.clone()),
                    why: if chosen {
                        "the rules refused the action a computer player chose".into()
                    } else {
                        "the rules refused an action they list as legal".into()
                    },
                    error: e.to_string(),
                });
                Submitted::Fault
            }
            Ok(_) => {
                self.status = match by.and_then(|s| self.ai_player(s).map(|p| (s, p))) {
                    Some((s, p)) => format!(
                        "{}, {}, acted",
                        self.session.seat_name(s),
                        ai::player_label(p)
                    ),
                    None => format!("done: {action}"),
                };
                self.after_change();
                Submitted::Applied
            }
            Err(crate::core::error::Error::Parse(e)) => {
                self.status = format!("not an action: {e}");
                Submitted::Refused
            }
            Err(e) => {
                self.status = format!("refused: {e}");
                Submitted::Refused
            }
        }
    }

    /// Whether the rules list `action` (in the session's notation) as legal now.
    fn listed(&self, action: &str) -> bool {
        self.legal_kinds().iter().any(|(a, _)| a == action)
    }

    /// Undo the last action for the human seat on screen: only its own action, back to
    /// the last die roll or reveal or the last action of another seat (a computer
    /// player's answer is never taken back, so a person cannot see a reply and play
    /// differently).
    pub fn undo(&mut self) {
        if self.curtain_down || self.looking.is_some() || !self.is_human(self.viewer) {
            return;
        }
        if self.session.undo(self.viewer) {
            self.status = "undone".into();
            self.after_change();
        } else {
            self.status =
                "nothing to undo: undo stops at a die roll, a reveal or another seat's action"
                    .into();
        }
    }

    /// Whether the human seat on screen may undo now.
    pub fn can_undo(&self) -> bool {
        !self.curtain_down
            && self.looking.is_none()
            && self.is_human(self.viewer)
            && self.session.can_undo(self.viewer)
    }

    /// The legal actions in the notation of the game on screen ([`Game::level_game`]):
    /// a battle's actions without the campaign's prefix.
    pub fn legal(&self) -> Vec<String> {
        let legal = self.legal_kinds();
        let prefix = self.session.level().map(|l| l.prefix);
        legal
            .iter()
            .map(|(a, _)| match prefix {
                Some(p) => a.strip_prefix(p).unwrap_or(a).to_string(),
                None => a.clone(),
            })
            .collect()
    }

    /// The first legal action of a kind, in the session's notation (the "End phase"
    /// and "Pass" buttons and keys).
    pub fn legal_of_kind(&self, kind: ActionKind) -> Option<String> {
        self.legal_kinds()
            .iter()
            .find_map(|(a, k)| (*k == kind).then(|| a.clone()))
    }

    /// The key of the state on screen for its legal actions ([`LegalKey`]).
    fn legal_key(&self) -> LegalKey {
        (
            self.generation,
            self.session.history().len(),
            self.session.log().len(),
        )
    }

    /// The legal actions and their kinds, listed once per state ([`LegalKey`]).
    fn legal_kinds(&self) -> std::sync::Arc<Vec<(String, ActionKind)>> {
        let key = self.legal_key();
        let mut cache = self
            .legal
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match cache.as_ref() {
            Some((k, l)) if *k == key => l.clone(),
            _ => {
                let l = std::sync::Arc::new(self.session.legal_kinds());
                *cache = Some((key, l.clone()));
                l
            }
        }
    }

    /// An action in the notation of the game on screen, as the session reads it.
    fn in_session_notation(&self, action: &str) -> String {
        match self.session.level() {
            Some(l) if !action.trim_start().starts_with(l.prefix.trim_end()) => {
                format!("{}{}", l.prefix, action.trim_start())
            }
            _ => action.to_string(),
        }
    }

    /// Give or cancel a seat's standing order. Given while that seat is being asked a
    /// decision the order covers, it declines it at once too.
    pub fn set_standing(&mut self, seat: u8, on: bool) {
        let Some(o) = self.standing.as_mut() else {
            return;
        };
        let i = usize::from(seat);
        if o.seats.len() <= i {
            o.seats.resize(i + 1, false);
        }
        o.seats[i] = on;
        if on && (o.applies)(self.session.as_ref()) && self.session.to_act() == Some(seat) {
            self.after_change();
        }
    }

    /// Whether a seat has given the standing order.
    pub fn standing_for(&self, seat: u8) -> bool {
        self.standing
            .as_ref()
            .is_some_and(|o| o.seats.get(usize::from(seat)).copied().unwrap_or(false))
    }

    fn after_change(&mut self) {
        if self.looking.is_some() {
            // A past position is on screen: nothing is declined, followed or saved.
            self.generation += 1;
            return;
        }
        self.generation += 1;
        self.state_gen += 1;
        self.choice.clear();
        // Standing orders: decline the decisions they cover for the seats that gave them.
        let mut passes = 0;
        while passes < 100
            && let Some(o) = &self.standing
            && (o.applies)(self.session.as_ref())
            && self.session.to_act().is_some_and(|s| self.standing_for(s))
            && let Some(a) = self.session.legal_of_kind(ActionKind::Decline)
        {
            // The decline the rules listed, refused: a fault.
            if let Err(e) = self.session.apply_str(&a) {
                self.fault(Fault {
                    doing: Doing::Move,
                    action: Some(a),
                    why: "the rules refused the decline they listed, made for a standing order"
                        .into(),
                    error: e.to_string(),
                });
                break;
            }
            passes += 1;
        }
        // The view follows the human seat to act; while a computer seat acts the last
        // human's view stays on screen, with no curtain (nobody to hide it from). The
        // curtain comes down only when play passes from one human seat to another.
        if let Some(next) = self.session.to_act()
            && next != self.viewer
            && self.is_human(next)
        {
            let from_human = self.is_human(self.viewer);
            if from_human {
                // The status line may quote the last seat's action, which can name its
                // hidden pieces: the next seat reads only whose turn it is.
                self.status = format!(
                    "{} has acted; {} to act",
                    self.who(self.viewer),
                    self.who(next)
                );
            }
            self.viewer = next;
            self.curtain_down = self.curtain && from_human;
        }
        let t = self.session.clock();
        if t != self.autosaved_turn {
            self.autosaved_turn = t;
            let t = self.session.turn();
            let path = self.saves.join("autosave.ron");
            let saved = match self.save_file().write(&path) {
                Ok(()) => format!("autosaved turn {t} to {}", path.display()),
                Err(e) => format!("autosave failed: {e}"),
            };
            // Keep what just happened (an undo's explanation, an error) in front.
            self.status = if self.status.is_empty() {
                saved
            } else {
                format!("{}; {saved}", self.status)
            };
        }
    }
}

/// A standing order a ruleset's plugin offers the seats: decline, without asking, every
/// decision it covers (Harvest the Wind: reaction-fire windows). It submits the
/// ruleset's decline action ([`ActionKind::Decline`]), so the rules are unchanged.
pub struct StandingOrder {
    /// The label of its checkboxes ("Auto-pass reaction fire").
    pub label: &'static str,
    /// Whether the decision pending now is one the order covers.
    pub applies: fn(&dyn GameSession) -> bool,
    /// The seats that gave it.
    pub seats: Vec<bool>,
}
