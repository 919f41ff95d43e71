"""The suite's run: boards, measurements, files. ``python -m benchmarks`` calls
:func:`main`; its docstring (``benchmarks/__main__.py``) describes what is measured.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from _common import commit, cpu_model, environment, make_console, say_to, write_json
from _suite_limits import (
    ARRAY_SHAPES,
    FORMAT_SHAPES,
    QUICK_ARRAY_SHAPES,
    QUICK_FORMAT_SHAPES,
    alpha_strike,
    arrays_vs_direct,
    count_scaling,
    formatting,
    maximal_vs_all,
    typical_best,
)
from _suite_plots import plots
from _suite_report import markdown
from _suite_runs import (
    METHODS,
    Measured,
    list_capped,
    measure_best,
    measure_count,
    preload_backends,
    run_process,
    startup,
)
from boards import Board, boards

import riftsolve as rs

#: The cards measured by default, a few per family (``--cards all``: every one).
CARDS = ("Alpha Strike", "Volibear, Furious", "Fox-Fire", "Tricksy Tentacles",
         "Bellows Breath", "Crescent Strike", "Dragon's Rage", "Call to Battle", "combat")
QUICK_CARDS = ("Alpha Strike", "Fox-Fire", "Crescent Strike", "combat")
SIZES = (10, 100, 1000)
QUICK_SIZES = (10, 100)
#: Streaming must stay under this peak resident memory, however many answers.
STREAM_MIB = 200.0
#: The enormous listing: Alpha Strike's 5 damage among 110 chosen enemies keeps any 5 of
#: them, C(110, 5) = 122,391,522 answers (355.14.h.1); the first 10**8 are streamed.
STREAM_ENEMIES = 110
#: Boards of the finalization counts' growth, and the cards counted on them (the largest
#: with its objects, one in twenty, within a board's 50,000 units and objects).
SCALING_SIZES = (1_000, 10_000, 47_500)
QUICK_SCALING_SIZES = (1_000, 2_000)
SCALING_CARDS = ("Alpha Strike", "Fox-Fire", "Tricksy Tentacles", "Crescent Strike")
#: Fox-Fire boards whose maximal subsets are listed against every feasible subset.
MAXIMAL_SIZES = (200, 400, 700)
QUICK_MAXIMAL_SIZES = (200,)


def settings(argv: Sequence[str] | None, doc: str | None = None) -> argparse.Namespace:
    """The suite's settings from the command line; ``doc`` (``benchmarks/__main__.py``'s
    docstring) is the help's description."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks", description=doc or "The benchmark suite.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="boards of 10 and 100 units, one card per family, fewer "
                        "repeats, short budgets, smaller limits (CI; under a minute)")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results",
                        help="folder for results.json, summary.md and the plots")
    parser.add_argument("--sizes", type=int, nargs="+",
                        help="units per board (default: 10 100 1000; quick: 10 100)")
    parser.add_argument("--cards", nargs="+", help="cards to measure ('all', 'combat')")
    parser.add_argument("--seed", type=int, default=1, help="the boards' seed (default: 1)")
    parser.add_argument("--budget", type=float,
                        help="seconds per capped listing (default: 2; quick: 0.3)")
    parser.add_argument("--list-cap", type=int,
                        help="answers listed per method (default: 10**6; quick: 10**4)")
    parser.add_argument("--brute-limit", type=int, help="most answers the brute force "
                        "scores (default: 50,000; quick: 2,000)")
    parser.add_argument("--repeats", type=int,
                        help="timings per median, drawn as a bar (default: 5; quick: 3)")
    parser.add_argument("--stream", type=int, help="answers of the enormous streamed "
                        "listing (default: 10**8; quick: 10**6)")
    args = parser.parse_args(argv)
    quick = args.quick
    args.sizes = args.sizes or (QUICK_SIZES if quick else SIZES)
    if args.cards == ["all"]:
        args.cards = None
    elif args.cards is None:
        args.cards = QUICK_CARDS if quick else CARDS
    args.budget = args.budget or (0.3 if quick else 2.0)
    args.list_cap = args.list_cap or (10**4 if quick else 10**6)
    args.brute_limit = args.brute_limit or (2_000 if quick else 50_000)
    args.repeats = args.repeats or (3 if quick else 5)
    args.stream = args.stream or (10**6 if quick else 10**8)
    return args


