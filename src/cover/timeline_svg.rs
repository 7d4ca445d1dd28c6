//! The coverage-over-time plot of the HTML report: the blocks covered
//! against the seconds since the run began (the JSON's `timeline`), as a
//! small self-contained SVG step line with its axes labelled.

use std::fmt::Write as _;

use super::document::TimelineEntry;

/// Plot size in pixels, and the margins kept for the axis labels.
const WIDTH: f64 = 480.0;
const HEIGHT: f64 = 180.0;
const LEFT: f64 = 48.0;
const BOTTOM: f64 = 28.0;
const TOP: f64 = 10.0;
const RIGHT: f64 = 12.0;

/// The plot, or `None` with fewer than two points.
pub fn svg(points: &[TimelineEntry]) -> Option<String> {
    if points.len() < 2 {
        return None;
    }
    let blocks = points.iter().map(|p| p.blocks).max().unwrap_or(0).max(1) as f64;
    let end = points
        .iter()
        .map(|p| p.seconds)
        .fold(0.0_f64, f64::max)
        .max(0.001);
    let x = |s: f64| LEFT + (WIDTH - LEFT - RIGHT) * s / end;
    let y = |b: usize| TOP + (HEIGHT - TOP - BOTTOM) * (1.0 - b as f64 / blocks);
    // A step line: the count holds until the next point.
    let mut path = String::new();
    let mut last: Option<usize> = None;
    for p in points {
        if let Some(prev) = last {
            let _ = write!(path, " {:.1},{:.1}", x(p.seconds), y(prev));
        }
        let _ = write!(path, " {:.1},{:.1}", x(p.seconds), y(p.blocks_covered));
        last = Some(p.blocks_covered);
    }
    let final_count = last.unwrap_or(0);
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeline\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" aria-label=\"blocks covered over time\">"
    );
    // Axes, the total as a dashed line, and the labels.
    let (x0, y0) = (LEFT, HEIGHT - BOTTOM);
    let _ = write!(
        out,
        "<line x1=\"{x0}\" y1=\"{y0}\" x2=\"{:.1}\" y2=\"{y0}\" stroke=\"#444\"/><line x1=\"{x0}\" y1=\"{TOP}\" x2=\"{x0}\" y2=\"{y0}\" stroke=\"#444\"/>",
        WIDTH - RIGHT
    );
    let _ = write!(
        out,
        "<line x1=\"{x0}\" y1=\"{TOP}\" x2=\"{:.1}\" y2=\"{TOP}\" stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>",
        WIDTH - RIGHT
    );
    let _ = write!(
        out,
        "<polyline fill=\"none\" stroke=\"#2a7d2a\" stroke-width=\"2\" points=\"{}\"/>",
        path.trim()
    );
    let label = |out: &mut String, x: f64, y: f64, anchor: &str, text: &str| {
        let _ = write!(
            out,
            "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"11\" text-anchor=\"{anchor}\">{text}</text>"
        );
    };
    label(
        &mut out,
        x0 - 4.0,
        TOP + 4.0,
        "end",
        &format!("{}", blocks as usize),
    );
    label(&mut out, x0 - 4.0, y0, "end", "0");
    label(&mut out, x0, y0 + 16.0, "middle", "0 s");
    label(
        &mut out,
        WIDTH - RIGHT,
        y0 + 16.0,
        "end",
        &format!("{end:.1} s"),
    );
    label(
        &mut out,
        (x0 + WIDTH - RIGHT) / 2.0,
        y0 + 16.0,
        "middle",
        &format!("blocks covered: {final_count} of {}", blocks as usize),
    );
    out.push_str("</svg>");
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(seconds: f64, blocks_covered: usize) -> TimelineEntry {
        TimelineEntry {
            seconds,
            blocks_covered,
            blocks: 10,
        }
    }

    #[test]
    fn a_step_line_from_the_first_point_to_the_last() {
        let svg = svg(&[point(0.0, 0), point(1.0, 4), point(2.0, 10)]).unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        // (0 s, 0) at the origin; the count holds at 4 until 2 s; 10 at the top.
        assert!(
            svg.contains("points=\"48.0,152.0 258.0,152.0 258.0,95.2 468.0,95.2 468.0,10.0\""),
            "{svg}"
        );
        assert!(svg.contains("blocks covered: 10 of 10"), "{svg}");
    }

    #[test]
    fn no_plot_from_one_point() {
        assert!(svg(&[point(0.0, 3)]).is_none());
    }
}
