//! The state of a game of *Geronimo!*: the Areas with their Resources and markers, the
//! Villages, War Parties and Chiefs, the Columns and the US Reserve, every player's
//! Shaman hand and Tribal cards, the VP, the Turn, the Round and the decision pending,
//! and the dice.

use super::data::{AreaDef, ChiefDef, VillageDef};
use super::data::{CardDef, CardKind, CommanderDef, MineDef, ScenarioDef, Tables, TribeDef};
use crate::core::areamap::AreaMap;
use crate::core::dice::Dice;
use crate::core::game::{Outcome, Seat};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Index of an Area in the map (`Static::map.areas`).
pub type Aid = usize;
/// Index of a Village in `Static::villages` and `State::villages`.
pub type Vid = usize;
/// Index of a Tribe in `Static::tribes`.
pub type Tid = usize;
/// Index of a Chief in `Static::chiefs`.
pub type Chid = usize;
/// Index of a Commander in `Static::commanders`.
pub type Cmd = usize;
/// Index of a Shaman card copy in `Static::copies`.
pub type Card = usize;
/// Index of a Mine counter in `Static::mines`.
pub type Mid = usize;

/// One Village of the data, with its Tribe.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VillageRef {
    /// Its Tribe.
    pub tribe: Tid,
    /// Its printed values.
    pub def: VillageDef,
    /// Its initial Area.
    pub home: Aid,
}

/// One Chief of the data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChiefRef {
    /// His Tribe.
    pub tribe: Tid,
    /// His Village.
    pub village: Vid,
    /// His printed values.
    pub def: ChiefDef,
}

/// One Shaman card copy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CopyRef {
    /// Index of its kind in `Static::cards`.
    pub def: usize,
    /// Its id in notation (`raid3`).
    pub id: String,
}

/// Everything a game reads and never changes: tables, map, counters, deck, scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Static {
    /// The rules tables.
    pub tables: Tables,
    /// The map.
    pub map: AreaMap,
    /// Each map area's printed values, `None` for Mexico, Canada and the Gray Area.
    pub areas: Vec<Option<AreaDef>>,
    /// Each area's neighbours (corner links included, 5.341).
    pub adj: Vec<Vec<Aid>>,
    /// Mexico's index.
    pub mexico: Aid,
    /// Canada's index.
    pub canada: Aid,
    /// The Gray Area's index.
    pub grey: Aid,
    /// Areas touching the eastern edge (the Gray Area's neighbours) and the western
    /// edge (the Pacific coast), for the Transcontinental RR (5.241).
    pub east_edge: Vec<Aid>,
    /// See `east_edge`.
    pub west_edge: Vec<Aid>,
    /// The Tribes.
    pub tribes: Vec<TribeDef>,
    /// Every Village, Tribe by Tribe.
    pub villages: Vec<VillageRef>,
    /// Every Chief.
    pub chiefs: Vec<ChiefRef>,
    /// The Commanders.
    pub commanders: Vec<CommanderDef>,
    /// The Mine counters.
    pub mines: Vec<MineDef>,
    /// Buffalo Skulls in the counter mix.
    pub skulls: u8,
    /// Mission markers.
    pub missions: u8,
    /// The Shaman card kinds.
    pub cards: Vec<CardDef>,
    /// Every copy in the deck.
    pub copies: Vec<CopyRef>,
    /// The scenario.
    pub scenario: ScenarioDef,
    /// Players (2-5).
    pub players: u8,
    /// Optional rule 12.1: additional Random Events.
    pub random_events: bool,
    /// Optional rule 12.2: sides drawn every Turn without the 3.3 exclusion.
    pub free_sides: bool,
}

