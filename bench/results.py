#!/usr/bin/env python3
"""Summarises Google Benchmark JSON files written by bench/run.sh.

    results.py --table FILE.json...                      a short table on stdout
    results.py --markdown OUT.md --charts DIR FILE.json  bench/RESULTS.md and SVG charts (gnuplot)
    results.py --markdown OUT.md --keep-other-sections ... rewrites only the sections of the areas
                                                         measured; the rest of OUT.md stays as it was

Benchmark names read "<benchmark>/<input>/<library>". Each file's context names its A/B variant
("base" or the SPOOL_DISABLE_* switch's suffix). Every repetition of every process is one sample;
a figure is the median of its samples (CPU time per operation), its spread half the interquartile
range over the median.
Standard library only (runs with Debian's python3).
"""

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
from collections import defaultdict

TIME_SCALE = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}

# The A/B switches, in the words of RESULTS.md.
VARIANTS = {
    "nopool": "pool off (SPOOL_DISABLE_POOL)",
    "nofastpath": "limit check without the constant fast path (SPOOL_DISABLE_LIMIT_FAST_PATH)",
    "noexact": "growth instead of exact-size reads (SPOOL_DISABLE_EXACT_SIZE_READ)",
    "nogenreset": "clearing instead of generation reset (SPOOL_DISABLE_GENERATION_RESET)",
    "nomemo": "registry lookup instead of the MRU plan memo (SPOOL_DISABLE_PLAN_MEMO)",
    "notypeplans": "the MRU plan memo instead of TOML's per-type plans (SPOOL_DISABLE_TOML_TYPE_PLANS)",
    "norecycle": "naive stream buffer instead of recycling (SPOOL_DISABLE_STREAM_RECYCLE)",
}

# Pairs inside one executable: (segment of the baseline row, segment of the changed row, label).
INNER_PAIRS = [
    ("100KB_limit_default", "100KB_limit_256KiB", "retention limit raised to 256 KiB"),
    ("limit_default", "limit_256KiB", "retention limit raised to 256 KiB"),
    ("document", "stream", "the same messages from a stream reader instead of one in-memory document"),
]


class Sample:
    __slots__ = ("ns", "mbps", "allocs", "bytes")

    def __init__(self, run):
        # CPU time of the benchmark thread (user + system): on a shared machine it leaves out the
        # time the thread waited for a core, which wall time would charge to whichever side ran
        # while another job was busy.
        self.ns = run["cpu_time"] * TIME_SCALE[run.get("time_unit", "ns")]
        bps = run.get("bytes_per_second")
        self.mbps = bps / 1e6 if bps else None
        self.allocs = run.get("allocs/op")
        self.bytes = run.get("bytes/op")


class Row:
    """All samples of one benchmark name in one variant."""

    def __init__(self, name):
        self.name = name
        parts = name.split("/")
        self.library = parts[-1]
        self.key = "/".join(parts[:-1])
        self.input = parts[-2] if len(parts) >= 2 else ""
        self.samples = []
        self.skipped = None

    def median(self, field):
        values = [getattr(s, field) for s in self.samples if getattr(s, field) is not None]
        return statistics.median(values) if values else None

    def spread(self):
        times = sorted(s.ns for s in self.samples)
        if len(times) < 4:
            return (times[-1] - times[0]) / 2 / statistics.median(times) if len(times) > 1 else 0.0
        q = statistics.quantiles(times, n=4)
        return (q[2] - q[0]) / 2 / statistics.median(times)


def load(paths):
    """-> ({area: {variant: {name: Row}}}, contexts, {(area, variant): variant it is measured against})"""
    areas = defaultdict(lambda: defaultdict(dict))
    contexts = []
    references = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        context = data.get("context", {})
        contexts.append(context)
        variant = context.get("spool_variant", "base")
        area = os.path.basename(context.get("executable", path)).split("_bench")[0]
        references[(area, variant)] = context.get("spool_reference", "base")
        rows = areas[area][variant]
        for run in data.get("benchmarks", []):
            if run.get("run_type", "iteration") != "iteration":
                continue
            name = run.get("run_name", run["name"])
            row = rows.setdefault(name, Row(name))
            if run.get("error_occurred"):
                row.skipped = run.get("error_message", "error")
                continue
            row.samples.append(Sample(run))
    return areas, contexts, references


