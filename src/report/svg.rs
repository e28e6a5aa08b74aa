//! The charts written beside a Markdown report (hand-written SVG): mean score per
//! seat at the end of each turn, and for a ranked report each seat's places.

use super::Report;
use super::ranked::{Places, ordinal};
use super::stats::pct;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Line colours of the seats in the chart (seat 0, 1, ...; repeats after the last).
const COLOURS: [&str; 6] = [
    "#c0392b", "#1f5fa8", "#2e8b57", "#8e44ad", "#d35400", "#555555",
];

/// Colours of the places in the places chart (1st, 2nd, ...; the last repeats).
const PLACE_COLOURS: [&str; 6] = [
    "#1b7837", "#7fbc41", "#e6c229", "#f1a340", "#d6604d", "#984ea3",
];

/// The path of the chart written beside a Markdown report: `<stem>-vp.svg`.
pub fn svg_path(md: &Path) -> PathBuf {
    let stem = md
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "report".into());
    md.with_file_name(format!("{stem}-vp.svg"))
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A tick step of 1, 2 or 5 times a power of ten giving about five ticks over `span`.
fn nice_step(span: f64) -> f64 {
    let raw = (span / 5.0).max(1e-9);
    let mag = 10f64.powf(raw.log10().floor());
    let f = raw / mag;
    mag * if f <= 1.0 {
        1.0
    } else if f <= 2.0 {
        2.0
    } else if f <= 5.0 {
        5.0
    } else {
        10.0
    }
}