def measure(board: Board, args: argparse.Namespace) -> Measured:
    """Every in-process measurement of one board's question."""
    scenario = rs.parse_scenario(board.data)
    measured = Measured(board.name, board.family, board.card, board.units, board.question)
    answers, runs, error = measure_count(scenario, board.question, args.repeats)
    measured.answers, measured.count_error, measured.runs_ms = answers, error, runs
    if runs:
        measured.count_ms = statistics.median(runs["count"])
        measured.rules_ms = statistics.median(runs["rules"])
    wanted = args.list_cap if answers is None else min(answers, args.list_cap)
    for method in METHODS:
        listing = list_capped(scenario, board.question, method, args.list_cap, args.budget,
                              args.repeats)
        if listing.complete and listing.answers != wanted and not listing.error:
            listing.error = f"listed {listing.answers} answers, expected {wanted}"
        measured.listings[method] = listing
    if board.question == "resolve" and answers:
        best = measure_best(scenario, board.family, answers, args.repeats, args.brute_limit)
        measured.objective, measured.best_agrees = best.objective, best.agrees
        measured.best_error = best.error
        if best.best_ms:
            measured.best_ms = statistics.median(best.best_ms)
            measured.runs_ms["best"] = best.best_ms
        if best.brute_ms:
            measured.brute_ms = statistics.median(best.brute_ms)
            measured.runs_ms["brute"] = best.brute_ms
    return measured


def streamed(folder: Path, records: Sequence[Measured], chosen: dict[str, Board],
             args: argparse.Namespace) -> list[dict[str, Any]]:
    """The command line streaming each family's largest listing, and the enormous one,
    through a pipe read as it comes: time to the first line and to exit, lines, the rate
    of the whole process and once streaming, and peak memory."""
    runs: list[dict[str, Any]] = []
    largest: dict[str, Measured] = {}
    for record in records:
        known = largest.get(record.family)
        if record.answers and (known is None or record.answers > (known.answers or 0)):
            largest[record.family] = record
    for family, record in sorted(largest.items()):
        path = folder / f"{record.name}.json"
        path.write_text(json.dumps(chosen[record.name].data))
        limit = min(record.answers or 0, args.list_cap)
        run = run_process(f"{family}: {record.name}", [
            record.question, str(path), "--format", "jsonl", "--limit", str(limit)], limit)
        runs.append({**run.as_json(), "family": family})
    big = folder / "stream.json"
    big.write_text(json.dumps(alpha_strike(STREAM_ENEMIES, 5)))
    run = run_process(f"stream {args.stream:,} answers", [
        "resolve", str(big), "--format", "jsonl", "--limit", str(args.stream)], args.stream)
    runs.append({**run.as_json(), "family": "stream",
                 "passed": run.code in (0, 3) and run.peak_mib < STREAM_MIB})
    return runs