impl Static {
    /// The kind of a card copy.
    pub fn kind(&self, c: Card) -> CardKind {
        self.cards[self.copies[c].def].kind
    }
    /// A card copy's printed title.
    pub fn card_name(&self, c: Card) -> &str {
        &self.cards[self.copies[c].def].name
    }
    /// An area's printed values (`None` off the playable map).
    pub fn area(&self, a: Aid) -> Option<&AreaDef> {
        self.areas.get(a).and_then(Option::as_ref)
    }
    /// An area's id.
    pub fn aid(&self, a: Aid) -> &str {
        &self.map.areas[a].id
    }
    /// An area's name.
    pub fn aname(&self, a: Aid) -> &str {
        &self.map.areas[a].name
    }
    /// Whether `a` and `b` are adjacent.
    pub fn adjacent(&self, a: Aid, b: Aid) -> bool {
        self.adj[a].contains(&b)
    }
    /// A Village's printed values.
    pub fn vdef(&self, v: Vid) -> &VillageDef {
        &self.villages[v].def
    }
    /// A Village's Tribe.
    pub fn tribe_of(&self, v: Vid) -> Tid {
        self.villages[v].tribe
    }
    /// The Villages of a Tribe.
    pub fn villages_of(&self, t: Tid) -> impl Iterator<Item = Vid> + '_ {
        (0..self.villages.len()).filter(move |&v| self.villages[v].tribe == t)
    }
    /// Whether Tribe `a` lists `b` as a Friend (or is `b`).
    pub fn friends(&self, a: Tid, b: Tid) -> bool {
        a == b
            || self.tribes[a]
                .friends
                .iter()
                .any(|f| *f == self.tribes[b].id)
            || self.tribes[b]
                .friends
                .iter()
                .any(|f| *f == self.tribes[a].id)
    }
    /// Whether Tribe `a` lists `b` as an Enemy.
    pub fn enemies(&self, a: Tid, b: Tid) -> bool {
        a != b
            && (self.tribes[a]
                .enemies
                .iter()
                .any(|f| *f == self.tribes[b].id)
                || self.tribes[b]
                    .enemies
                    .iter()
                    .any(|f| *f == self.tribes[a].id))
    }
    /// Indian players.
    pub fn indians(&self) -> u8 {
        self.players.saturating_sub(1).max(1)
    }
}

/// Where a Village is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// In an Area of the map.
    Area(Aid),
    /// In Mexico or Canada (6.23), having left from `from`.
    Abroad {
        /// Mexico or Canada.
        country: Aid,
        /// The Area it left from (6.24).
        from: Aid,
    },
    /// On Reservation (8.1), having gone on from `from`.
    Reservation {
        /// The Area it went on from (8.12, 8.24).
        from: Aid,
    },
    /// Extinct (6.66): out of the game.
    Extinct,
}

/// A Village's markers for the Turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marks {
    /// Blood Lust (9.2F): +2 combat and Aggression, no Evasion.
    pub blood_lust: bool,
    /// Shaman Medicine (9.2Z): +2 battle, +1 Aggression until it loses a BP in battle.
    pub medicine: bool,
    /// A Peace Chief (9.2Q).
    pub peace_chief: bool,
    /// Scouting for the US (9.2Y).
    pub scouts: bool,
    /// Gunrunners (12.1, 0-1): +1 on the Battle Table.
    pub gunrunners: bool,
    /// Stronghold (12.1, 5): attackers -3.
    pub stronghold: bool,
    /// No Horses (12.1, 7): -2 Evasion, new War Parties only in the Village's Area.
    pub no_horses: bool,
}

/// One Village in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Village {
    /// Where it is.
    pub place: Place,
    /// BP in the Village (not those away with War Parties).
    pub bp: i32,
    /// Actions taken this Turn (6.8: at most two).
    pub actions: u8,
    /// Finished for the Turn (6.8).
    pub finished: bool,
    /// Devastation this Turn (7.41), at most 3 a marker.
    pub devastation: i32,
    /// War Parties sent this Turn (6.32).
    pub parties_sent: u8,
    /// Tribes that attacked this Village's Tribe this Turn (6.33).
    pub attacked_by: Vec<Tid>,
    /// The Turn's markers.
    pub marks: Marks,
    /// On Reservation this Turn by Treaty (8.12): for Agency Corruption (8.22).
    pub treaty: Option<Treaty>,
}

/// A Treaty signed this Turn (8.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Treaty {
    /// The Indian player who signed it.
    pub seat: Seat,
    /// The VP he got.
    pub vp: i32,
    /// VP Agency Corruption has taken back so far.
    pub lost: i32,
}

/// A War Party on the map (6.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WarParty {
    /// Its id in notation (`wp3`).
    pub id: u32,
    /// Its Village.
    pub village: Vid,
    /// Where it is.
    pub area: Aid,
    /// Its BP.
    pub bp: i32,
    /// Chiefs with it.
    pub chiefs: Vec<Chid>,
    /// Actions it has taken (its launching attack is the first).
    pub actions: u8,
    /// A combined War Party of a Tribal Alliance (6.73): every Village in it with the
    /// BP it gave (the first is `village`); empty for a War Party of one Village.
    #[serde(default)]
    pub allies: Vec<(Vid, i32)>,
}

