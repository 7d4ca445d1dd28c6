//! Fig. 4 of the JAUT paper: the time to reach foo's target as `a` grows
//! (foo compiled with `a` a constant), one search and one replay per value,
//! drawn as an SVG plot with `plotters` and listed in RESULTS.md.

use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use jaut::classpath::ClassPath;
use jaut::program::Program;

use super::{secs, FOO_A};
pub(super) struct FooPoint {
    a: u32,
    search: Duration,
    replay: Duration,
    verdict: String,
    input: String,
}

/// Fig. 4: one search for foo's target (`return 1`) per value of `a`, and
/// the replay of the state found.
pub(super) fn fig4(variants: &Path, timeout: f64) -> anyhow::Result<Vec<FooPoint>> {
    let mut cp = Program::new(ClassPath::new()?);
    cp.add(&variants.join("classes"))?;
    let config = jaut::search::Config::default().with_timeout(Duration::from_secs_f64(timeout));
    let mut replayer =
        jaut::replay::Replayer::start(&[variants.join("classes")], config.assertions)?;
    let mut out = Vec::new();
    for a in FOO_A {
        let class = cp.load(&format!("foo/FooA{a}"))?;
        let method = class
            .methods
            .iter()
            .find(|m| m.name == "foo")
            .ok_or_else(|| anyhow::anyhow!("FooA{a} has no foo"))?;
        let code = method.code.as_ref().expect("foo has code");
        // The target: the `return 1` (iconst_1 followed by ireturn).
        let pc = code
            .instructions
            .windows(2)
            .find(|w| w[0].mnemonic() == "iconst_1" && w[1].mnemonic() == "ireturn")
            .map(|w| w[0].pc)
            .ok_or_else(|| anyhow::anyhow!("FooA{a}: no `return 1`"))?;
        let outcome = jaut::search::search(&cp, &class, method, pc, &config)?;
        let mut point = FooPoint {
            a,
            search: outcome.stats.total,
            replay: Duration::ZERO,
            verdict: outcome.verdict.name().to_string(),
            input: String::new(),
        };
        if let jaut::search::Verdict::Reached { state, .. } = &outcome.verdict {
            point.input = state
                .args
                .iter()
                .map(|a| match &a.value {
                    jaut::labeling::Value::Int(i) => format!("{} = {i}", a.name),
                    other => format!("{} = {other:?}", a.name),
                })
                .collect::<Vec<_>>()
                .join(", ");
            let t = Instant::now();
            let request = jaut::replay::ReplayRequest::new(&class, method, Some(pc), state);
            match replayer.replay(&request) {
                Ok(o) if o.reached => point.verdict = "reached (replayed)".into(),
                Ok(_) => point.verdict = "reached by the search, not by the replay".into(),
                Err(e) => point.verdict = format!("replay failed: {e}"),
            }
            point.replay = t.elapsed();
        }
        eprintln!("foo a = {a}: {} in {:.2?}", point.verdict, point.search);
        out.push(point);
    }
    Ok(out)
}

/// The Fig. 4 plot: search time against `a` (log scale).
pub(super) fn plot(points: &[FooPoint], path: &Path) -> anyhow::Result<()> {
    use plotters::prelude::*;
    let root = SVGBackend::new(path, (720, 420)).into_drawing_area();
    root.fill(&WHITE)?;
    let max = points
        .iter()
        .map(|p| p.search.as_secs_f64())
        .fold(0.0f64, f64::max)
        .max(0.01)
        * 1.15;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Fig. 4: time to reach foo's target as a grows",
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d((1f64..10_000f64).log_scale(), 0f64..max)?;
    chart
        .configure_mesh()
        .x_desc("a (log scale)")
        .y_desc("search time (s)")
        .draw()?;
    let series: Vec<(f64, f64)> = points
        .iter()
        .map(|p| (f64::from(p.a), p.search.as_secs_f64()))
        .collect();
    chart.draw_series(LineSeries::new(series.clone(), &BLUE))?;
    chart.draw_series(
        series
            .iter()
            .map(|&(x, y)| Circle::new((x, y), 4, BLUE.filled())),
    )?;
    root.present()?;
    Ok(())
}

/// The Fig. 4 section of RESULTS.md: the plot and one row per value of `a`.
pub(super) fn write_fig4(md: &mut String, points: &[FooPoint]) {
    let _ = writeln!(
            md,
            "## Fig. 4: time to reach foo's target as `a` grows\n\n\
             `foo` compiled with `a` a constant (`static final int a = N`); one search for the `return 1` \
             (exactly 42 loop iterations, so `i` in (41a, 42a]), then a replay of the state found.\n\n\
             ![time to reach foo's target against a](fig4-foo.svg)\n\n\
             | a | search s | replay s | verdict | input |\n|---:|---:|---:|---|---|"
        );
    for p in points {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} |",
            p.a,
            secs(p.search),
            secs(p.replay),
            p.verdict,
            p.input
        );
    }
    md.push('\n');
}
