#!/usr/bin/env python3
"""Build budget: what reading and writing the twitter structs as JSON costs at build time, with
spool (twitter_spool.cpp) and with nlohmann/json (twitter_nlohmann.cpp).

    measure.py --compiler g++ [--compiler clang++] --flags "-O2 -DNDEBUG" --include DIR...
               [--runs 3] [--check-input twitter.json] --out budget.json

Each translation unit is compiled --runs times per compiler, spool and nlohmann/json taking turns
(A B, then B A, ...) so that drift on a shared machine falls on both alike. The compiler is
called directly, never through ccache. Figures per unit: median wall time and median CPU time
(user + system of the compiler), and the object's text + data (binutils `size`) and file size.
With --check-input, the two objects of the first compiler are linked with check.cpp and run on
that file, which must show them doing the same work. Writes JSON (read by bench/results.py
--budget) and prints a markdown table. Standard library only.
"""

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
UNITS = {"spool": "twitter_spool.cpp", "nlohmann/json": "twitter_nlohmann.cpp"}


def compile_once(command):
    """-> (wall seconds, CPU seconds) of one compiler run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def text_and_data(obj):
    """text + data of an object file from binutils' `size` (Berkeley format), or None."""
    size = shutil.which("size")
    if size is None:
        return None
    out = subprocess.run([size, obj], check=True, capture_output=True, text=True).stdout.splitlines()
    fields = out[1].split()
    return int(fields[0]) + int(fields[1])


def version(compiler):
    out = subprocess.run([compiler, "--version"], check=True, capture_output=True, text=True).stdout
    return out.splitlines()[0].strip()


def measure(compiler, flags, includes, runs, work):
    os.makedirs(work, exist_ok=True)
    base = [compiler, "-std=c++20", *flags, *[f"-I{d}" for d in includes], "-c"]
    samples = {name: [] for name in UNITS}
    objects = {name: os.path.join(work, source.replace(".cpp", ".o")) for name, source in UNITS.items()}
    order = list(UNITS)
    for run in range(runs):
        for name in order if run % 2 == 0 else reversed(order):
            command = base + [os.path.join(HERE, UNITS[name]), "-o", objects[name]]
            samples[name].append(compile_once(command))
            print(f"  {os.path.basename(compiler)} {name} run {run + 1}/{runs}: "
                  f"{samples[name][-1][0]:.1f} s wall, {samples[name][-1][1]:.1f} s CPU", file=sys.stderr)
    units = {}
    for name in UNITS:
        walls = [w for w, _ in samples[name]]
        cpus = [c for _, c in samples[name]]
        units[name] = {
            "wall_s": statistics.median(walls),
            "wall_min_s": min(walls),
            "cpu_s": statistics.median(cpus),
            "text_data_bytes": text_and_data(objects[name]),
            "file_bytes": os.path.getsize(objects[name]),
        }
    return {"compiler": version(compiler), "command": " ".join(base), "runs": runs, "units": units}, objects


def check(compiler, flags, includes, objects, work, input_path):
    exe = os.path.join(work, "budget_check")
    subprocess.run([compiler, "-std=c++20", *flags, *[f"-I{d}" for d in includes],
                    os.path.join(HERE, "check.cpp"), *objects.values(), "-o", exe], check=True)
    result = subprocess.run([exe, input_path], capture_output=True, text=True)
    sys.stderr.write(result.stdout + result.stderr)
    said = (result.stdout or result.stderr).strip()
    return said.removeprefix("budget check: "), result.returncode == 0


def fmt_bytes(n):
    return "-" if n is None else f"{n / 1024:.0f} KiB"


def table(report):
    """Markdown lines for the budget report (also used by bench/results.py)."""
    lines = ["| compiler | library | compile wall (median) | compile CPU (median) | text + data | object file |",
             "|---|---|---:|---:|---:|---:|"]
    for entry in report["compilers"]:
        units = entry["units"]
        for name, u in units.items():
            lines.append(f"| {entry['compiler']} | {name} | {u['wall_s']:.2f} s | {u['cpu_s']:.2f} s | "
                         f"{fmt_bytes(u['text_data_bytes'])} | {fmt_bytes(u['file_bytes'])} |")
        s, n = units["spool"], units["nlohmann/json"]
        td = (f"{s['text_data_bytes'] / n['text_data_bytes']:.2f}×"
              if s["text_data_bytes"] and n["text_data_bytes"] else "-")
        lines.append(f"| {entry['compiler']} | spool / nlohmann/json | {s['wall_s'] / n['wall_s']:.2f}× | "
                     f"{s['cpu_s'] / n['cpu_s']:.2f}× | {td} | {s['file_bytes'] / n['file_bytes']:.2f}× |")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--compiler", action="append", required=True)
    parser.add_argument("--flags", default="-O2 -DNDEBUG")
    parser.add_argument("--include", action="append", default=[])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--check-input")
    parser.add_argument("--work", default=os.path.join(os.getcwd(), "budget"))
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    flags = args.flags.split()
    # The compilers search the system folders anyway; naming them with -I would reorder them.
    includes = [d for d in args.include if d and d not in ("/usr/include", "/usr/local/include")]
    report = {"flags": " ".join(flags), "compilers": []}
    for i, compiler in enumerate(args.compiler):
        entry, objects = measure(compiler, flags, includes, args.runs, os.path.join(args.work, str(i)))
        report["compilers"].append(entry)
        if i == 0:
            if args.check_input and os.path.isfile(args.check_input):
                report["check"], passed = check(compiler, flags, includes, objects, args.work, args.check_input)
                if not passed:
                    return 1
            else:
                report["check"] = f"skipped: no input at {args.check_input}"
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(report, f, indent=2)
    print("\n".join(table(report)))
    print(f"\nflags: {report['flags']}; {report['check']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