impl WarParty {
    /// The Villages in the War Party.
    pub fn villages(&self) -> Vec<Vid> {
        if self.allies.is_empty() {
            vec![self.village]
        } else {
            self.allies.iter().map(|a| a.0).collect()
        }
    }
}

/// A Chief's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChiefStatus {
    /// Alive and free.
    Free,
    /// In Prison (7.81).
    Prison,
    /// Killed (7.8): out of the game.
    Killed,
}

/// A US Column (5.31).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    /// Its id in notation (`c4`).
    pub id: u32,
    /// Its Commander (none between Turns, 5.39).
    pub commander: Option<Cmd>,
    /// BP.
    pub bp: i32,
    /// Field guns.
    pub guns: u8,
    /// Gatling guns.
    pub gatlings: u8,
    /// Its Area.
    pub area: Aid,
    /// In Fort (5.34).
    pub fort: bool,
    /// The US Round it was last played in (5.33).
    pub played: Option<u32>,
    /// Placed or moved this Round: may not attack (5.341, 5.343).
    pub no_attack: bool,
    /// The Mormon Column (9.2O).
    pub mormon: bool,
    /// Besieged (12.1, 4).
    pub siege: bool,
}

/// An Area's Resources and markers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AreaState {
    /// Settlements (1 RP each, 5.21).
    pub settlements: u8,
    /// Towns (5 RP each, 5.22).
    pub towns: u8,
    /// Settlements and Towns hit this Turn (7.22: no Resource twice a Turn): how many
    /// of the markers now here were hit (a Town hit becomes three hit Settlements).
    pub hit_settlements: u8,
    /// RR markers (5.24), broken ones included.
    pub rr: u8,
    /// Broken RR markers (7.24).
    pub rr_broken: u8,
    /// Mines here, with whether each was hit this Turn (7.24).
    pub mines: Vec<(Mid, bool)>,
    /// Massacre markers this Turn (7.64).
    pub massacres: u8,
    /// Buffalo Skulls (9.2G), never removed.
    pub skulls: u8,
    /// A Weather marker: +2 Good, -2 Bad (9.2E, 9.2L).
    pub weather: i32,
    /// A Mission (9.2N).
    pub mission: bool,
    /// A State (10.2).
    pub state: bool,
    /// May not become a State this Turn (Sand Creek, 12.1, 6).
    pub no_statehood: bool,
    /// A Buffalo Hunter Campaign marker (12.1, 2).
    pub hunter_campaign: bool,
    /// Telegraph Lines Cut (12.1, 3).
    pub lines_cut: bool,
}

impl AreaState {
    /// Town and Settlement RP (5.22).
    pub fn town_rp(&self) -> i32 {
        i32::from(self.settlements) + 5 * i32::from(self.towns)
    }
}

/// Who plays what this Turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sides {
    /// The US player.
    pub us: Seat,
    /// Each seat's Tribal cards (empty for the US).
    pub tribes: Vec<Vec<Tid>>,
    /// Tribal cards turned face up (activated, 3.5B).
    pub revealed: Vec<bool>,
}

/// A Treaty offered and waiting for an answer (8.11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// The seat that offered it.
    pub from: Seat,
    /// The seat that must answer.
    pub to: Seat,
    /// The Village going On Reservation.
    pub village: Vid,
    /// VP the Indian player gets (the first five free, 8.11).
    pub vp: i32,
}

/// Who is attacking in a fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Attacker {
    /// One or more Columns (5.7).
    Columns(Vec<u32>),
    /// A War Party.
    Party(u32),
}

/// What is attacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    /// A Village.
    Village(Vid),
    /// A War Party (by id).
    Party(u32),
    /// A Column (by id).
    Column(u32),
}

/// A fight being resolved step by step (7.3, 7.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fight {
    /// The attackers.
    pub attacker: Attacker,
    /// The target.
    pub target: Target,
    /// The Area.
    pub area: Aid,
    /// Ambush succeeded (7.54).
    pub ambush: bool,
    /// A Reaction attack against a relocating Village (5.36): the move it interrupts.
    pub relocating_to: Option<Aid>,
    /// The seat whose Round it is (VP for a Bad Blood attack double, say).
    pub round_of: Seat,
}

