"""Write ``published.json``: every card of the published dumps, merged as ``riftsolve cards
import`` merges them (one text a card), in the catalog's record shape.

    python tests/data/make_published.py gallery-cards.json riftcodex-cards.json \\
        catalog-extra-cards.json

The tests run every command on every effect it compiles (``tests/test_published.py``),
without the dumps themselves (several megabytes of art links and prints).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from riftsolve.compiler.dumps import distinct, load_dump

OUT = Path(__file__).with_name("published.json")


def main(paths: list[str]) -> None:
    records = distinct(record for path in paths for record in load_dump(path))
    rows = [{"name": r.name, "energyCost": r.energy, "powerCost": r.power, "might": r.might,
             "domains": list(r.domains), "cardTypes": list(r.types),
             "superTypes": list(r.supertypes), "tags": list(r.tags), "abilities": r.text or None,
             "effects": None} for r in sorted(records, key=lambda r: r.name)]
    OUT.write_text("[\n" + ",\n".join(json.dumps(row, ensure_ascii=False) for row in rows)
                   + "\n]\n", encoding="utf-8")
    print(f"{OUT.name}: {len(rows)} cards")


if __name__ == "__main__":
    main(sys.argv[1:])
