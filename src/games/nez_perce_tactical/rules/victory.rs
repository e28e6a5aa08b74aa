//! The end of a combat (C3.1, C7.1) and its result as a standalone game: the D2.0
//! points for braves and Lodges killed and surrendered, shown as the margin this combat
//! adds to the campaign's Army-minus-Indian total.

use crate::core::game::Outcome;
use crate::games::nez_perce_tactical::data::Side;
use crate::games::nez_perce_tactical::state::{Loc, State};

/// The D2.0 tallies of one combat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Brave units killed.
    pub braves_killed: i32,
    /// Brave units surrendered.
    pub braves_surrendered: i32,
    /// Lodges killed.
    pub lodges_killed: i32,
    /// Lodges surrendered.
    pub lodges_surrendered: i32,
    /// Army units killed or surrendered (no D2.0 points; shown, and the tie-break).
    pub army_lost: i32,
}

impl Tally {
    /// Count the piles.
    pub fn of(s: &State) -> Tally {
        let mut t = Tally::default();
        for (i, u) in s.units.iter().enumerate() {
            let c = s.class(i);
            match (u.loc, u.side) {
                (Loc::Killed, Side::Indian) if c.brave => t.braves_killed += 1,
                (Loc::Surrendered, Side::Indian) if c.brave => t.braves_surrendered += 1,
                (Loc::Killed, Side::Indian) if c.lodge => t.lodges_killed += 1,
                (Loc::Surrendered, Side::Indian) if c.lodge => t.lodges_surrendered += 1,
                (Loc::Killed | Loc::Surrendered, Side::Army) => t.army_lost += 1,
                _ => {}
            }
        }
        t
    }
    /// The Army's D2.0 points: 5 per killed brave, 2 per surrendered brave, 7 per
    /// surrendered Lodge, -8 per killed Lodge.
    pub fn army_points(&self) -> i32 {
        5 * self.braves_killed + 2 * self.braves_surrendered + 7 * self.lodges_surrendered
            - 8 * self.lodges_killed
    }
    /// The Indian's D2.0 points these losses cost, at the United States rates (2 per
    /// surviving brave, 6 per surviving Lodge).
    pub fn indian_points_lost(&self) -> i32 {
        2 * (self.braves_killed + self.braves_surrendered)
            + 6 * (self.lodges_killed + self.lodges_surrendered)
    }
    /// What the combat adds to the campaign's Army-minus-Indian margin.
    pub fn margin(&self) -> i32 {
        self.army_points() + self.indian_points_lost()
    }
}

/// Scores for reports: the Army's D2.0 points, and the Indian's points lost (negative).
pub fn scores(s: &State) -> Vec<i32> {
    let t = Tally::of(s);
    vec![t.army_points(), -t.indian_points_lost()]
}

/// The result once the combat is over: the Army wins with a positive margin, the
/// Indian with a negative one; at 0 the Indian wins if the Army lost a unit killed or
/// surrendered, else it is a draw (reconstruction: D2.0 scores campaigns, not single
/// combats).
pub fn outcome(s: &State) -> Outcome {
    let t = Tally::of(s);
    let margin = t.margin();
    let winner = if margin > 0 {
        Some(Side::Army)
    } else if margin < 0 || t.army_lost > 0 {
        Some(Side::Indian)
    } else {
        None
    };
    let summary = format!(
        "Margin {margin:+} (D2.0): Army {} points ({} braves killed, {} surrendered; {} Lodges killed, {} surrendered), Indian {} points lost; Army units lost {}. {}",
        t.army_points(),
        t.braves_killed,
        t.braves_surrendered,
        t.lodges_killed,
        t.lodges_surrendered,
        t.indian_points_lost(),
        t.army_lost,
        match winner {
            Some(Side::Army) => "The Army wins the combat.",
            Some(Side::Indian) => "The Indian player wins the combat.",
            None => "A draw.",
        }
    );
    let summary = format!("{summary} {}", effects_line(s));
    Outcome::decided(2, winner.map(Side::seat), scores(s), summary)
}

/// The strategic effects in words (C7.2, C4.3.4), for the result screen.
pub fn effects_line(s: &State) -> String {
    let a = super::aftermath::aftermath(s);
    let names = |side: Side| {
        a.units
            .iter()
            .filter(|r| r.side == side && r.took_part)
            .map(|r| r.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (army, indian) = (names(Side::Army), names(Side::Indian));
    let mut line = String::from("Strategic effects (C7.2):");
    if !army.is_empty() {
        line += &format!(" {army} may not move next strategic turn, nor move fast the turn after;");
    }
    if !indian.is_empty() {
        line += &format!(" {indian} may not move fast next strategic turn;");
    }
    line += &format!(
        " Lodges lost {} ({} in the campaign: {}, C4.3.4).",
        a.lodges_lost,
        a.lodges_lost_total,
        match a.lodge_loss {
            super::aftermath::LodgeLoss::None => "no effect",
            super::aftermath::LodgeLoss::VillageSlow => "only the bands may move fast",
            super::aftermath::LodgeLoss::NoFast => "no Indian unit may move fast",
            super::aftermath::LodgeLoss::VillageGone =>
                "the Village is removed, the bands move at half speed and may not mount",
        }
    );
    line
}