/// What a Column may react to (5.35).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    /// A War Party attacked in its Area.
    Attacked(u32),
    /// A War Party is returning to its Village from `from`.
    Returning {
        /// The War Party.
        party: u32,
    },
    /// A Village is relocating from one Area to another.
    Relocating {
        /// The Village.
        village: Vid,
        /// From.
        from: Aid,
        /// To.
        to: Aid,
    },
}

/// The decision the game waits for, besides the Round's own steps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// The defender of a Column attack may try to evade (7.51).
    Evade(Fight),
    /// The US may pursue an evading target (7.53).
    Pursue(Fight),
    /// The pursued Indian may try an Ambush (7.54).
    Ambush(Fight),
    /// The US may try to React with an On Patrol Column (5.35).
    React {
        /// What it reacts to.
        trigger: Trigger,
        /// Columns that have tried already.
        tried: Vec<u32>,
    },
    /// A War Party that took its first action: stay on the map or go home (6.35).
    Stay(u32),
    /// A Treaty offer awaiting its answer.
    Treaty(Offer),
    /// The US may put one of a Village's Chiefs In Prison (7.81).
    Prison(Vid),
    /// The US chooses which Columns lose Attrition BPs (5.38): this many left, and
    /// the Columns already chosen (each loses one).
    Attrition(u8, Vec<u32>),
    /// What a Reaction interrupted, done once the Reaction is over (no decision).
    Finish {
        /// What was interrupted.
        trigger: Trigger,
        /// A Reaction attack stopped a relocating Village (5.36).
        stopped: bool,
    },
}

/// The step of a Round (4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// The US places a Settlement (5.21).
    Settle,
    /// The Resource roll gave a RR: the US may place it (5.24).
    Rail,
    /// The active player plays or discards a Shaman card (9.1).
    Card,
    /// The active player's Operations (4.4B).
    Ops,
}

/// The phase of the Turn (4.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Before the first Turn's deal: the US places its starting Columns (3.45, 11.11D).
    Deploy,
    /// Initial Tribe selection (3.32): the seats in order, and the first pick of the
    /// seat choosing now.
    Pick {
        /// The Indian seats in choosing order.
        order: Vec<Seat>,
        /// Index in `order` of the seat choosing.
        at: usize,
        /// Its first pick, if it may take a second.
        first: Option<Tid>,
    },
    /// The Card Play Rounds (4.4).
    Rounds,
    /// The game is over.
    Over,
}

/// What the US has in Reserve (5.344).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reserve {
    /// BP.
    pub bp: i32,
    /// Field guns.
    pub guns: u8,
    /// Gatling guns.
    pub gatlings: u8,
    /// Commanders drawn this Turn and not yet with a Column.
    pub commanders: Vec<Cmd>,
}

/// Turn-long and game-long effects of Shaman cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effects {
    /// The ACW card has been played (or took effect on Turn 6).
    pub acw_done: bool,
    /// The ACW is in effect this Turn.
    pub acw_now: bool,
    /// The Telegraph is invented (9.2CC).
    pub telegraph: bool,
    /// Gatling Guns may be taken (9.2J).
    pub gatling: bool,
    /// A Gatling taken this Turn (5.51: one a Turn).
    pub gatling_taken: bool,
    /// Springfield Rifles (9.2BB): +1 US Battle DRs.
    pub springfield: bool,
    /// The Oklahoma Land Rush (9.2DD).
    pub land_rush: bool,
    /// Bloody Kansas this Turn (9.2DD).
    pub bloody_kansas: bool,
    /// Peace Policy this Turn (9.2R).
    pub peace_policy: bool,
    /// Reform Movement this Turn (9.2W).
    pub reform: bool,
    /// Winter Campaigning this Turn (9.2HH).
    pub winter: bool,
    /// An Indian-led Massacre this Turn (9.2S).
    pub indian_massacre: bool,
    /// Federales: no raids or relocation into Mexico this Turn (9.2I).
    pub federales: bool,
    /// The Mormons card was played: the US must designate a Mormon Column (9.2O).
    pub mormons_due: bool,
    /// The Transcontinental RR's VP have been awarded (5.241).
    pub transcontinental: bool,
    /// Seats that rolled a Random Event this Turn (12.11).
    pub rolled_event: Vec<Seat>,
    /// Sand Creek has happened (12.1, 6).
    pub sand_creek: bool,
    /// Horse Killers available to the US this Turn (12.1, 7).
    pub horse_killers: bool,
    /// Hostages available to the US this Turn (12.1, 8-9).
    pub hostages: bool,
    /// Rampage: the War Party may attack once more this Round (9.2V).
    pub rampage: Option<u32>,
    /// Atrocity and Reprisal this Round (9.2C).
    pub atrocity: bool,
    /// A Raid card played this Round: the Village that may raid, or any (9.2B, 9.2T).
    pub raid: Option<RaidCard>,
    /// Tribal Alliance played this Round: the Area of its operation (9.2FF, 6.71).
    pub alliance: Option<Aid>,
    /// The ACW takes effect once this Turn's deal is done (9.2A, Turn 6).
    pub pending_acw: bool,
}