def fmt_time(ns):
    if ns is None:
        return "-"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def fmt_num(x, digits=3):
    if x is None:
        return "-"
    if x == 0:
        return "0"
    if abs(x) >= 1e6:
        return f"{x / 1e6:.{digits}g}M"
    if abs(x) >= 1e4:
        return f"{x / 1e3:.{digits}g}k"
    if abs(x) >= 100:
        return f"{x:.0f}"
    return f"{x:.{digits}g}"


def fmt_bytes(x):
    if x is None:
        return "-"
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if x >= scale:
            return f"{x / scale:.3g} {unit}"
    return f"{x:.3g} B"


def fmt_ratio(r):
    return "-" if r is None else f"{r:.2f}×"


def memcpy_rows(rows):
    return {r.input: r for r in rows.values() if r.library == "memcpy" and r.samples}


def peer_ratios(rows):
    """{(key): {library: peer_time / spool_time}} for keys that have a spool row."""
    by_key = defaultdict(dict)
    for r in rows.values():
        if r.samples:
            by_key[r.key][r.library] = r
    out = {}
    for key, libs in by_key.items():
        spool = libs.get("spool")
        if spool is None:
            continue
        out[key] = {lib: r.median("ns") / spool.median("ns")
                    for lib, r in libs.items() if lib not in ("spool", "memcpy")}
    return out


def order_key(row):
    return (row.key, row.library != "spool", row.library)


def area_table(rows):
    """Markdown table of one area's base variant."""
    references = memcpy_rows(rows)
    ratios = peer_ratios(rows)
    lines = ["| benchmark | library | median | ± | MB/s | of memcpy | bytes/op | allocs/op | peer time / spool time |",
             "|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for row in sorted(rows.values(), key=order_key):
        if row.library == "memcpy":
            continue
        if row.skipped and not row.samples:
            lines.append(f"| {row.key} | {row.library} | {row.skipped} | | | | | | |")
            continue
        mbps = row.median("mbps")
        ref = references.get(row.input)
        fraction = f"{100 * mbps / ref.median('mbps'):.1f} %" if mbps and ref else "-"
        vs = ""
        if row.library == "spool" and row.key in ratios:
            vs = ", ".join(f"{lib} {fmt_ratio(r)}" for lib, r in sorted(ratios[row.key].items()))
        lines.append(f"| {row.key} | {row.library} | {fmt_time(row.median('ns'))} | {100 * row.spread():.1f} % | "
                     f"{fmt_num(mbps)} | {fraction} | {fmt_bytes(row.median('bytes'))} | "
                     f"{fmt_num(row.median('allocs'))} | {vs} |")
    if references:
        lines.append("")
        lines.append("memcpy of each input (the bandwidth reference): " + ", ".join(
            f"{name} {fmt_num(r.median('mbps'))} MB/s" for name, r in sorted(references.items())))
    return lines


def ab_table(area, variants, references):
    lines = []
    for variant, rows in sorted(variants.items()):
        if variant == "base":
            continue
        reference = references.get((area, variant), "base")
        base = variants.get(reference, {})
        against = f"{area}_bench" if reference == "base" else f"{area}_bench_{reference}"
        lines += ["", f"**{VARIANTS.get(variant, variant)}** (`{area}_bench_{variant}` against `{against}`)", "",
                  "| benchmark | on | off | off / on time | bytes/op on → off | allocs/op on → off |",
                  "|---|---:|---:|---:|---|---|"]
        for name in sorted(rows):
            off, on = rows[name], base.get(name)
            if on is None or not on.samples or not off.samples or off.library == "memcpy":
                continue
            lines.append(f"| {name} | {fmt_time(on.median('ns'))} | {fmt_time(off.median('ns'))} | "
                         f"{fmt_ratio(off.median('ns') / on.median('ns'))} | "
                         f"{fmt_bytes(on.median('bytes'))} → {fmt_bytes(off.median('bytes'))} | "
                         f"{fmt_num(on.median('allocs'))} → {fmt_num(off.median('allocs'))} |")
    inner = []
    base = variants.get("base", {})
    for name, row in sorted(base.items()):
        for before, after, label in INNER_PAIRS:
            segments = name.split("/")
            if before not in segments:
                continue
            other = base.get("/".join(after if s == before else s for s in segments))
            if other is None or not other.samples or not row.samples:
                continue
            inner.append(f"| {name} → {other.name} | {label} | {fmt_time(row.median('ns'))} → "
                         f"{fmt_time(other.median('ns'))} | {fmt_ratio(row.median('ns') / other.median('ns'))} | "
                         f"{fmt_bytes(row.median('bytes'))} → {fmt_bytes(other.median('bytes'))} | "
                         f"{fmt_num(row.median('allocs'))} → {fmt_num(other.median('allocs'))} |")
    if inner:
        lines += ["", "**Inside one executable**", "",
                  "| benchmark | change | time | before / after time | bytes/op | allocs/op |",
                  "|---|---|---|---:|---|---|"] + inner
    return lines


def machine():
    cpu = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} logical CPUs, {platform.system()} {platform.release()}"


