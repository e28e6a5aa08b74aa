//! What a finished combat hands back to the strategic game (C7.2, C4.3.4): each
//! strategic unit's tactical counters killed, surrendered and returned, whether any of
//! them was on the map (the whole strategic unit is then restricted), the movement
//! restrictions that follow, and the Lodge-loss level. The campaign (issue 32) applies
//! this report; a standalone combat shows it on its result screen.

use crate::games::nez_perce_tactical::data::Side;
use crate::games::nez_perce_tactical::state::{Loc, State};
use serde::{Deserialize, Serialize};

/// A movement restriction on a strategic unit after a combat (C7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Restriction {
    /// It may not move at all on the next strategic turn (Army units).
    NoMove,
    /// It may not use fast movement on that strategic turn.
    NoFast,
}

/// One strategic unit's part in the combat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitResult {
    /// Strategic unit id (`"perry"`, `"camps"`, `"town:virginia_city"`).
    pub id: String,
    /// Its side.
    pub side: Side,
    /// Tactical counters killed (C6.4.4).
    pub killed: Vec<String>,
    /// Tactical counters surrendered (C6.4.3).
    pub surrendered: Vec<String>,
    /// Tactical counters that come back for later combats (C7.1, C7.2: those that left
    /// the map, broke, stayed on it, or never came on).
    pub returned: Vec<String>,
    /// At least one of its counters was on the tactical map (C7.2: the whole strategic
    /// unit is then restricted).
    pub took_part: bool,
    /// Its restrictions on the next strategic turns, in order: the first applies to the
    /// turn right after the combat (C7.2).
    pub restrictions: Vec<Restriction>,
}

/// C4.3.4's effect of the Lodges lost so far in the campaign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum LodgeLoss {
    /// 0-3 Lodges: no effect.
    None,
    /// 4-6: only the Warrior Band units may use fast movement; the Village moves
    /// normally at all times.
    VillageSlow,
    /// 7-8: no Indian strategic unit may use fast movement.
    NoFast,
    /// 9: the Village is removed, the bands move at half normal movement (fractions
    /// dropped), and the tactical Indian units may not mount.
    VillageGone,
}

impl LodgeLoss {
    /// The level for a campaign total of Lodges killed or surrendered (C4.3.4).
    pub fn of(total: u32) -> LodgeLoss {
        match total {
            0..=3 => LodgeLoss::None,
            4..=6 => LodgeLoss::VillageSlow,
            7..=8 => LodgeLoss::NoFast,
            _ => LodgeLoss::VillageGone,
        }
    }
}

/// The whole report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aftermath {
    /// Each strategic unit in the combat, in the order its counters were listed.
    pub units: Vec<UnitResult>,
    /// Lodges killed or surrendered in this combat.
    pub lodges_lost: u32,
    /// Lodges lost in the campaign, this combat included.
    pub lodges_lost_total: u32,
    /// C4.3.4's level for that total.
    pub lodge_loss: LodgeLoss,
}

/// The report of a combat (it may be asked before the end: counters still on the map
/// count as returned).
pub fn aftermath(s: &State) -> Aftermath {
    let mut units: Vec<UnitResult> = vec![];
    for u in &s.units {
        let k = match units.iter().position(|r| r.id == u.strategic) {
            Some(k) => k,
            None => {
                units.push(UnitResult {
                    id: u.strategic.clone(),
                    side: u.side,
                    killed: vec![],
                    surrendered: vec![],
                    returned: vec![],
                    took_part: false,
                    restrictions: vec![],
                });
                units.len() - 1
            }
        };
        let r = &mut units[k];
        match u.loc {
            Loc::Killed => r.killed.push(u.id.clone()),
            Loc::Surrendered => r.surrendered.push(u.id.clone()),
            _ => r.returned.push(u.id.clone()),
        }
        // Waiting beside the map and never placed are the only ways not to have been
        // on it ("adjacent to the map but did not come on").
        if !matches!(u.loc, Loc::Waiting(..) | Loc::Unplaced) {
            r.took_part = true;
        }
    }
    for r in &mut units {
        if r.took_part {
            r.restrictions = match r.side {
                Side::Army => vec![Restriction::NoMove, Restriction::NoFast],
                Side::Indian => vec![Restriction::NoFast],
            };
        }
    }
    let lodges_lost = s.lodges_lost() as u32;
    let total = lodges_lost + s.stat.scenario.lodges_lost_before;
    Aftermath {
        units,
        lodges_lost,
        lodges_lost_total: total,
        lodge_loss: LodgeLoss::of(total),
    }
}
