"""The suite's plots from ``results.json``'s document (matplotlib, the ``plots`` extra;
none without it): one PNG per family and one of the whole processes.

Each point is one question, one card's finalization or resolution on one board, never a
median across questions: the median of its timings, with a bar from the least to the most
of them. Listings are drawn as throughput (answers/s) where the question has at least
:data:`_suite_report.THROUGHPUT_MIN` answers, else as the time to list every one of them;
a point with no value (the backend declined, nothing within the budget, the count
refused, the brute force not run at that size) is marked at the foot of its panel, each
kind with its own marker and legend entry. Every figure's footer gives the commit, the
machine, the versions and the mode (quick or full).

A helper of ``benchmarks/__main__.py``, not a script. It reads only the document, so a
saved ``results.json`` can be drawn again::

    python -c "import sys, json; from pathlib import Path; sys.path.insert(0, 'benchmarks'); \\
        from _suite_plots import plots; plots(json.load(open('r/results.json')), Path('r'))"
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _suite_report import FAMILIES, THROUGHPUT_MIN, is_rate, status
from _suite_runs import METHODS

#: A method's colour, the same in every figure.
METHOD_COLORS = {"arrays": "C0", "native": "C1", "cpsat": "C2", "pyconstraint": "C3"}
#: The latencies of the third panel: their colours and names.
TIMINGS = {"count": ("C4", "count()"), "best": ("C6", "best()"),
           "brute": ("C5", "brute force best")}
#: A question kind's line style.
KIND_STYLES: dict[str, Any] = {"finalize": "-", "resolve": "--"}
#: Points with no value, marked at the foot of their panel: marker, legend text.
NO_VALUE = {
    "declined": ("X", "declined by the backend (or failed): no value"),
    "nothing": ("v", "nothing listed within the budget: no value"),
    "refused": ("P", "count refused (past its bound): no value"),
    "not run": ("s", "brute force not run: more answers than it scores"),
}
#: Points that are bounds, drawn hollow: marker, legend text.
BOUNDS = {
    "stopped": ("o", "stopped at the budget: the rate so far"),
    "at least": ("^", "stopped at the budget: took at least this long"),
}
#: The strip at the foot of a panel (a fraction of its height) where points with no value
#: are marked, below every value.
FOOT = 0.1


@dataclass
class Point:
    """One question's value in a series: ``y`` (``None``: no value, marked at the foot),
    the least and the most of its timings, and its state (``"done"``, a key of
    :data:`BOUNDS` or of :data:`NO_VALUE`)."""

    x: int
    y: float | None
    low: float | None = None
    high: float | None = None
    state: str = "done"


def _listing_point(question: dict[str, Any], method: str, rate: bool, budget: float
                   ) -> Point:
    """A method's listing of ``question``: answers/s (``rate``) or the ms it took to list
    every answer; a bound when it was stopped, no value when it has none."""
    listing = question["listings"][method]
    state, units = status(listing), question["units"]
    if state in ("declined", "nothing") and (rate or state == "declined"):
        return Point(units, None, state=state)
    if not rate:
        if state != "done":
            return Point(units, budget * 1e3, state="at least")
        runs = listing.get("runs_s") or [listing["seconds"]]
        return Point(units, listing["seconds"] * 1e3, min(runs) * 1e3, max(runs) * 1e3)
    if state == "stopped":
        return Point(units, listing["rate"], state="stopped")
    return Point(units, listing["rate"], listing.get("rate_min"), listing.get("rate_max"))


def _timing_point(question: dict[str, Any], key: str, brute_limit: int) -> Point:
    """``count``, ``best`` or ``brute`` of ``question``, in ms, or why it has none."""
    value, runs = question[f"{key}_ms"], question.get("runs_ms", {}).get(key)
    if value is None:
        if key == "count":
            return Point(question["units"], None, state="refused")
        if key == "best" and question.get("best_error"):
            return Point(question["units"], None, state="declined")
        if key == "brute" and (question["answers"] or 0) > brute_limit:
            return Point(question["units"], None, state="not run")
        return Point(question["units"], None, state="")  # not asked: nothing drawn
    return Point(question["units"], value, min(runs) if runs else None,
                 max(runs) if runs else None)


def _series(axis: Any, points: Sequence[Point], color: str, style: str, dodge: int,
            used: set[str]) -> None:
    """``points`` as a line broken where a point has no value (marked at the panel's foot,
    nudged by ``dodge`` so that several stay apart), bars from least to most, hollow
    markers for bounds; the states drawn are added to ``used``."""
    if not points:
        return
    if any(p.y is not None for p in points):
        axis.valued = True  # a log scale has something to show
    nudge = 10 ** (0.03 * (dodge - 1.5))  # side by side at one size, on a log axis
    xs = [p.x * nudge for p in points]
    axis.plot(xs, [float("nan") if p.y is None else p.y for p in points], style,
              color=color, linewidth=1.3)
    for x, p in zip(xs, points, strict=True):
        if p.state == "done" and p.y is not None:
            low = p.y if p.low is None else p.low
            high = p.y if p.high is None else p.high
            axis.errorbar([x], [p.y], yerr=[[p.y - low], [high - p.y]], color=color,
                          marker="o", markersize=5, capsize=3, linestyle="none")
            used.add("done")
        elif p.state in BOUNDS and p.y is not None:
            axis.plot([x], [p.y], BOUNDS[p.state][0], markersize=7,
                      markerfacecolor="white", markeredgecolor=color, markeredgewidth=1.5)
            used.add(p.state)
        elif p.state in NO_VALUE:
            axis.plot([x], [FOOT / 2], NO_VALUE[p.state][0], color=color, markersize=8,
                      clip_on=False, transform=axis.get_xaxis_transform())
            axis.footed = True
            used.add(p.state)


def _short(answers: int | None) -> str:
    """A count, short: ``68``, ``1,057``, ``2.4e9``; ``refused``."""
    if answers is None:
        return "refused"
    return f"{answers:,}" if answers < 10**5 else f"{answers:.1e}".replace("e+0", "e")\
        .replace("e+", "e")


def _size_axis(axis: Any, questions: Sequence[dict[str, Any]]) -> None:
    """A board-size axis, log scale, each size's tick naming its questions' answers."""
    sizes = sorted({q["units"] for q in questions})
    labels = []
    for size in sizes:
        here = [f"{q['question'][:3]}. {_short(q['answers'])}" for q in questions
                if q["units"] == size]
        labels.append("\n".join([f"{size:,} units", *here]))
    axis.set_xscale("log")
    axis.set_xlim(sizes[0] / 1.6, sizes[-1] * 1.6)
    axis.set_xticks(sizes, labels, fontsize=7.5)
    axis.minorticks_off()


def _finish_panel(axis: Any, title: str, unit: str, empty: str) -> None:
    """Title, log scale and grid, or ``empty`` said in the panel when nothing is in it."""
    axis.set_title(title, fontsize=9.5)
    if not axis.get_lines():
        axis.text(0.5, 0.5, empty, ha="center", va="center", fontsize=8.5, wrap=True,
                  transform=axis.transAxes, color="0.35")
        axis.set_yticks([])
        return
    if getattr(axis, "valued", False):
        axis.set_yscale("log")
        if getattr(axis, "footed", False):  # room below every value for the strip
            bottom, top = axis.get_ylim()
            axis.set_ylim(bottom / (top / bottom) ** (FOOT / (1 - FOOT)), top)
    if getattr(axis, "footed", False):
        from matplotlib.patches import Rectangle

        axis.add_patch(Rectangle((0, 0), 1, FOOT, transform=axis.transAxes, color="0.9",
                                 zorder=0))
        axis.text(0.01, FOOT / 2, "no value", transform=axis.transAxes, fontsize=7,
                  va="center", color="0.4")
    axis.set_ylabel(unit)
    axis.grid(True, which="both", alpha=0.3)


def footer(meta: dict[str, Any]) -> str:
    """What every figure was measured on: commit, machine, versions, mode and settings."""
    cpu = f", {meta['cpu_model']}" if meta.get("cpu_model") else ""
    mode = meta.get("mode") or ("quick" if meta.get("quick") else "full")
    versions = ", ".join(f"{name} {meta[name]}" for name in (
        "riftsolve", "ortools", "numpy", "python-constraint2", "matplotlib") if name in meta)
    return (f"commit {meta['commit']}; {mode} run (python -m benchmarks"
            f"{' --quick' if mode == 'quick' else ''}); {meta['cpu_count']} cores{cpu}; "
            f"Python {meta['python']}; {versions}\nseed {meta['seed']}, sizes "
            f"{meta['sizes']}; medians of {meta['repeats']} timings, bars from the least to "
            f"the most; listings capped at {meta['list_cap']:,} answers and "
            f"{meta['budget_s']} s; CP-SAT with {meta['cpsat_num_workers']} worker")


def _legend(figure: Any, used: set[str], kinds: set[str], methods: bool, height: float
            ) -> None:
    """The figure's legend, below its panels: methods, latencies, kinds, and each kind
    of point drawn."""
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], color=c, marker="o", label=m)
               for m, c in METHOD_COLORS.items()] if methods else []
    handles += [Line2D([], [], color=c, marker="o", label=name)
                for c, name in TIMINGS.values()]
    handles += [Line2D([], [], color="0.3", linestyle=KIND_STYLES[k],
                       label=f"{k} (each point one question)") for k in sorted(kinds)]
    if "done" in used:
        handles.append(Line2D([], [], color="0.3", marker="o", linestyle="none",
                              label="median, bar least-most of the repeats"))
    handles += [Line2D([], [], color="0.3", marker=mark, linestyle="none",
                       markerfacecolor="white", label=text)
                for state, (mark, text) in BOUNDS.items() if state in used]
    handles += [Line2D([], [], color="0.3", marker=mark, linestyle="none", label=text)
                for state, (mark, text) in NO_VALUE.items() if state in used]
    figure.legend(handles=handles, loc="lower center", ncol=4, fontsize=8,
                  bbox_to_anchor=(0.5, 0.42 / height), frameon=False)


def _family_figure(family: str, questions: Sequence[dict[str, Any]], meta: dict[str, Any]
                   ) -> Any:
    """One row per card: listing throughput, listing latency, count/best/brute force."""
    import matplotlib.pyplot as plt

    cards = list(dict.fromkeys(q["card"] for q in questions))
    height = 3.9 * len(cards) + 2.4
    figure, axes = plt.subplots(len(cards), 3, figsize=(16, height), squeeze=False)
    cap, budget = meta["list_cap"], meta["budget_s"]
    used: set[str] = set()
    kinds: set[str] = set()
    for (rates, times, counts), card in zip(axes, cards, strict=True):
        mine = sorted((q for q in questions if q["card"] == card), key=lambda q: q["units"])
        for kind in ("finalize", "resolve"):
            asked = [q for q in mine if q["question"] == kind]
            if not asked:
                continue
            kinds.add(kind)
            style = KIND_STYLES[kind]
            for dodge, method in enumerate(METHODS):
                for axis, rate in ((rates, True), (times, False)):
                    _series(axis, [_listing_point(q, method, rate, budget) for q in asked
                                   if is_rate(q, cap) == rate],
                            METHOD_COLORS[method], style, dodge, used)
            timed = ("count", "best", "brute") if kind == "resolve" else ("count",)
            for dodge, key in enumerate(timed, start=1):
                points = [_timing_point(q, key, meta["brute_limit"]) for q in asked]
                _series(counts, [p for p in points if p.state], TIMINGS[key][0], style,
                        dodge, used)
        for axis in (rates, times, counts):
            _size_axis(axis, mine)
        _finish_panel(rates, f"{card}: listing, answers/s (questions of at least "
                      f"{THROUGHPUT_MIN} answers)", "answers / s",
                      f"no question of {card} here has {THROUGHPUT_MIN} answers or more")
        _finish_panel(times, f"{card}: time to list every answer (questions of fewer "
                      f"than {THROUGHPUT_MIN})", "ms",
                      f"every question of {card} here has {THROUGHPUT_MIN} answers or more")
        _finish_panel(counts, f"{card}: count(), best(), brute force best", "ms",
                      "nothing timed")
    figure.suptitle(f"{family}: one row per card; each point one question (a finalization "
                    "or a resolution on one board), never a median across questions",
                    fontsize=11)
    _legend(figure, used, kinds, methods=True, height=height)
    figure.text(0.5, 0.008, footer(meta), ha="center", va="bottom", fontsize=7.5,
                color="0.25")
    figure.subplots_adjust(left=0.05, right=0.99, top=1 - 0.6 / height,
                           bottom=1.9 / height, wspace=0.22, hspace=0.5)
    return figure


def _spread_bar(axis: Any, row: int, runs: Sequence[float], color: str, note: str
                ) -> None:
    """A horizontal point at the median of ``runs`` on ``row``, its bar from the least to
    the most, and ``note`` after it (``{median}``: the median, ms)."""
    middle = statistics.median(runs)
    axis.errorbar([middle], [row], xerr=[[middle - min(runs)], [max(runs) - middle]],
                  marker="o", color=color, capsize=4, linestyle="none")
    axis.annotate(note.format(median=middle), (max(runs), row), xytext=(6, 0),
                  textcoords="offset points", va="center", fontsize=8)


def _processes_figure(document: dict[str, Any], note: str) -> Any:
    """Start-up, first answer, streaming rates and peak memory of whole processes."""
    import matplotlib.pyplot as plt

    boot, streams = document["startup"], document["streams"]
    figure, ((start, first), (rates, memory)) = plt.subplots(2, 2, figsize=(15, 10))
    runs = boot.get("runs_ms") or {"numpy": [boot["numpy_import_ms"]],
                                   "resolve": [boot["resolve_ms"]]}
    labels = {"numpy": 'python -c\n"import numpy"',
              "resolve": f"riftsolve resolve\n{boot['example']}",
              "pyconstraint": f"python {boot.get('pyconstraint_script')}\n{boot['example']}"
                              "\n(python-constraint2,\nthe same lines)"}
    shown = [name for name in labels if runs.get(name)]
    numpy_ms = boot["numpy_import_ms"]
    for row, name in enumerate(shown):
        ratio = statistics.median(runs[name]) / numpy_ms
        _spread_bar(start, row, runs[name], f"C{row}",
                    f"{{median:.0f}} ms, {ratio:.2f}x numpy")
    start.set_yticks(range(len(shown)), [labels[n] for n in shown], fontsize=8)
    start.set_xlim(0, max(max(r) for r in runs.values() if r) * 1.45)
    start.set_xlabel("ms from start to exit (a fresh process; median, bar least-most of "
                     f"{len(runs['numpy'])} interleaved runs)")
    start.set_title(f"Start-up: a small question ({boot.get('answers', 10)} answers) "
                    "against importing numpy", fontsize=10)
    first_runs = boot.get("first_answer_runs_ms", {})
    rows = [(labels[name], first_runs[name], f"C{shown.index(name)}")
            for name in ("resolve", "pyconstraint") if first_runs.get(name)]
    rows += [(f"riftsolve {run['argv'][1]}, {run['family']}\n(--limit {run['answers']:,}; "
              "one run)",
              [run["first_answer_s"] * 1e3], "0.35")
             for run in streams if run.get("first_answer_s") is not None]
    for row, (_, times, color) in enumerate(rows):
        _spread_bar(first, row, times, color, "{median:.0f} ms")
    first.set_yticks(range(len(rows)), [label for label, _, _ in rows], fontsize=7.5)
    if rows:
        first.set_xlim(0, max(max(times) for _, times, _ in rows) * 1.3)
    first.set_xlabel("ms from start to the first answer's line")
    first.set_title("First answer: latency of a whole process", fontsize=10)
    for run in streams:
        for key, mark, face in (("rate", "o", "C0"), ("stream_rate", "D", "white")):
            if run.get(key):
                rates.plot([run["answers"]], [run[key]], mark, color="C0",
                           markerfacecolor=face, markersize=7)
        rates.annotate(f"{run['family']} ({run['argv'][1]})", (run["answers"],
                       run["rate"] or 1), xytext=(7, -4), textcoords="offset points",
                       fontsize=7.5)
    from matplotlib.lines import Line2D

    rates.legend(handles=[
        Line2D([], [], marker="o", color="C0", linestyle="none",
               label="whole process: answers / time from start to exit"),
        Line2D([], [], marker="D", color="C0", markerfacecolor="white", linestyle="none",
               label="once streaming: lines / time from the first line to the last")],
        fontsize=8, loc="lower right")
    rates.set_title("Streamed listings (riftsolve ... --format jsonl --limit N, one run "
                    "each): answers per second", fontsize=10)
    rates.set_ylabel("answers / s")
    rates.set_xlabel("answers streamed (each point one question)")
    rates.set_xscale("log")
    rates.set_yscale("log")
    rates.grid(True, which="both", alpha=0.3)
    names = [f"riftsolve {run['argv'][1]}, {run['family']}\n({run['answers']:,} answers)"
             for run in streams]
    memory.barh(range(len(streams)), [run["peak_mib"] for run in streams], color="C1")
    for row, run in enumerate(streams):
        memory.annotate(f"{run['peak_mib']:.0f} MiB", (run["peak_mib"], row), xytext=(4, 0),
                        textcoords="offset points", va="center", fontsize=8)
    memory.set_yticks(range(len(streams)), names, fontsize=7.5)
    limit = document["meta"].get("stream_mib")
    if limit:
        memory.axvline(limit, color="C3", linestyle="--",
                       label=f"the enormous stream's limit, {limit:.0f} MiB")
        memory.legend(fontsize=8, loc="lower right")
    memory.set_title("Streamed listings: peak resident memory (one run each)", fontsize=10)
    memory.set_xlabel("MiB")
    memory.set_xlim(0, max([limit or 0, *(r["peak_mib"] for r in streams)]) * 1.15)
    for axis in (start, first, memory):
        axis.grid(True, axis="x", alpha=0.3)
        axis.invert_yaxis()
    figure.suptitle("Whole processes: start-up, first answer, streaming", fontsize=11)
    figure.text(0.5, 0.008, note, ha="center", va="bottom", fontsize=7.5, color="0.25")
    figure.subplots_adjust(left=0.13, right=0.97, top=0.93, bottom=0.12, wspace=0.4,
                           hspace=0.35)
    return figure


def plots(document: dict[str, Any], folder: Path) -> list[Path]:
    """One PNG per family in ``folder`` and ``processes.png``; the files written (none
    without matplotlib)."""
    try:
        import matplotlib
    except ImportError:
        return []
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    meta = {**document["meta"], "matplotlib": document["meta"].get(
        "matplotlib", matplotlib.__version__)}
    drawn: list[Path] = []
    for family in FAMILIES:
        questions = [q for q in document["questions"] if q["family"] == family]
        if questions:
            figure = _family_figure(family, questions, meta)
            drawn.append(folder / f"{family}.png")
            figure.savefig(drawn[-1], dpi=90)
            plt.close(figure)
    if "startup" in document:
        figure = _processes_figure(document, footer(meta))
        drawn.append(folder / "processes.png")
        figure.savefig(drawn[-1], dpi=90)
        plt.close(figure)
    return drawn