/// Which raid a Raid card allows (6.41, 6.42).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RaidCard {
    /// 9.2T: Raider Tribes.
    Raiders,
    /// 9.2B: any Tribe, non-Raiders at a rating of 2.
    Any,
}

/// The whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// Static data.
    pub stat: Arc<Static>,
    /// The Turn (1-8).
    pub turn: u8,
    /// The phase.
    pub phase: Phase,
    /// Sides this Turn.
    pub sides: Sides,
    /// The US player of each Turn so far (3.3).
    pub us_history: Vec<Seat>,
    /// VP per seat.
    pub vp: Vec<i32>,
    /// Each seat's Shaman hand.
    pub hands: Vec<Vec<Card>>,
    /// Cards removed from the game (once-only cards played, 4.71).
    pub removed: Vec<Card>,
    /// Seat order this Turn (4.3): who plays the first Round, then clockwise.
    pub first: Seat,
    /// Rounds played this Turn.
    pub round: u32,
    /// US Rounds played in the game (5.33 counts across Turns).
    pub us_round: u32,
    /// The seat whose Round it is.
    pub active: Seat,
    /// The step of the Round.
    pub step: Step,
    /// Column plays left this Round (5.33).
    pub plays_left: u8,
    /// The current Operation has done its one action (an Indian Round: one Village).
    pub acted: bool,
    /// Decisions pending, the last first.
    pub pending: Vec<Pending>,
    /// Shaman cards each seat has played or discarded this Turn.
    pub cards_used: Vec<u8>,
    /// Shaman cards each seat has played this Turn.
    pub cards_played: Vec<u8>,
    /// The US player's VP at the start of the Turn: the most he may pay in Treaties (8.11).
    pub us_vp_start: i32,
    /// Targets attacked this Round (7.34: once a Round).
    pub attacked: Vec<Target>,
    /// The Village that acted this Round, if any (one a Round, 4.4B).
    pub acting: Option<Vid>,
    /// Rampage played this Round: the first attack may be followed by another (9.2V).
    pub rampage_ready: bool,
    /// Villages offered a Treaty this Round (one offer each a Round).
    pub offered: Vec<Vid>,
    /// Shaman cards played this Turn, face up for everyone.
    pub played: Vec<Card>,
    /// Log lines of the set-up, before the first decision.
    pub opening: Vec<crate::core::game::LogEntry>,
    /// Villages.
    pub villages: Vec<Village>,
    /// War Parties on the map.
    pub parties: Vec<WarParty>,
    /// Next War Party id.
    pub next_party: u32,
    /// Chiefs.
    pub chiefs: Vec<ChiefStatus>,
    /// Columns.
    pub columns: Vec<Column>,
    /// Next Column id.
    pub next_column: u32,
    /// The US Reserve.
    pub reserve: Reserve,
    /// Commanders killed (7.8).
    pub dead_commanders: Vec<Cmd>,
    /// Areas.
    pub areas: Vec<AreaState>,
    /// Mines still in the cup.
    pub mine_cup: Vec<Mid>,
    /// Mines played out (9.2K).
    pub mines_out: Vec<Mid>,
    /// Missions on the map.
    pub missions: u8,
    /// Skulls on the map.
    pub skulls_placed: u8,
    /// Effects.
    pub effects: Effects,
    /// Tribes whose card is On Reservation in the Reservation deck (8.15).
    pub reservation_deck: Vec<Tid>,
    /// The result.
    pub result: Option<Outcome>,
    /// A count that rises with every die roll and every hidden thing shown.
    pub reveals: u64,
    /// The dice.
    pub dice: Dice,
}

