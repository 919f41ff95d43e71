"""The game objects a scenario lists beside its units (``objects``): runes, spells and
abilities on the Chain, legends, cards in a zone; a board holds them
(:attr:`riftsolve.rules.board.Board.objects`).

>>> Piece("r1", "rune", "A").zone, Piece("s1", "spell", "B").zone
('board', 'chain')
"""

from __future__ import annotations

from dataclasses import dataclass

from riftsolve.rules.board import keyword
from riftsolve.rules.limits import LIMIT, ScenarioError, bounded

#: The kinds of object a scenario lists beside its units, and the zone each is in unless
#: it says: runes on the board (355.9.a.1), spells and abilities on the Chain
#: (355.9.a.2), a legend in its Legend Zone (355.9.a.4), cards in a hand, trash or deck.
PIECE_ZONES = {"rune": "board", "spell": "chain", "ability": "chain", "legend": "legend",
               "card": ""}
#: Zones a card may be in.
CARD_ZONES = ("hand", "trash", "deck", "revealed", "facedown")


@dataclass(frozen=True)
class Piece:
    """A game object that is not a unit or gear on the board: a rune, a spell or an
    ability on the Chain, a legend, or a card in a hand, trash or deck. ``controller`` is
    its controller (a card's owner); ``type`` a card's type (``"unit"``, ``"gear"``,
    ``"spell"``)."""

    id: str
    kind: str
    controller: str
    zone: str = ""
    tags: tuple[str, ...] = ()
    exhausted: bool = False
    type: str = ""
    might: int | None = None
    #: Its Energy and Power costs (a card's, a spell's; none: not stated).
    energy: int | None = None
    power: int | None = None
    #: Its keywords ("Hidden", "Deploy"), for "a card with [Hidden]".
    keywords: tuple[str, ...] = ()
    #: A spell's or ability's on the Chain: the ids of the objects it chooses (its
    #: targets), for "a spell that chooses a friendly unit".
    chooses: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        """Validate like the scenario format does."""
        where = f"objects[{self.id}]"
        for name in ("energy", "power"):
            if getattr(self, name) is not None:
                bounded(f"{where}.{name}", getattr(self, name), 0, LIMIT)
        if not isinstance(self.id, str) or not self.id:
            raise ScenarioError("objects[].id", f"an object id is a non-empty string, not "
                                f"{self.id!r}")
        for text in self.keywords:
            keyword(text, f"{where}.keywords")
        if self.kind not in PIECE_ZONES:
            raise ScenarioError(f"{where}.kind", f"one of {', '.join(PIECE_ZONES)}, not "
                                f"{self.kind!r}")
        if not self.zone:
            if not PIECE_ZONES[self.kind]:
                raise ScenarioError(f"{where}.zone", "a card is in a zone: one of "
                                    f"{', '.join(CARD_ZONES)}")
            object.__setattr__(self, "zone", PIECE_ZONES[self.kind])
        allowed = CARD_ZONES if self.kind == "card" else (PIECE_ZONES[self.kind], "offboard")
        if self.zone not in allowed:
            raise ScenarioError(f"{where}.zone", f"a {self.kind} is in one of "
                                f"{', '.join(allowed)}, not {self.zone!r}")