def chart(area, rows, directory):
    """A grouped bar chart of speed (MB/s, or operations/s where no size is known) per library."""
    gnuplot = shutil.which("gnuplot")
    if gnuplot is None:
        return None
    keys = defaultdict(dict)
    for r in rows.values():
        if r.samples and r.library != "memcpy":
            keys[r.key][r.library] = r
    keys = {k: v for k, v in keys.items() if "spool" in v and len(v) > 1}
    if not keys:
        return None
    libraries = sorted({lib for v in keys.values() for lib in v}, key=lambda l: (l != "spool", l))
    os.makedirs(directory, exist_ok=True)
    data = os.path.join(directory, f"{area}.dat")
    with open(data, "w", encoding="utf-8") as f:
        f.write("benchmark " + " ".join(libraries) + "\n")
        for key in sorted(keys):
            spool_ns = keys[key]["spool"].median("ns")
            cells = [f"{spool_ns / keys[key][lib].median('ns'):.4f}" if lib in keys[key] else "NaN"
                     for lib in libraries]
            f.write(f'"{key}" ' + " ".join(cells) + "\n")
    svg = os.path.join(directory, f"{area}.svg")
    script = f"""
set terminal svg size 1100,{300 + 28 * len(keys)} dynamic font 'sans,11'
set output '{svg}'
set title '{area}: speed relative to spool (spool = 1, higher is faster)'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set key outside right top
set xtics rotate by -35 left noenhanced
set ylabel 'speed / spool speed'
set grid ytics
set yrange [0:*]
plot for [i=2:{len(libraries) + 1}] '{data}' using i:xtic(1) title columnhead(i)
"""
    subprocess.run([gnuplot], input=script, text=True, check=True)
    os.remove(data)
    return svg


def budget_section(path, measured):
    """The "Build budget" section from bench/budget/measure.py's JSON."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "budget"))
    import measure  # bench/budget/measure.py: the table is made in one place
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    runs = report["compilers"][0]["runs"] if report["compilers"] else 0
    return ["## Build budget", "", measured, "",
            "One translation unit that reads and writes the twitter structs as JSON "
            "(`bench/budget/twitter_spool.cpp`), against the same with nlohmann/json and its "
            "to_json/from_json (`bench/budget/twitter_nlohmann.cpp`); compiled alone, not through "
            f"ccache, {runs} times each, taking turns; medians. Flags: `{report['flags']}`. "
            "CPU is user + system time of the compiler, the steadier figure on a shared machine. "
            f"Same work: {report.get('check', '?')}.", ""] + measure.table(report) + [""]


def measured_line(date, command):
    return f"Measured {date} by `{command}`."


def earlier_ab_blocks(section, area):
    """{variant: lines} of the A/B tables in an earlier section of `area`, each with the line saying
    which run measured it: its own if it was kept from an older run already, else the section's."""
    section_measured = next((line for line in section[1:4] if line.startswith("Measured ")), "")
    heads, measured, tables, current = {}, {}, {}, None
    for line in section:
        found = re.match(rf"^\*\*.*\*\* \(`{re.escape(area)}_bench_([a-z0-9]+)` against", line)
        if found:
            current = found.group(1)
            heads[current], measured[current], tables[current] = line, section_measured, []
        elif current and line.startswith("Measured "):
            measured[current] = line
        elif current and line.startswith("|"):
            tables[current].append(line)
        elif current and (line.strip() or tables[current]):
            current = None  # the first line after the table (or anything that is no part of one)
    return {v: [heads[v], "", measured[v], ""] + tables[v] for v in heads if tables[v]}


def earlier_sections(path):
    """{title: lines} of the "## " sections of an earlier RESULTS.md, each with the line that says
    which run it comes from (made from the old header's date and command where a section, written
    before sections said so, has none)."""
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        text = f.read()
    date = re.search(r"^- date: (.*)$", text, re.M)
    command = re.search(r"from the JSON output of\s+`([^`]*)`", text)
    fallback = measured_line(date.group(1) if date else "?", command.group(1) if command else "?")
    sections, title = {}, None
    for line in text.split("\n"):
        if line.startswith("## "):
            title = line[3:].strip()
            sections[title] = [line]
        elif title:
            sections[title].append(line)
    for lines in sections.values():
        while lines and not lines[-1].strip():
            lines.pop()
        if not any(line.startswith("Measured ") for line in lines[1:3]):
            lines[1:1] = ["", fallback]
        lines.append("")
    return sections