impl Report {
    /// The per-turn chart: mean score per seat at the end of each turn, one polyline per
    /// seat, with axes, turn ticks and a legend naming the seats and their players.
    pub fn svg(&self) -> String {
        let rows = self.per_turn();
        let (w, h) = (720.0, 400.0);
        let (left, right, top, bottom) = (60.0, 170.0, 40.0, 50.0);
        let (pw, ph) = (w - left - right, h - top - bottom);
        let first = rows.first().map_or(self.first_turn, |r| r.turn);
        let last = rows.last().map_or(first, |r| r.turn).max(first + 1);
        let values = rows.iter().flat_map(|r| r.mean.iter().copied());
        let (mut lo, mut hi) = values.fold((0.0f64, 1.0f64), |(a, b), v| (a.min(v), b.max(v)));
        let step = nice_step(hi - lo);
        lo = (lo / step).floor() * step;
        hi = (hi / step).ceil() * step;
        let x = |t: u32| left + pw * f64::from(t - first) / f64::from(last - first);
        let y = |v: f64| top + ph * (hi - v) / (hi - lo);
        let mut o = String::new();
        // A ranked report adds its places chart below the per-turn one.
        let places = self.ranked().then(|| self.places());
        let extra = places
            .as_ref()
            .map_or(0.0, |_| 70.0 + 26.0 * self.seats.len() as f64);
        let full = h + extra;
        let _ = writeln!(
            o,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{full}" viewBox="0 0 {w} {full}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(
            o,
            r#"<rect x="0" y="0" width="{w}" height="{full}" fill="white"/>"#
        );
        let _ = writeln!(
            o,
            r#"<text x="{}" y="22" font-size="15" text-anchor="middle">{}: mean {} per turn ({} games)</text>"#,
            left + pw / 2.0,
            xml(&self.scenario_name),
            xml(&self.score_name),
            self.n()
        );
        // Horizontal grid lines and value ticks.
        let ticks = ((hi - lo) / step).round() as i64;
        let decimals = if step >= 1.0 {
            0
        } else {
            (-step.log10().floor()) as usize
        };
        for i in 0..=ticks {
            let v = lo + step * i as f64;
            let yy = y(v);
            let _ = writeln!(
                o,
                r##"<line x1="{left}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="#dddddd"/>"##,
                left + pw
            );
            let _ = writeln!(
                o,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{v:.decimals$}</text>"#,
                left - 6.0,
                yy + 4.0
            );
        }
        // Turn ticks.
        let every = (f64::from(last - first) / 20.0).ceil().max(1.0) as u32;
        let mut t = first;
        while t <= last {
            let xx = x(t);
            let _ = writeln!(
                o,
                r##"<line x1="{xx:.1}" y1="{:.1}" x2="{xx:.1}" y2="{:.1}" stroke="black"/>"##,
                top + ph,
                top + ph + 5.0
            );
            let _ = writeln!(
                o,
                r#"<text x="{xx:.1}" y="{:.1}" text-anchor="middle">{t}</text>"#,
                top + ph + 18.0
            );
            t += every;
        }
        // Axes and their labels.
        let _ = writeln!(
            o,
            r##"<path d="M{left} {top} V{:.1} H{:.1}" fill="none" stroke="black"/>"##,
            top + ph,
            left + pw
        );
        let _ = writeln!(
            o,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">turn (score at its end)</text>"#,
            left + pw / 2.0,
            h - 12.0
        );
        let _ = writeln!(
            o,
            r#"<text transform="translate(16 {:.1}) rotate(-90)" text-anchor="middle">mean {}</text>"#,
            top + ph / 2.0,
            xml(&self.score_name)
        );
        // One polyline per seat, and the legend.
        for (s, name) in self.seats.iter().enumerate() {
            let colour = COLOURS[s % COLOURS.len()];
            let points: Vec<String> = rows
                .iter()
                .map(|r| format!("{:.1},{:.1}", x(r.turn), y(r.mean[s])))
                .collect();
            let _ = writeln!(
                o,
                r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"/>"#,
                points.join(" ")
            );
            for r in &rows {
                let _ = writeln!(
                    o,
                    r#"<circle cx="{:.1}" cy="{:.1}" r="2.5" fill="{colour}"/>"#,
                    x(r.turn),
                    y(r.mean[s])
                );
            }
            let ly = top + 10.0 + 22.0 * s as f64;
            let lx = left + pw + 16.0;
            let _ = writeln!(
                o,
                r#"<line x1="{lx:.1}" y1="{ly:.1}" x2="{:.1}" y2="{ly:.1}" stroke="{colour}" stroke-width="3"/>"#,
                lx + 24.0
            );
            let player = self
                .players
                .get(s)
                .map(ToString::to_string)
                .unwrap_or_default();
            let _ = writeln!(
                o,
                r#"<text x="{:.1}" y="{:.1}">{} ({player})</text>"#,
                lx + 30.0,
                ly + 4.0,
                xml(name)
            );
        }
        if let Some(p) = &places {
            self.places_svg(&mut o, p, h, w - right);
        }
        o.push_str("</svg>\n");
        o
    }

    /// The places chart, from `top` down: one bar per seat split by place (1st at the
    /// left), each place's share of the finished games, the part of it shared by a tie
    /// paler, ending at `end`; a legend of the places on the right.
    fn places_svg(&self, o: &mut String, p: &Places, top: f64, end: f64) {
        let (lx, bx) = (16.0, 170.0);
        let bw = end - bx;
        let width = p.count.first().map_or(0, Vec::len);
        let _ = writeln!(
            o,
            r#"<text x="{:.1}" y="{:.1}" font-size="15" text-anchor="middle">Places in the {} finished games (paler: shared by a tie)</text>"#,
            (bx + end) / 2.0,
            top + 24.0,
            p.games
        );
        for (s, name) in self.seats.iter().enumerate() {
            let y = top + 44.0 + 26.0 * s as f64;
            let _ = writeln!(
                o,
                r#"<text x="{lx:.1}" y="{:.1}">{} (mean rank {:.2})</text>"#,
                y + 13.0,
                xml(name),
                p.mean[s]
            );
            let mut x = bx;
            for j in 0..width {
                let colour = PLACE_COLOURS[j.min(PLACE_COLOURS.len() - 1)];
                let (c, t) = (p.count[s][j], p.tied[s][j]);
                let part = |k: usize| bw * k as f64 / p.games.max(1) as f64;
                for (k, opacity) in [(c - t, 1.0), (t, 0.5)] {
                    if k == 0 {
                        continue;
                    }
                    let _ = writeln!(
                        o,
                        r#"<rect x="{x:.1}" y="{y:.1}" width="{:.1}" height="18" fill="{colour}" fill-opacity="{opacity}"><title>{} {}: {k} games{}</title></rect>"#,
                        part(k),
                        xml(name),
                        ordinal(j + 1),
                        if opacity < 1.0 { ", tied" } else { "" }
                    );
                    x += part(k);
                }
                if c > 0 && part(c) >= 34.0 {
                    let _ = writeln!(
                        o,
                        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="11">{:.0}%</text>"#,
                        x - part(c) / 2.0,
                        y + 13.0,
                        pct(c, p.games)
                    );
                }
            }
        }
        for j in 0..width {
            let y = top + 44.0 + 20.0 * j as f64;
            let colour = PLACE_COLOURS[j.min(PLACE_COLOURS.len() - 1)];
            let _ = writeln!(
                o,
                r#"<rect x="{:.1}" y="{y:.1}" width="14" height="14" fill="{colour}"/>"#,
                end + 16.0
            );
            let _ = writeln!(
                o,
                r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
                end + 36.0,
                y + 11.0,
                ordinal(j + 1)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_path_sits_beside_the_report() {
        assert_eq!(
            svg_path(Path::new("docs/balance/g/s.md")),
            PathBuf::from("docs/balance/g/s-vp.svg")
        );
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(1.0), 0.2);
        assert_eq!(nice_step(10.0), 2.0);
        assert_eq!(nice_step(23.0), 5.0);
    }
}
