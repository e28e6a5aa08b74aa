//! The balance reports' Markdown, drawn as the scenario screen shows it: headings,
//! paragraphs, tables as tables (numbers right-aligned as the report marks them),
//! command lines in monospace, and the report's score chart drawn from the per-turn
//! table that follows its image line. Only the subset `report/markdown.rs` writes is
//! read; anything else shows as its text.

use bevy_egui::egui;

/// A block of a report.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// A heading (level 1 or 2 and more).
    Heading(u8, String),
    /// A paragraph (its lines joined).
    Paragraph(String),
    /// An indented code line (a command to reproduce the report).
    Code(String),
    /// A table: the header, whether each column is right-aligned, and the rows.
    Table {
        /// Column names.
        header: Vec<String>,
        /// Right-aligned columns (`---:`).
        right: Vec<bool>,
        /// The cells.
        rows: Vec<Vec<String>>,
    },
    /// A chart of the mean score per seat at the end of each turn, from the table after
    /// the report's image line: the seat names and one row of means per turn (from the
    /// turn `first`).
    Chart {
        /// The image's alternative text.
        title: String,
        /// The first turn.
        first: u32,
        /// Seat names.
        seats: Vec<String>,
        /// Per turn, per seat.
        rows: Vec<Vec<f32>>,
    },
}

fn cells(line: &str) -> Vec<String> {
    let t = line.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t.strip_suffix('|').unwrap_or(t);
    t.split('|').map(|c| c.trim().to_string()).collect()
}

/// Text as shown: the Markdown marks for code and emphasis taken out.
fn plain(s: &str) -> String {
    s.replace("**", "").replace('`', "")
}

/// Read a report into blocks.
pub fn parse(text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = vec![];
    let mut para: Vec<&str> = vec![];
    let mut chart_title: Option<String> = None;
    let flush = |para: &mut Vec<&str>, out: &mut Vec<Block>| {
        if !para.is_empty() {
            out.push(Block::Paragraph(plain(&para.join(" "))));
            para.clear();
        }
    };
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let t = line.trim();
        if t.is_empty() {
            flush(&mut para, &mut out);
        } else if let Some(h) = t.strip_prefix("## ") {
            flush(&mut para, &mut out);
            out.push(Block::Heading(2, plain(h)));
        } else if let Some(h) = t.strip_prefix("# ") {
            flush(&mut para, &mut out);
            out.push(Block::Heading(1, plain(h)));
        } else if line.starts_with("    ") && para.is_empty() {
            out.push(Block::Code(t.to_string()));
        } else if let Some(rest) = t.strip_prefix("![") {
            flush(&mut para, &mut out);
            chart_title = Some(rest.split(']').next().unwrap_or("").to_string());
        } else if t.starts_with('|')
            && lines.get(i + 1).is_some_and(|n| {
                n.trim().starts_with("|--")
                    || n.trim().starts_with("|:-")
                    || n.trim().starts_with("|-")
            })
        {
            flush(&mut para, &mut out);
            let header = cells(t);
            let right = cells(lines[i + 1])
                .iter()
                .map(|c| c.ends_with(':'))
                .collect();
            i += 2;
            let mut rows = vec![];
            while i < lines.len() && lines[i].trim().starts_with('|') {
                rows.push(cells(lines[i]).iter().map(|c| plain(c)).collect());
                i += 1;
            }
            let chart = chart_title
                .take()
                .and_then(|title| chart_of(&title, &header, &rows));
            out.push(Block::Table {
                header,
                right,
                rows,
            });
            if let Some(c) = chart {
                // The chart goes before its table, where the image was.
                let n = out.len();
                out.insert(n - 1, c);
            }
            continue;
        } else {
            para.push(t);
        }
        i += 1;
    }
    flush(&mut para, &mut out);
    out
}

/// The chart of a per-turn table (`Turn | Games | seat... |`).
fn chart_of(title: &str, header: &[String], rows: &[Vec<String>]) -> Option<Block> {
    if header.first().map(String::as_str) != Some("Turn") || header.len() < 3 {
        return None;
    }
    let seats = header[2..].to_vec();
    let first = rows.first()?.first()?.parse().ok()?;
    let rows: Vec<Vec<f32>> = rows
        .iter()
        .map(|r| r.iter().skip(2).map(|c| c.parse().unwrap_or(0.0)).collect())
        .collect();
    Some(Block::Chart {
        title: title.to_string(),
        first,
        seats,
        rows,
    })
}