def markdown(areas, contexts, references, command, charts_dir, out_path, budget=None, keep_other_sections=False):
    ctx = contexts[0] if contexts else {}
    date = ctx.get("date", "?")
    lines = ["# spool benchmark results", "",
             "Generated by `bench/results.py` from the JSON output of `bench/run.sh`; each "
             "section names the run it comes from; do not edit by hand.", "",
             f"- machine: {machine()}",
             f"- compiler: {ctx.get('compiler', '?')}",
             f"- flags (spool and every header-only peer): `{ctx.get('flags', '?')}`; "
             "simdjson is Debian's prebuilt shared library",
             f"- peers: {ctx.get('peers', '?')}",
             f"- inputs: {ctx.get('inputs', '?')}",
             f"- Google Benchmark {ctx.get('library_build_type', '')} build; "
             f"samples per figure: repetitions × rounds (separate processes, A/B interleaved)",
             "",
             "Median CPU time per operation (user + system of the benchmark thread); ± is half the interquartile range over the median. "
             "bytes/op and allocs/op count every heap allocation (malloc family, so C allocators "
             "too) made by the operation, measured after the timed loop with warm pools. "
             "`peer time / spool time` above 1 means spool is faster by that factor.", ""]
    kept = earlier_sections(out_path) if keep_other_sections else {}
    budget_title = "Build budget"
    for area in sorted(set(areas) | (set(kept) - {budget_title})):
        if area not in areas:
            lines += kept[area]
            continue
        variants = areas[area]
        lines += [f"## {area}", "", measured_line(date, command), ""]
        if "base" in variants:
            lines += area_table(variants["base"])
            svg = chart(area, variants["base"], charts_dir) if charts_dir else None
            if svg:
                rel = os.path.relpath(svg, os.path.dirname(os.path.abspath(out_path)))
                lines += ["", f"![{area}: spool against the peers]({rel})"]
        ab = ab_table(area, variants, references)
        if ab:
            lines += ["", "### A/B: each mechanism against its switched-off build"] + ab
        earlier = earlier_ab_blocks(kept[area], area) if area in kept else {}
        not_run = [v for v in sorted(earlier) if v not in variants]
        if not_run:
            lines += ["", "### A/B of the switches this run did not measure, from the run that did"]
            for variant in not_run:
                lines += [""] + earlier[variant]
        lines.append("")
    if budget:
        lines += budget_section(budget, measured_line(date, command))
    elif budget_title in kept:
        lines += kept[budget_title]
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def table(areas):
    for area in sorted(areas):
        rows = areas[area].get("base", {})
        ratios = peer_ratios(rows)
        print(f"\n== {area}")
        print(f"{'benchmark':<52} {'library':<13} {'time':>10} {'MB/s':>8} {'bytes/op':>10} {'allocs/op':>9}  vs spool")
        for row in sorted(rows.values(), key=order_key):
            if row.skipped and not row.samples:
                print(f"{row.key:<52} {row.library:<13} {row.skipped}")
                continue
            vs = ""
            if row.library != "spool" and row.library != "memcpy" and row.key in ratios:
                vs = f"spool {fmt_ratio(ratios[row.key][row.library])} faster"
            print(f"{row.key:<52} {row.library:<13} {fmt_time(row.median('ns')):>10} "
                  f"{fmt_num(row.median('mbps')):>8} {fmt_bytes(row.median('bytes')):>10} "
                  f"{fmt_num(row.median('allocs')):>9}  {vs}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+")
    parser.add_argument("--table", action="store_true")
    parser.add_argument("--markdown")
    parser.add_argument("--charts")
    parser.add_argument("--command", default="bench/run.sh")
    parser.add_argument("--budget", help="bench/budget/measure.py's JSON, for the Build budget section")
    parser.add_argument("--keep-other-sections", action="store_true",
                        help="keep the sections of OUT.md for areas (and the budget) not measured now")
    args = parser.parse_args()
    areas, contexts, references = load(args.files)
    if args.table or not args.markdown:
        table(areas)
    if args.markdown:
        markdown(areas, contexts, references, args.command, args.charts, args.markdown, args.budget,
                 args.keep_other_sections)
    return 0


if __name__ == "__main__":
    sys.exit(main())
