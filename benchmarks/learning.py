"""Learning on the registered environment: MaskablePPO against random play and the oracle.

Run from the repository root (with the project's venv and the ``learn`` extra,
``pip install -e '.[learn]'``, which brings sb3-contrib and PyTorch)::

    python benchmarks/learning.py                      # 32,768 steps, a few minutes
    python benchmarks/learning.py --quick              # CI: 8,192 steps, about a minute
    python benchmarks/learning.py --json results.json --plot learning.png

What it measures, in one run, on the same seeded boards:

1. **Boards.** Alpha Strike ("Choose a friendly unit. It deals damage equal to its Might
   split among enemy units at battlefields"), drawn from the episode's seed: the friendly
   unit's Might (the pool) 2 to 7, 2 to 4 enemies of Might 1 to 4 at the battlefield. An
   episode declares the targets, then splits the damage (``riftsolve/Allocation-v0``: a
   target and its share a step, ``max_units`` 6, ``max_amount`` 8), and is rewarded with
   the kills (the environment's default objective).
2. **The learner.** sb3-contrib's ``MaskablePPO`` (``MultiInputPolicy``, seed 0, 512 steps
   a rollout) learns for ``--steps`` environment steps, in ``--chunks`` equal parts. After
   each part its greedy policy (the most likely allowed action, the mask read from
   ``info["action_mask"]``) plays the evaluation boards, ``--episodes`` seeds that
   training never draws from: the learning curve.
3. **The baselines, on the same evaluation boards.** Random legal play (each action drawn
   uniformly from the mask; the mean of ``--random-runs`` plays of each board), and the
   oracle: :func:`riftsolve.best` of the board's finalization by the same objective (the
   declaration whose best resolution is best), its kills the most an episode can earn.
4. **The environment's speed on these boards**, for information: random legal steps a
   second (resets included, each drawing and reading a new board), for ``--seconds``. The
   environment's own target (10,000 steps a second on the built-in examples) is
   ``benchmarks/agents.py``'s.

Target (from the issue): the greedy reward at the end at least 80% of the oracle's, on
the quick boards. Printed as PASS or MISS (exit status 0 either way: learning is noisy;
the figure is the result). The plot (with the ``plots`` extra) draws the curve with the
random and oracle levels, and names the run's commit, machine and mode.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from _common import (
    base_parser,
    commit,
    environment,
    make_console,
    target,
    targets_table,
    write_json,
)

import riftsolve as rs

#: The environment's settings for these boards: its objective, and the most units and the
#: largest share an observation and an action hold.
OBJECTIVE, MAX_UNITS, MAX_AMOUNT = "kills", 6, 8
#: Where evaluation seeds start: training draws boards from its own generator (seed 0).
EVALUATION_SEED = 10_000


def board(rng: np.random.Generator) -> rs.Scenario:
    """One Alpha Strike board drawn with ``rng``."""
    pool = int(rng.integers(2, 8))
    units: list[dict[str, Any]] = [
        {"id": "kai", "controller": "A", "might": pool, "location": "north"}]
    units += [{"id": f"e{i}", "controller": "B", "might": int(rng.integers(1, 5)),
               "location": "north"} for i in range(int(rng.integers(2, 5)))]
    return rs.parse_scenario({"format": 1, "controller": "A", "card": "Alpha Strike",
                              "battlefields": ["north"], "units": units})


def make_env() -> Any:
    """The registered environment on these boards."""
    import gymnasium

    import riftsolve.gym  # noqa: F401  (registers riftsolve/Allocation-v0)

    return gymnasium.make("riftsolve/Allocation-v0", scenarios=board, objective=OBJECTIVE,
                          max_units=MAX_UNITS, max_amount=MAX_AMOUNT)


Policy = Callable[[Any, np.ndarray], Any]


def play(env: Any, seed: int, policy: Policy) -> float:
    """The reward of one episode of ``policy`` on the board of ``seed``."""
    observation, info = env.reset(seed=seed)
    total, done = 0.0, False
    while not done:
        action = policy(observation, info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        done = terminated or truncated
    return total


def random_policy(env: Any, rng: np.random.Generator) -> Policy:
    """Each part of the action drawn uniformly among those the mask allows."""
    widths = [int(n) for n in env.action_space.nvec]

    def choose(observation: Any, mask: np.ndarray) -> Any:
        parts, start = [], 0
        for width in widths:
            parts.append(int(rng.choice(np.flatnonzero(mask[start:start + width]))))
            start += width
        return np.array(parts)

    return choose


def oracle(env: Any, seed: int) -> float:
    """The most an episode on the board of ``seed`` earns: the best declaration, by its
    best resolution, measured by the environment's objective (weighted as it rewards)."""
    env.reset(seed=seed)
    scenario = env.unwrapped.scenario
    [found] = rs.best(rs.finalize(scenario), OBJECTIVE)
    weight = env.unwrapped.tie_weight
    return float(sum(v * weight ** i for i, v in enumerate(found.values.values())))


def steps_per_second(env: Any, seconds: float) -> float:
    """Random legal steps a second, resets included."""
    rng = np.random.default_rng(1)
    choose = random_policy(env, rng)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        observation, info = env.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            observation, _r, terminated, truncated, info = env.step(
                choose(observation, info["action_mask"]))
            steps += 1
            done = terminated or truncated
    return steps / (time.perf_counter() - start)


