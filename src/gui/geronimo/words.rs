//! Names and actions in a player's words: Areas, Villages, Chiefs, Commanders, Tribes,
//! Columns, War Parties and Shaman cards by their printed names, and every action of
//! the notation as a sentence ("Play Bad Weather on Montana", "Send a War Party of 7 BP
//! from Santee with Inkpaduta against a Town in Minnesota").

use crate::games::geronimo::View;
use crate::games::geronimo::action::{Action, Aim, Arg, Res};
use crate::games::geronimo::state::Static;

/// The years of a Turn: Turn n is 1851+5(n−1) to 1855+5(n−1).
pub fn years(turn: u8) -> (u32, u32) {
    let n = u32::from(turn.max(1)) - 1;
    (1851 + 5 * n, 1855 + 5 * n)
}

/// The printed names, and the pieces as the seat sees them.
pub struct Names<'a> {
    /// The printed data.
    pub st: &'a Static,
    /// The seat's view.
    pub v: &'a View,
}

impl Names<'_> {
    /// An Area's name (`mt` -> "Montana"), or the place's word.
    pub fn area(&self, id: &str) -> String {
        match id {
            "reservation" => return "On Reservation".into(),
            "extinct" => return "Extinct".into(),
            _ => {}
        }
        self.st
            .map
            .areas
            .iter()
            .find(|a| a.id == id)
            .map_or_else(|| id.to_string(), |a| a.name.clone())
    }

    /// A Village's name, with its number where its Tribe has several of that name.
    pub fn village(&self, id: &str) -> String {
        let Some(v) = self.st.villages.iter().find(|v| v.def.id == id) else {
            return id.to_string();
        };
        let same: Vec<_> = self
            .st
            .villages
            .iter()
            .filter(|o| o.def.name == v.def.name)
            .collect();
        if same.len() > 1 {
            let k = same.iter().position(|o| o.def.id == id).unwrap_or(0) + 1;
            format!("{} {k}", v.def.name)
        } else {
            v.def.name.clone()
        }
    }

    /// A Chief's name.
    pub fn chief(&self, id: &str) -> String {
        self.st
            .chiefs
            .iter()
            .find(|c| c.def.id == id)
            .map_or_else(|| id.to_string(), |c| c.def.name.clone())
    }

    /// Chiefs' names joined ("no Chief" when none).
    pub fn chiefs(&self, ids: &[String]) -> String {
        if ids.is_empty() {
            "no Chief".into()
        } else {
            ids.iter()
                .map(|c| self.chief(c))
                .collect::<Vec<_>>()
                .join(" and ")
        }
    }

    /// A Commander's name.
    pub fn commander(&self, id: &str) -> String {
        self.st
            .commanders
            .iter()
            .find(|c| c.id == id)
            .map_or_else(|| id.to_string(), |c| c.name.clone())
    }

    /// A Tribe's name.
    pub fn tribe(&self, id: &str) -> String {
        self.st
            .tribes
            .iter()
            .find(|t| t.id == id)
            .map_or_else(|| id.to_string(), |t| t.name.clone())
    }

    /// A Column by its Commander ("Crook's Column"), or its number.
    pub fn column(&self, id: &str) -> String {
        match self.v.columns.iter().find(|c| c.id == id) {
            Some(c) => match &c.commander {
                Some(k) => format!("{}'s Column", self.commander(k)),
                None => format!("Column {}", id.trim_start_matches('c')),
            },
            None => format!("Column {}", id.trim_start_matches('c')),
        }
    }

    /// A War Party by its Village.
    pub fn party(&self, id: &str) -> String {
        match self.v.parties.iter().find(|p| p.id == id) {
            Some(p) => format!("the {} War Party", self.village(&p.village)),
            None => format!("War Party {}", id.trim_start_matches("wp")),
        }
    }

    /// A Mine counter's name and value.
    pub fn mine(&self, id: &str) -> String {
        self.st.mines.iter().find(|m| m.id == id).map_or_else(
            || id.to_string(),
            |m| format!("the {} Mine ({})", m.name, m.value),
        )
    }

    /// Anything named by id: a Column, a War Party, a Village, an Area, a Mine, a Tribe
    /// or a Commander.
    pub fn thing(&self, id: &str) -> String {
        if self.v.columns.iter().any(|c| c.id == id) {
            return self.column(id);
        }
        if self.v.parties.iter().any(|p| p.id == id) {
            return self.party(id);
        }
        if self.st.villages.iter().any(|v| v.def.id == id) {
            return self.village(id);
        }
        if self.st.map.areas.iter().any(|a| a.id == id) {
            return self.area(id);
        }
        if self.st.mines.iter().any(|m| m.id == id) {
            return self.mine(id);
        }
        if self.st.tribes.iter().any(|t| t.id == id) {
            return self.tribe(id);
        }
        if self.st.commanders.iter().any(|c| c.id == id) {
            return self.commander(id);
        }
        if self.st.chiefs.iter().any(|c| c.def.id == id) {
            return self.chief(id);
        }
        id.to_string()
    }

    /// A Shaman card copy's title (from the hand, else the printed deck).
    pub fn card(&self, copy: &str) -> String {
        if let Some((_, title, _, _)) = self.v.hand.iter().find(|h| h.0 == copy) {
            return title.clone();
        }
        self.st
            .copies
            .iter()
            .find(|c| c.id == copy)
            .and_then(|c| self.st.cards.get(c.def))
            .map_or_else(|| copy.to_string(), |d| d.name.clone())
    }

    /// A raid's or attack's target in words.
    pub fn res(&self, r: &Res) -> String {
        match r {
            Res::Settlement => "a Settlement".into(),
            Res::Town => "a Town".into(),
            Res::Rr => "the RR".into(),
            Res::Mine(m) => self.mine(m),
            Res::Mission => "the Mission".into(),
            Res::Mexico => "Mexico".into(),
        }
    }

    /// A War Party's aim in words.
    pub fn aim(&self, a: &Aim) -> String {
        match a {
            Aim::Res(r) => self.res(r),
            Aim::Unit(u) => self.thing(u),
        }
    }

    /// An action in words.
    pub fn describe(&self, a: &Action) -> String {
        let fort = |f: bool| if f { "In Fort" } else { "On Patrol" };
        match a {
            Action::Deploy {
                area,
                bp,
                guns,
                fort: f,
            } => format!(
                "Deploy a Column of {bp} BP{} in {}, {}",
                guns_words(*guns, 0),
                self.area(area),
                fort(*f)
            ),
            Action::Deployed => "The starting Columns are placed".into(),
            Action::Pick(t) => format!("Pick the {} as an Initial Tribe", self.tribe(t)),
            Action::PickDone => "No second Initial Tribe".into(),
            Action::Settle(a) => format!("Place the Settlement in {}", self.area(a)),
            Action::Rail(Some(a)) => format!("Place the RR marker in {}", self.area(a)),
            Action::Rail(None) => "Place no RR marker".into(),
            Action::Discard(c) => format!("Discard {}", self.card(c)),
            Action::Play { card, arg } => match arg {
                Arg::None => format!("Play {}", self.card(card)),
                Arg::On(x) => format!("Play {} on {}", self.card(card), self.thing(x)),
                Arg::NoEvent => format!("Play {} as No Event", self.card(card)),
            },
            Action::Move { col, to } => format!("Move {} to {}", self.column(col), self.area(to)),
            Action::Attack { cols, target } => {
                let who = cols
                    .iter()
                    .map(|c| self.column(c))
                    .collect::<Vec<_>>()
                    .join(" with ");
                format!("{who} attacks {}", self.thing(target))
            }
            Action::Fort(c) => format!("{} goes In Fort", self.column(c)),
            Action::Patrol(c) => format!("{} goes On Patrol", self.column(c)),
            Action::Reinforce {
                col,
                bp,
                guns,
                gatlings,
            } => {
                let mut what = vec![];
                if *bp > 0 {
                    what.push(format!("{bp} BP"));
                }
                if *guns > 0 {
                    what.push(plural(*guns, "Field Gun"));
                }
                if *gatlings > 0 {
                    what.push(plural(*gatlings, "Gatling"));
                }
                format!("Reinforce {} with {}", self.column(col), what.join(", "))
            }
            Action::Form {
                cmd,
                area,
                bp,
                guns,
                gatlings,
                fort: f,
            } => format!(
                "New Column under {}: {bp} BP{} in {}, {}",
                self.commander(cmd),
                guns_words(*guns, *gatlings),
                self.area(area),
                fort(*f)
            ),
            Action::Relocate { village, to } => {
                format!("Relocate {} to {}", self.village(village), self.area(to))
            }
            Action::Raid {
                village,
                area,
                target,
            } => match target {
                Res::Mexico => format!("{} raids Mexico", self.village(village)),
                t => format!(
                    "{} raids {} in {}",
                    self.village(village),
                    self.res(t),
                    self.area(area)
                ),
            },
            Action::Send {
                village,
                bp,
                chiefs,
                area,
                aim,
            } => format!(
                "Send {bp} BP from {} with {} against {} in {}",
                self.village(village),
                self.chiefs(chiefs),
                self.aim(aim),
                self.area(area)
            ),
            Action::Strike { party, area, aim } => format!(
                "{} strikes {} in {}",
                capital(&self.party(party)),
                self.aim(aim),
                self.area(area)
            ),
            Action::Ally { area, parts, aim } => format!(
                "Allied War Party of {} BP strikes {} in {}",
                parts.iter().map(|p| p.1).sum::<i32>(),
                self.aim(aim),
                self.area(area)
            ),
            Action::End => "End the Operations".into(),
            Action::Evade => "Try to evade".into(),
            Action::Stand => "Stand and fight".into(),
            Action::Pursue => "Pursue".into(),
            Action::LetGo => "Let them go".into(),
            Action::Ambush => "Try an Ambush".into(),
            Action::React(c) => format!("React with {}", self.column(c)),
            Action::NoReact => "No Reaction".into(),
            Action::Stay => "The War Party stays on the map".into(),
            Action::Return => "The War Party returns to its Village".into(),
            Action::Offer { village, vp } => format!(
                "Offer a Treaty: {} goes On Reservation for {vp} VP",
                self.village(village)
            ),
            Action::Accept => "Accept the Treaty".into(),
            Action::Refuse => "Refuse the Treaty".into(),
            Action::Imprison(c) => format!("Put {} In Prison", self.chief(c)),
            Action::Spare => "Put no Chief In Prison".into(),
            Action::Attrit(c) => format!("{} loses 1 BP to Attrition", self.column(c)),
        }
    }

    /// An action given in notation, in words (the notation itself when it does not
    /// parse).
    pub fn words(&self, l: &str) -> String {
        l.parse::<Action>()
            .map_or_else(|_| l.to_string(), |a| self.describe(&a))
    }
}