def main(argv: Sequence[str] | None = None, doc: str | None = None) -> int:
    """Run the suite (``doc``: the help's description); the exit status."""
    args = settings(argv, doc)
    started = time.perf_counter()
    console = make_console(140)
    progress = say_to(console)

    def say(text: str) -> None:
        progress(f"{text} (at {time.perf_counter() - started:.1f} s)")

    meta = environment(("riftsolve", "ortools", "numpy", "python-constraint2", "matplotlib"),
                       commit=commit(), cpu_model=cpu_model(), cpsat_num_workers=1,
                       quick=args.quick, mode="quick" if args.quick else "full",
                       sizes=list(args.sizes), cards=args.cards or "all", seed=args.seed,
                       budget_s=args.budget, list_cap=args.list_cap,
                       brute_limit=args.brute_limit, repeats=args.repeats,
                       stream_mib=STREAM_MIB)
    console.print(" | ".join(f"{k} {meta[k]}" for k in (
        "python", "ortools", "numpy", "python-constraint2", "cpu_count", "commit")))
    records: list[Measured] = []
    chosen: dict[str, Board] = {}
    preload_backends()
    for board in boards(args.sizes, args.seed, args.cards):
        say(f"{board.name}")
        chosen[board.name] = board
        records.append(measure(board, args))
    say("closer to the limit: best on typical boards, maximal subsets, counts, output")
    limits: dict[str, Any] = {
        "typical_best": typical_best(6 if args.quick else 40, args.repeats),
        "maximal_vs_all": maximal_vs_all(QUICK_MAXIMAL_SIZES if args.quick
                                         else MAXIMAL_SIZES),
        "count_scaling": count_scaling(QUICK_SCALING_SIZES if args.quick else SCALING_SIZES,
                                       SCALING_CARDS, 1 if args.quick else 3),
        "formatting": formatting(args.repeats, QUICK_FORMAT_SHAPES if args.quick
                                 else FORMAT_SHAPES),
        "arrays_vs_direct": arrays_vs_direct(args.repeats, QUICK_ARRAY_SHAPES if args.quick
                                             else ARRAY_SHAPES)}
    with tempfile.TemporaryDirectory() as folder:
        say("whole processes: start-up and streaming")
        example = rs.example_path("alpha-strike-6-among-3")
        boot = startup(Path(example), 5 if args.quick else 15)
        streams = streamed(Path(folder), records, chosen, args)
    document = {"meta": meta, "questions": [r.as_json() for r in records],
                "startup": boot, "streams": streams, "limits": limits}
    args.out.mkdir(parents=True, exist_ok=True)
    say("plots")
    drawn = plots(document, args.out)
    meta["wall_seconds"] = round(time.perf_counter() - started, 1)
    write_json(str(args.out / "results.json"), document, console)
    summary = markdown(document, drawn)
    (args.out / "summary.md").write_text(summary, encoding="utf-8")
    console.print(summary, markup=False, highlight=False, soft_wrap=True)
    failures = [f"{r.name} {m}: {listing.error}" for r in records
                for m, listing in r.listings.items() if listing.error.startswith("listed ")]
    failures += [f"{r.name}: best disagrees with the brute force" for r in records
                 if r.best_agrees is False]
    failures += [f"{s['label']}: peak {s['peak_mib']:.0f} MiB, exit {s['code']}"
                 for s in streams if s.get("passed") is False]
    failures += [f"{s['label']}: printed {s['lines']:,} lines, not {s['answers']:,}"
                 for s in streams if s["code"] == 0 and s["lines"] != s["answers"]]
    failures += [f"start-up: {name} exited with {code}"
                 for name, code in boot["codes"].items() if code]
    if not boot["same_lines"]:
        failures.append(f"start-up: {boot['pyconstraint_script']} did not print the lines "
                        "of riftsolve resolve")
    failures += [f"arrays() of {row['question']}: not the direct build's rows"
                 for row in limits["arrays_vs_direct"] if not row["same"]]
    if not limits["typical_best"]["agree"]:
        failures.append("typical boards: best and the brute forces disagree")
    failures += [f"Fox-Fire on {row['units']} units: listed {row[p]['answers']} {p} subsets, "
                 f"counted {row[p]['count']}" for row in limits["maximal_vs_all"]
                 for p in ("maximal", "any") if row[p]["answers"] != row[p]["count"]]
    for failure in failures:
        console.print(f"[red]FAILED[/red] {failure}")
    console.print(f"wall time {meta['wall_seconds']} s; results in {args.out}")
    return 1 if failures else 0