def plot(path: str, curve: list[tuple[int, float]], random_mean: float, best: float,
         footer: str) -> None:
    """The learning curve with the random and oracle levels."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 4.8))
    axes.plot([s for s, _ in curve], [r for _, r in curve], "o-", label="MaskablePPO, greedy")
    axes.axhline(best, color="tab:green", linestyle="--", label="oracle (riftsolve.best)")
    axes.axhline(0.8 * best, color="tab:green", linestyle=":", label="80% of the oracle")
    axes.axhline(random_mean, color="tab:red", linestyle="--", label="random legal play")
    axes.set_xlabel("environment steps trained")
    axes.set_ylabel("mean kills per episode (evaluation boards)")
    axes.set_title("riftsolve/Allocation-v0: Alpha Strike, kills")
    axes.grid(alpha=0.3)
    axes.legend(loc="lower right")
    figure.text(0.5, 0.01, footer, ha="center", fontsize=7)
    figure.tight_layout(rect=(0, 0.04, 1, 1))
    figure.savefig(path, dpi=110)
    plt.close(figure)


def main() -> int:
    parser = base_parser(__doc__, "CI's run: 8,192 steps, 100 evaluation boards")
    parser.add_argument("--steps", type=int, help="environment steps to train (32,768)")
    parser.add_argument("--chunks", type=int, help="evaluations along the way (8; 4)")
    parser.add_argument("--episodes", type=int, help="evaluation boards (200; 100)")
    parser.add_argument("--random-runs", type=int, default=5,
                        help="random plays of each evaluation board (5)")
    parser.add_argument("--seconds", type=float, help="time the steps/s run takes (3; 1)")
    parser.add_argument("--plot", metavar="PNG", help="draw the learning curve there")
    args = parser.parse_args()
    quick: bool = args.quick
    steps = args.steps or (8192 if quick else 32_768)
    chunks = args.chunks or (4 if quick else 8)
    episodes = args.episodes or (100 if quick else 200)
    seconds = args.seconds or (1.0 if quick else 3.0)
    console = make_console(100)
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ModuleNotFoundError as missing:
        console.print(f"needs sb3-contrib and PyTorch ({missing.name}): "
                      "pip install -e '.[learn]'")
        return 2
    torch.set_num_threads(1)
    meta = environment(["riftsolve", "gymnasium", "sb3-contrib", "stable-baselines3",
                        "torch", "numpy"], mode="quick" if quick else "full", steps=steps,
                       chunks=chunks, episodes=episodes, commit=commit())
    console.print(" | ".join(f"{k} {meta[k]}" for k in (
        "python", "riftsolve", "gymnasium", "sb3-contrib", "torch", "cpu_count", "mode")))
    env, evaluation = make_env(), make_env()
    seeds = range(EVALUATION_SEED, EVALUATION_SEED + episodes)
    rng = np.random.default_rng(0)
    chooser = random_policy(evaluation, rng)
    random_mean = statistics.fmean(play(evaluation, s, chooser)
                                   for s in seeds for _ in range(args.random_runs))
    best = statistics.fmean(oracle(evaluation, s) for s in seeds)
    model = MaskablePPO("MultiInputPolicy", env, seed=0, verbose=0, n_steps=512,
                        batch_size=128, learning_rate=1e-3, ent_coef=0.01)

    def greedy(observation: Any, mask: np.ndarray) -> Any:
        action, _state = model.predict(observation, action_masks=mask, deterministic=True)
        return action

    curve: list[tuple[int, float]] = [(0, statistics.fmean(play(evaluation, s, greedy)
                                                           for s in seeds))]
    started = time.process_time()
    for part in range(1, chunks + 1):
        model.learn(steps // chunks, reset_num_timesteps=False)
        curve.append((part * (steps // chunks),
                      statistics.fmean(play(evaluation, s, greedy) for s in seeds)))
        console.print(f"  {curve[-1][0]:>6,} steps: greedy {curve[-1][1]:.3f} kills an "
                      f"episode (oracle {best:.3f}, random {random_mean:.3f})")
    trained = time.process_time() - started
    rate = steps_per_second(make_env(), seconds)
    share = curve[-1][1] / best if best else None
    checks = [target("greedy reward / oracle", "Alpha Strike boards, kills", share, 0.8)]
    console.print(targets_table("learning", checks))
    console.print(f"random {random_mean:.3f}, greedy {curve[-1][1]:.3f}, oracle {best:.3f} "
                  f"kills an episode; trained {steps:,} steps in {trained:.1f} s CPU; the "
                  f"environment {rate:,.0f} random legal steps/s")
    document = {"meta": meta, "curve": [{"steps": s, "greedy": r} for s, r in curve],
                "random": random_mean, "oracle": best, "share": share,
                "train_cpu_s": trained, "env_steps_per_s": rate,
                "targets": [vars(t) for t in checks]}
    if args.json:
        write_json(args.json, document, console)
    if args.plot:
        footer = (f"commit {meta['commit']}; {meta['mode']} run; {os.cpu_count()} cores; "
                  f"Python {meta['python']}; sb3-contrib {meta['sb3-contrib']}, torch "
                  f"{meta['torch']}; {episodes} evaluation boards, {steps:,} steps")
        plot(args.plot, curve, random_mean, best, footer)
        console.print(f"plot written to {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