impl State {
    /// The Indian seats, in seat order.
    pub fn indian_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.stat.players).filter(|&s| s != self.sides.us)
    }
    /// Whether `seat` is the US this Turn.
    pub fn is_us(&self, seat: Seat) -> bool {
        seat == self.sides.us
    }
    /// The seat holding Tribe `t`'s card this Turn (`None`: Inactive).
    pub fn holder(&self, t: Tid) -> Option<Seat> {
        (0..self.stat.players).find(|&s| self.sides.tribes[usize::from(s)].contains(&t))
    }
    /// The seat controlling Village `v` this Turn.
    pub fn controller(&self, v: Vid) -> Option<Seat> {
        self.holder(self.stat.tribe_of(v))
    }
    /// The Area of a Village on the map.
    pub fn village_area(&self, v: Vid) -> Option<Aid> {
        match self.villages[v].place {
            Place::Area(a) => Some(a),
            _ => None,
        }
    }
    /// A War Party by id.
    pub fn party(&self, id: u32) -> Option<&WarParty> {
        self.parties.iter().find(|p| p.id == id)
    }
    /// A Column by id.
    pub fn column(&self, id: u32) -> Option<&Column> {
        self.columns.iter().find(|c| c.id == id)
    }
    /// The Chiefs of Village `v` available this Turn (6.51): free, in their Turns.
    pub fn chiefs_of(&self, v: Vid) -> impl Iterator<Item = Chid> + '_ {
        (0..self.stat.chiefs.len()).filter(move |&c| {
            let d = &self.stat.chiefs[c];
            d.village == v
                && self.chiefs[c] == ChiefStatus::Free
                && d.def.turns.contains(&self.turn)
        })
    }
    /// Chiefs of `v` at home: available and with no War Party.
    pub fn chiefs_home(&self, v: Vid) -> Vec<Chid> {
        self.chiefs_of(v)
            .filter(|c| !self.parties.iter().any(|p| p.chiefs.contains(c)))
            .collect()
    }
    /// Whether Village `v` is in play on the map (not abroad, on reservation, extinct).
    pub fn on_map(&self, v: Vid) -> bool {
        matches!(self.villages[v].place, Place::Area(_))
    }
    /// Whether Tribe `t` is in play: some Village neither On Reservation nor Extinct.
    pub fn tribe_in_play(&self, t: Tid) -> bool {
        self.stat.villages_of(t).any(|v| {
            matches!(
                self.villages[v].place,
                Place::Area(_) | Place::Abroad { .. }
            )
        })
    }
    /// A Column's Speed (5.32).
    pub fn speed(&self, c: &Column) -> i32 {
        let over = (c.bp - 5).max(0);
        let base = 3 - (over + 4) / 5;
        let pursuit = c.commander.map_or(0, |k| self.stat.commanders[k].pursuit);
        let scouts = self.scouted(c.area);
        (base - i32::from(c.guns) + pursuit + i32::from(scouts)).max(0)
    }
    /// Whether a Scout Village is in or next to `a` (9.2Y: +1 Speed).
    pub fn scouted(&self, a: Aid) -> bool {
        (0..self.villages.len()).any(|v| {
            self.villages[v].marks.scouts
                && self
                    .village_area(v)
                    .is_some_and(|va| va == a || self.stat.adjacent(va, a))
        })
    }
    /// Resource Points of an Area for Statehood and Survival: unbroken (10.21, 6.62).
    pub fn rp(&self, a: Aid) -> i32 {
        let s = &self.areas[a];
        let mines: i32 = s.mines.iter().map(|&(m, _)| self.stat.mines[m].value).sum();
        s.town_rp() + 2 * i32::from(s.rr - s.rr_broken) + mines
    }
    /// States now.
    pub fn states(&self) -> usize {
        self.areas.iter().filter(|a| a.state).count()
    }
    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.result.is_some()
    }
}

/// A d10 read 0-9 (2.4). Forced dice in tests give the value plus one.
pub fn d10(dice: &mut Dice) -> i32 {
    i32::from(dice.roll(10)) - 1
}
