"""What an answer does, measured naively (142.4: who dies, the damage dealt, the
objective metrics), for ``best``.
"""

from __future__ import annotations

from typing import Any

from reference.board import (
    ALPHA,
    BELLOWS,
    ELDER,
    FOX,
    HEXPLOSIVE,
    SPLIT_CARDS,
    Doc,
    _bonus,
    _card,
    _lethal_any,
    _might,
    _unit_or_gone,
    is_enemy,
)

# ---------------------------------------------------------------------------------------------
# Outcome metrics
# ---------------------------------------------------------------------------------------------


def _dealt(doc: Doc, line: dict[str, Any]) -> dict[str, int]:
    """Damage dealt per unit id by one resolve line."""
    card = _card(doc)
    if card in SPLIT_CARDS:
        return {str(k): int(v) for k, v in (line.get("damage") or {}).items()}
    if card not in (BELLOWS, ELDER):
        return {}
    per_unit = 1 + _bonus(doc)  # 715.2: fixed damage to each target gets the bonus
    dealt: dict[str, int] = {}
    for part in (line, line.get("repeat") or {}):
        for uid in part.get("affected", []):
            dealt[str(uid)] = dealt.get(str(uid), 0) + per_unit
    return dealt


def _affected_ids(line: dict[str, Any]) -> set[str]:
    ids = {str(u) for u in line.get("affected", [])}
    return ids | {str(u) for u in (line.get("repeat") or {}).get("affected", [])}


def metrics(doc: Doc, line: dict[str, Any]) -> dict[str, int]:
    """Outcome metrics of one resolve line: kills, xp, killed-might, overkill, value, affected."""
    card = _card(doc)
    kills = killed_might = overkill = value = 0
    if card in (FOX, HEXPLOSIVE):
        # Fox-Fire and Hexplosive Minefield kill outright (428.1.a): no damage, no overkill.
        for uid in sorted(_affected_ids(line)):
            unit = _unit_or_gone(doc, uid)
            kills += 1
            killed_might += _might(unit)
            value += int(unit.get("value", 0))
    for uid, d in sorted(_dealt(doc, line).items()):
        if d <= 0:
            continue
        unit = _unit_or_gone(doc, uid)
        threshold = max(1, int(unit.get("might") or 0))  # 142.4.b: non-zero and >= Might
        marked = int(unit.get("damage", 0)) + d
        if _lethal_any(doc) and is_enemy(doc, unit):
            dies, extra = True, d - 1  # 142.4.c: any amount of your damage is lethal
        else:
            dies, extra = marked >= threshold, marked - threshold
        if dies:
            kills += 1
            killed_might += _might(unit)
            value += int(unit.get("value", 0))
            overkill += extra
    if card in SPLIT_CARDS:
        affected = sum(1 for d in _dealt(doc, line).values() if d > 0)
    else:
        affected = len(_affected_ids(line))
    return {
        "kills": kills,
        "xp": kills if card == ALPHA else 0,
        "killed-might": killed_might,
        "overkill": overkill,
        "value": value,
        "affected": affected,
    }
