"""The Gymnasium environment's speed in ``agents.py`` (part 4): random legal steps per
second on each registered environment, resets included, with its checks.

A helper of ``benchmarks/agents.py`` (whose docstring describes the boards and the
checks), not a script.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from _agent_boards import alpha_strike_board
from _agent_decisions import Problem
from _common import fmt_rate, new_table
from rich.table import Table

from riftsolve.formats.format1 import parse_scenario
from riftsolve.rules.scenario import Scenario

#: The target: random legal steps per second on the built-in examples.
ENV_STEPS_PER_S = 10_000.0
#: The boards of a large pool: Alpha Strike's friendly unit of Might 1,000 and 2 to 6
#: enemies, this many boards.
LARGE_POOL = 1_000
LARGE_POOL_BOARDS = 8


@dataclass
class EnvRate:
    """Random legal steps on one registered environment and set of boards."""

    env_id: str
    boards: str
    #: Medians over the samples (``None``: not measured, see ``note``).
    steps_per_s: float | None = None
    episodes_per_s: float | None = None
    steps_per_episode: float | None = None
    samples: list[float] = field(default_factory=list)
    note: str = ""


def large_pool_boards(seed: int) -> list[Scenario]:
    """Alpha Strike boards where ``kai``'s Might of :data:`LARGE_POOL` is split among 2 to 6
    enemies (each episode declares its own targets)."""
    rng = random.Random(seed)
    return [parse_scenario(alpha_strike_board(rng, rng.randint(2, 6), LARGE_POOL,
                                              recalled=False, bystanders=0))
            for _ in range(LARGE_POOL_BOARDS)]


def _picker(env: Any) -> Callable[[np.ndarray[Any, Any]], Any]:
    """A random action among those a mask allows: a row, or a row and an amount (the mask
    of a ``MultiDiscrete`` is its components' end to end)."""
    draw = random.Random(0).randrange
    nvec = getattr(env.action_space, "nvec", None)
    if nvec is None:
        def one(mask: np.ndarray[Any, Any]) -> Any:
            allowed = np.flatnonzero(mask)
            return int(allowed[draw(len(allowed))])
        return one
    width = int(nvec[0])

    def pair(mask: np.ndarray[Any, Any]) -> Any:
        rows, amounts = np.flatnonzero(mask[:width]), np.flatnonzero(mask[width:])
        return (int(rows[draw(len(rows))]), int(amounts[draw(len(amounts))]))
    return pair


def random_steps(env: Any, seconds: float, seed: int, problems: list[Problem], label: str
                 ) -> tuple[int, int, float]:
    """Steps, episodes and seconds of random legal actions (drawn from
    ``info["action_mask"]``) for at least ``seconds``, resets included; an action refused
    as illegal, or an episode that ends without a resolution, is a problem."""
    pick = _picker(env)
    steps = episodes = 0
    _, info = env.reset(seed=seed)
    start = time.perf_counter()
    while True:
        for _ in range(256):
            _, _, done, _, info = env.step(pick(info["action_mask"]))
            steps += 1
            if "illegal" in info:
                problems.append(Problem(label, "-", env.spec.id, "a masked action was refused",
                                        {"info": str(info)}))
                return steps, episodes, time.perf_counter() - start
            if done:
                if "resolution" not in info:
                    problems.append(Problem(label, "-", env.spec.id,
                                            "an episode ended without a resolution",
                                            {"info": str(info)}))
                episodes += 1
                _, info = env.reset()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps, episodes, elapsed


def measure_env(repeats: int, seconds: float, seed: int, say: Callable[[str], None],
                problems: list[Problem]) -> list[EnvRate]:
    """Each registered environment (``import riftsolve.gym``) made by ``gymnasium.make``,
    on the built-in examples and on boards of a pool of 1,000: ``repeats`` samples of
    ``seconds`` each (after a short warm-up), medians reported."""
    try:
        import gymnasium

        from riftsolve.gym import ENVIRONMENTS
    except ModuleNotFoundError:
        return [EnvRate("-", "-", note="the gym extra is not installed: pip install -e "
                                       "'.[gym]'")]
    rates = []
    cases: list[tuple[str, dict[str, Any]]] = [
        ("built-in examples", {}),
        (f"pool {LARGE_POOL:,} among 2-6 targets", {"scenarios": large_pool_boards(seed)})]
    for env_id in ENVIRONMENTS:
        for label, keywords in cases:
            say(f"environment {env_id}, {label}")
            env = gymnasium.make(env_id, **keywords)
            random_steps(env, seconds / 10, seed, problems, label)  # warm-up
            rate = EnvRate(env_id, label)
            per_episode, per_second = [], []
            for sample in range(repeats):
                steps, episodes, elapsed = random_steps(env, seconds, seed + sample, problems,
                                                        label)
                rate.samples.append(steps / elapsed)
                per_second.append(episodes / elapsed)
                per_episode.append(steps / max(1, episodes))
            rate.steps_per_s = statistics.median(rate.samples)
            rate.episodes_per_s = statistics.median(per_second)
            rate.steps_per_episode = statistics.median(per_episode)
            rates.append(rate)
    return rates


def env_table(rates: Sequence[EnvRate]) -> Table:
    """The table of part 4."""
    table = new_table("The Gymnasium environments: random legal steps per second, resets "
                      "included (gymnasium.make; median of samples)",
                      ("environment", "boards", "steps/s", "episodes/s", "steps/episode",
                       "samples (steps/s)"), left=("environment", "boards"))
    for r in rates:
        if r.steps_per_s is None:
            table.add_row(r.env_id, r.boards, "-", "-", "-", r.note)
            continue
        table.add_row(r.env_id, r.boards, fmt_rate(r.steps_per_s), fmt_rate(r.episodes_per_s),
                      f"{r.steps_per_episode:,.1f}",
                      ", ".join(fmt_rate(s) for s in r.samples))
    return table
