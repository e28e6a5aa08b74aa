//! The strategic game's rule arithmetic, as pure functions the campaign's sequence of
//! play calls: search superiority and the Search Table (B5.2), Army supply in towns and
//! forts (B3.0), major-river crossings (B4.4.2), the Indian Fast-movement cycle (B4.3),
//! the Lodge-loss limits (C4.3.4) and the D2.0 victory points and levels (with B8.0's
//! Sitting Bull points).

use super::data::{Rank, River, SearchTable, Supply, Tables, UnitDef};
use crate::games::nez_perce_tactical::data::Side;
use crate::games::nez_perce_tactical::rules::aftermath::LodgeLoss;

/// B5.2: "the search values of all the units in the hex are added together and the
/// evasion value of the Indian unit in the hex is subtracted from the sum. If there is
/// more than one Indian unit in the hex subtract the value of the unit having the
/// lowest evasion value".
pub fn search_superiority(search_values: &[i32], evasions: &[i32]) -> i32 {
    search_values.iter().sum::<i32>() - evasions.iter().copied().min().unwrap_or(0)
}

/// B5.2: the Search Table, cross-indexing the modified die with the superiority (both
/// clamped to the table's rows and columns); `true` is a "C", contact.
pub fn search_contact(t: &SearchTable, die: u8, modifier: i32, superiority: i32) -> bool {
    let row = (i32::from(die) + modifier).clamp(t.die_min, t.die_max);
    let col = superiority.clamp(t.sup_min, t.sup_max);
    row + col >= t.contact_at
}

/// B3.0: which of the Army units in one town or fort are supplied. Units of the limited
/// ranks (Captain, Major, Colonel) are supplied up to the limit, those the player
/// `prefers` first and then in the order given; every other rank is supplied.
pub fn supplied(t: &Supply, units: &[(String, Rank)], prefers: &[String]) -> Vec<String> {
    let limited = |r: &Rank| t.limited_ranks.contains(r);
    let mut order: Vec<&(String, Rank)> = units
        .iter()
        .filter(|(id, r)| limited(r) && prefers.contains(id))
        .collect();
    order.extend(
        units
            .iter()
            .filter(|(id, r)| limited(r) && !prefers.contains(id)),
    );
    let chosen: Vec<&String> = order.iter().take(t.limit).map(|(id, _)| id).collect();
    units
        .iter()
        .filter(|(id, r)| !limited(r) || chosen.contains(&id))
        .map(|(id, _)| id.clone())
        .collect()
}

/// B4.4.2: whether the hexside between `a` and `b` (hex numbers) is the one always
/// crossed freely.
pub fn free_crossing(t: &River, a: &str, b: &str) -> bool {
    t.free_hexsides
        .iter()
        .any(|(x, y)| (x == a && y == b) || (x == b && y == a))
}

/// B4.4.2: whether a crossing roll of `die` on `turn` takes a unit of `side` over a
/// major river ("On a die roll of one (1) the unit may cross" in turns 1-11 for the
/// Indians, the Army not at all; from turn 12 the Indians on one or two, the Army on
/// one).
pub fn crosses(t: &River, side: Side, turn: u32, die: u8) -> bool {
    let late = turn >= t.change_turn;
    let best = match (side, late) {
        (Side::Indian, false) => t.indian_before,
        (Side::Indian, true) => t.indian_from,
        (Side::Army, false) => t.army_before,
        (Side::Army, true) => t.army_from,
    };
    die >= 1 && die <= best
}

/// B4.3: an Indian unit that last moved Fast on `last_fast` may move Fast on `turn`
/// ("after using fast movement an Indian unit must use normal movement for the next
/// three turns").
pub fn indian_fast_turn(t: &Tables, turn: u32, last_fast: Option<u32>) -> bool {
    let every = t.indian_fast_every.value.max(1) as u32;
    last_fast.is_none_or(|l| turn >= l + every)
}

/// C4.3.4: whether a unit of this kind may move Fast with the campaign's Lodge losses.
pub fn fast_allowed(level: LodgeLoss, u: &UnitDef) -> bool {
    match u.side {
        Side::Army => true,
        Side::Indian => match level {
            LodgeLoss::None => true,
            LodgeLoss::VillageSlow => u.rank != Rank::Village,
            LodgeLoss::NoFast | LodgeLoss::VillageGone => false,
        },
    }
}

/// C4.3.4: a unit's Normal movement allowance with the campaign's Lodge losses (with all
/// nine lost, "the Strategic Warrior band units may only move at half normal movement
/// (dropping fractions)").
pub fn normal_allowance(level: LodgeLoss, u: &UnitDef) -> u32 {
    if u.side == Side::Indian && level == LodgeLoss::VillageGone {
        u.normal / 2
    } else {
        u.normal
    }
}

/// What the D2.0 victory points count, at the end of the campaign.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Brave units killed.
    pub braves_killed: i32,
    /// Brave units surrendered.
    pub braves_surrendered: i32,
    /// Lodges killed.
    pub lodges_killed: i32,
    /// Lodges surrendered.
    pub lodges_surrendered: i32,
    /// Surviving brave units whose band is in Canada.
    pub braves_canada: i32,
    /// Surviving brave units whose band is in the United States.
    pub braves_us: i32,
    /// Surviving Lodges in Canada (with the Village).
    pub lodges_canada: i32,
    /// Surviving Lodges in the United States.
    pub lodges_us: i32,
    /// The Sitting Bull optional rule was used (B8.0).
    pub sitting_bull: bool,
}

/// D2.0: the Army's victory points.
pub fn army_points(t: &Tables, c: &Count) -> i32 {
    let a = &t.victory.army;
    a.brave_killed * c.braves_killed
        + a.brave_surrendered * c.braves_surrendered
        + a.lodge_surrendered * c.lodges_surrendered
        + a.lodge_killed * c.lodges_killed
        + if c.sitting_bull {
            t.sitting_bull.army_points
        } else {
            0
        }
}

/// D2.0: the Indian's victory points.
pub fn indian_points(t: &Tables, c: &Count) -> i32 {
    let i = &t.victory.indian;
    i.brave_canada * c.braves_canada
        + i.brave_us * c.braves_us
        + i.lodge_canada * c.lodges_canada
        + i.lodge_us * c.lodges_us
}

/// D2.0: the victory level of a margin (Army points minus Indian points).
pub fn level(t: &Tables, margin: i32) -> &str {
    t.victory
        .levels
        .iter()
        .find(|l| margin >= l.min)
        .or(t.victory.levels.last())
        .map_or("", |l| l.name.as_str())
}