fn plural(n: u8, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// ", 1 Field Gun, 1 Gatling" (empty for none).
fn guns_words(guns: u8, gatlings: u8) -> String {
    let mut s = String::new();
    if guns > 0 {
        s.push_str(&format!(", {}", plural(guns, "Field Gun")));
    }
    if gatlings > 0 {
        s.push_str(&format!(", {}", plural(gatlings, "Gatling")));
    }
    s
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The Area (or `mexico`/`canada`) an action points at on the map, if any: where a
/// click on the map would choose it.
pub fn target_area(a: &Action) -> Option<&str> {
    match a {
        Action::Deploy { area, .. }
        | Action::Form { area, .. }
        | Action::Settle(area)
        | Action::Rail(Some(area))
        | Action::Raid { area, .. }
        | Action::Send { area, .. }
        | Action::Strike { area, .. } => Some(area),
        Action::Move { to, .. } | Action::Relocate { to, .. } => Some(to),
        _ => None,
    }
}

/// The piece that does an action, as the selection names it (`c3`, a Village id,
/// `wp2`, `form:<commander>`, `deploy`).
pub fn actor(a: &Action) -> Option<String> {
    match a {
        Action::Deploy { .. } => Some("deploy".into()),
        Action::Form { cmd, .. } => Some(format!("form:{cmd}")),
        Action::Move { col, .. }
        | Action::Fort(col)
        | Action::Patrol(col)
        | Action::Reinforce { col, .. } => Some(col.clone()),
        Action::Attack { cols, .. } => cols.first().cloned(),
        Action::Relocate { village, .. }
        | Action::Raid { village, .. }
        | Action::Send { village, .. } => Some(village.clone()),
        Action::Strike { party, .. } => Some(party.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_is_five_years() {
        assert_eq!(years(1), (1851, 1855));
        assert_eq!(years(4), (1866, 1870));
        assert_eq!(years(8), (1886, 1890));
    }

    #[test]
    fn actions_read_as_words_with_printed_names() {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let st = crate::games::geronimo::setup::load_scenario_id(&root, "basic")
            .expect("the Basic Game loads");
        let (s, _) = crate::games::geronimo::setup::initial_state(&st, 1);
        let v = crate::games::geronimo::view(&s, 0);
        let n = Names { st: &st, v: &v };
        assert_eq!(n.words("settle mt"), "Place the Settlement in Montana");
        assert_eq!(n.words("rail none"), "Place no RR marker");
        assert_eq!(
            n.words("deploy az 10 g1 fort"),
            "Deploy a Column of 10 BP, 1 Field Gun in Arizona, In Fort"
        );
        assert!(
            n.words("relocate teton1 mt")
                .starts_with("Relocate Teton Sioux")
        );
        assert_eq!(n.words("evade"), "Try to evade");
        assert_eq!(n.words("nonsense words"), "nonsense words");
    }
}