/// Draw the blocks.
pub fn show(ui: &mut egui::Ui, blocks: &[Block]) {
    for (k, b) in blocks.iter().enumerate() {
        match b {
            Block::Heading(1, t) => {
                ui.heading(t);
            }
            Block::Heading(_, t) => {
                ui.add_space(4.0);
                ui.strong(t);
            }
            Block::Paragraph(t) => {
                ui.label(t);
            }
            Block::Code(t) => {
                ui.label(egui::RichText::new(t).monospace().small());
            }
            Block::Table {
                header,
                right,
                rows,
            } => {
                egui::Grid::new(("report_table", k))
                    .striped(true)
                    .spacing(egui::vec2(10.0, 2.0))
                    .show(ui, |ui| {
                        for h in header {
                            ui.label(egui::RichText::new(h).strong().small());
                        }
                        ui.end_row();
                        for r in rows {
                            for (c, cell) in r.iter().enumerate() {
                                let text = egui::RichText::new(cell).small();
                                let (bar, rest) = split_bar(cell);
                                if bar > 0 {
                                    bar_cell(ui, bar, rest);
                                } else if right.get(c).copied().unwrap_or(false) {
                                    ui.with_layout(
                                        egui::Layout::right_to_left(egui::Align::Center),
                                        |ui| ui.label(text),
                                    );
                                } else {
                                    ui.label(text);
                                }
                            }
                            ui.end_row();
                        }
                    });
            }
            Block::Chart {
                title,
                first,
                seats,
                rows,
            } => {
                ui.small(title);
                super::result::score_chart(ui, seats, *first, rows);
            }
        }
        ui.add_space(2.0);
    }
}

/// A histogram cell (`█████ 25.0%`): the number of bar characters and the rest.
pub fn split_bar(cell: &str) -> (usize, &str) {
    let rest = cell.trim_start_matches('█');
    let n = (cell.len() - rest.len()) / '█'.len_utf8();
    (n, rest.trim())
}

/// A histogram cell drawn as a bar (the default font has no block characters).
fn bar_cell(ui: &mut egui::Ui, n: usize, rest: &str) {
    ui.horizontal(|ui| {
        let w = 4.0 * n as f32;
        let (r, _) = ui.allocate_exact_size(egui::vec2(w, 10.0), egui::Sense::hover());
        ui.painter()
            .rect_filled(r, 1.0, egui::Color32::from_rgb(86, 180, 233));
        ui.label(egui::RichText::new(rest).small());
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_histogram_cell_is_a_bar_and_its_share() {
        assert_eq!(super::split_bar("███ 9.5%"), (3, "9.5%"));
        assert_eq!(super::split_bar("12"), (0, "12"));
    }

    use super::*;

    #[test]
    fn a_report_reads_as_headings_paragraphs_code_tables_and_its_chart() {
        let text = "# Balance report: X (`h/x`)\n\nSome **text**\nwrapped.\n\n    wargame simulate --games 2\n\n## Results\n\n| Side | Wins |\n|---|---:|\n| Indian | 3 |\n| Army | 1 |\n\n## Victory points per turn\n\n![Mean victory points](x-vp.svg)\n\nMean points.\n\n| Turn | Games | Indian | Army |\n|---:|---:|---:|---:|\n| 1 | 2 | 0.50 | 0.00 |\n| 2 | 2 | 1.00 | 2.50 |\n";
        let b = parse(text);
        assert_eq!(b[0], Block::Heading(1, "Balance report: X (h/x)".into()));
        assert_eq!(b[1], Block::Paragraph("Some text wrapped.".into()));
        assert_eq!(b[2], Block::Code("wargame simulate --games 2".into()));
        assert_eq!(b[3], Block::Heading(2, "Results".into()));
        assert_eq!(
            b[4],
            Block::Table {
                header: vec!["Side".into(), "Wins".into()],
                right: vec![false, true],
                rows: vec![
                    vec!["Indian".into(), "3".into()],
                    vec!["Army".into(), "1".into()]
                ],
            }
        );
        assert_eq!(b[5], Block::Heading(2, "Victory points per turn".into()));
        assert_eq!(b[6], Block::Paragraph("Mean points.".into()));
        assert_eq!(
            b[7],
            Block::Chart {
                title: "Mean victory points".into(),
                first: 1,
                seats: vec!["Indian".into(), "Army".into()],
                rows: vec![vec![0.5, 0.0], vec![1.0, 2.5]],
            }
        );
        assert!(matches!(b[8], Block::Table { .. }));
    }

    #[test]
    fn every_shipped_report_reads_with_its_chart() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/balance");
        let mut n = 0;
        for game in std::fs::read_dir(&root).unwrap().flatten() {
            if !game.path().is_dir() {
                continue;
            }
            for f in std::fs::read_dir(game.path()).unwrap().flatten() {
                let p = f.path();
                if p.extension().is_some_and(|x| x == "md") {
                    let text = std::fs::read_to_string(&p).unwrap();
                    let blocks = parse(&text);
                    let charts = blocks
                        .iter()
                        .filter(|b| matches!(b, Block::Chart { .. }))
                        .count();
                    assert_eq!(charts, usize::from(text.contains("![")), "{}", p.display());
                    assert!(
                        blocks.iter().any(|b| matches!(b, Block::Table { .. })),
                        "{}",
                        p.display()
                    );
                    n += 1;
                }
            }
        }
        assert!(n > 20, "{n} reports");
    }
}
