"""French output: the catalogue covers every message the code marks, and ``--lang fr``
(or a French ``LANG``) turns the sentences a judge reads into French, data untouched.

The catalogue checks need Babel (the ``test`` extra); the command-line checks need only
the committed ``.mo``, read by the standard library.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from riftsolve.faces.cli import main
from riftsolve.i18n import DOMAIN, LOCALE_DIR, language, use_language

ROOT = Path(__file__).resolve().parent.parent
PO = Path(LOCALE_DIR) / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po"
MO = PO.with_suffix(".mo")
EXAMPLES = ROOT / "riftsolve" / "formats" / "examples"
#: The keywords ``babel.cfg``'s commands (docs/french.md) extract (Babel's defaults include them).
KEYWORDS: dict[str, Any] = {"_": None, "ngettext": (1, 2), "N_": None}


# --------------------------------------------------------------------------- the catalogue


def _extracted() -> list[tuple[str, int, str | tuple[str, ...]]]:
    """Every message the code marks (``_``, ``ngettext``, ``N_``), extracted with Babel
    through the committed ``babel.cfg``: file, line, message (a tuple for ``ngettext``)."""
    from babel.messages import extract as babel_extract
    from babel.messages import frontend

    # parse_mapping_cfg since Babel 2.15; parse_mapping before (the same reading)
    parse = getattr(frontend, "parse_mapping_cfg", None) or frontend.parse_mapping
    with open(ROOT / "babel.cfg", encoding="utf-8") as config:
        method_map, options_map = parse(config)
    return [(filename, line, message) for filename, line, message, _comments, _context
            in babel_extract.extract_from_dir(str(ROOT), method_map, options_map,
                                              keywords=KEYWORDS)]


def _marked() -> dict[str, str]:
    """Every marked message, each with where it is (for failure messages); a counted
    message (``ngettext``) under its singular, as the catalogue keeps it."""
    found: dict[str, str] = {}
    for filename, line, message in _extracted():
        text = message[0] if isinstance(message, tuple) else message
        found.setdefault(text, f"{filename}:{line}")
    return found


def test_no_message_is_both_counted_and_not() -> None:
    """gettext finds a counted message only through ngettext: the same English marked
    with ``_`` elsewhere would stay English."""
    counted = {m[0] for _f, _l, m in _extracted() if isinstance(m, tuple)}
    plain = {f"{f}:{line}: {m!r}" for f, line, m in _extracted()
             if not isinstance(m, tuple) and m in counted}
    assert not plain


def _catalogue() -> Any:
    from babel.messages import pofile
    with open(PO, "rb") as source:
        return pofile.read_po(source)


def test_the_code_marks_the_sentences_a_judge_reads() -> None:
    marked = _marked()
    # a few known ones, from the error line, the tables and a rule's gist
    for message in ("error", "refused", "legal resolutions", "damage dealt",
                    "each kept target is dealt at least 1",
                    "valid damage for a split target is a positive integer, at least 1"):
        assert message in marked
    assert len(marked) > 200


def test_every_marked_message_has_a_french_translation() -> None:
    catalogue = _catalogue()
    missing = [f"{where}: {text!r}" for text, where in _marked().items()
               if not (entry := catalogue.get(text)) or not all(
                   entry.string if isinstance(entry.string, tuple) else (entry.string,))]
    assert not missing, "untranslated (run the three pybabel commands of docs/french.md):\n" + \
        "\n".join(missing)


def test_no_translation_is_fuzzy_or_obsolete_but_used() -> None:
    catalogue = _catalogue()
    marked = _marked()
    fuzzy = [m.id for m in catalogue if m.id and m.fuzzy]
    assert not fuzzy, f"fuzzy translations (check them, then drop the flag): {fuzzy}"
    revived = [text for text in catalogue.obsolete if text in marked]
    assert not revived, f"obsolete entries the code uses again: {revived}"


_PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z_0-9]*)\}(?!\})")


def test_each_translation_has_the_english_placeholders() -> None:
    wrong = []
    for entry in _catalogue():
        if not entry.id or not entry.string:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        wanted = set().union(*(_PLACEHOLDER.findall(text) for text in ids))
        found = [set(_PLACEHOLDER.findall(text)) for text in strings]
        # a counted message's singular may leave out the count ("the other one"): each
        # form uses only the English names, and the forms together use them all
        if any(not names <= wanted for names in found) or set().union(*found) != wanted:
            wrong.append((entry.id, strings))
    assert not wrong


def test_the_committed_mo_is_the_po_compiled() -> None:
    from babel.messages import mofile
    compiled = io.BytesIO()
    mofile.write_mo(compiled, _catalogue())
    assert MO.read_bytes() == compiled.getvalue(), "run: pybabel compile -d riftsolve/locale " \
        "-D riftsolve"


def test_placeholder_pattern() -> None:
    """The check above reads ``{name}``, not the JSON braces ``{{...}}`` of a message."""
    assert _PLACEHOLDER.findall('or {{"<location>": "<unit id>"}} (got {got})') == ["got"]


# --------------------------------------------------------------------------- the command line


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts with no language in the environment (English) and leaves the
    language it found."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    before = language()
    yield
    use_language(before)


def _run(*argv: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue(), capsys.readouterr().err


def _bad_might(tmp_path: Path) -> str:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({
        "format": 1, "controller": "A", "card": "Alpha Strike", "battlefields": ["north"],
        "units": [{"id": "kai", "controller": "A", "might": 2.5, "location": "north"}]}))
    return str(path)


SHRUNK = str(EXAMPLES / "alpha-strike-shrunk-5-to-3.json")


def test_a_bad_might_is_refused_in_french(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run("resolve", _bad_might(tmp_path), "--lang", "fr", capsys=capsys)
    # the field keeps the scenario's name; the words around it are French
    assert (code, out) == (2, "")
    assert err == ("riftsolve: erreur: units[kai].might: la valeur doit être un entier "
                   "valide (reçu : 2.5)\n")


def test_english_error_is_unchanged(tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = _run("resolve", _bad_might(tmp_path), capsys=capsys)
    assert code == 2
    assert err == "riftsolve: error: units[kai].might: input should be a valid integer (got 2.5)\n"


def _explained(lines: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in lines.splitlines()]


def test_alpha_strike_explained_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    # Alpha Strike, kai's Might shrunk to 3, five legal enemies chosen: the first answer
    # keeps r1, r2, r3 and drops r4 and r5, exactly 5 - 3 = 2 of them (355.14.h.1)
    code, out, _err = _run("resolve", SHRUNK, "--explain", "--limit", "1", "--lang", "fr",
                           capsys=capsys)
    assert code == 0
    [line] = _explained(out)
    assert line["damage"] == {"r1": 1, "r2": 1, "r3": 1}  # data: as in English
    assert line["dropped"] == ["r4", "r5"]
    why = {step["rule"]: step for step in line["why"]}
    kept = why["355.14.h.1"]
    assert kept["version"] == "2026-10-09"
    assert kept["detail"] == ("exactement 2 retirées, jamais plus : 3 cibles gardent une part "
                              "des dégâts")
    assert kept["text"].startswith("le contrôleur ne peut pas garder moins de cibles que de "
                                   "dégâts à répartir")
    assert why["355.14.h"]["detail"] == ("5 cibles légales mais 3 dégâts : le contrôleur "
                                         "retire r4 et r5")
    assert why["359.3.f.2"]["detail"] == "les dégâts sont la puissance actuelle de kai : 3"


def test_the_same_answer_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    _code, out, _err = _run("resolve", SHRUNK, "--explain", "--limit", "1", capsys=capsys)
    why = {step["rule"]: step for step in _explained(out)[0]["why"]}
    assert why["355.14.h.1"]["detail"] == ("exactly 2 dropped, never more: 3 targets keep a "
                                           "share of the damage")


def test_a_french_table(capsys: pytest.CaptureFixture[str]) -> None:
    # 5 legal enemies, 3 damage: C(5,3) = 10 ways to keep 3 of them, each dealt 1
    code, out, _err = _run("resolve", SHRUNK, "--format", "table", "--limit", "2", "--lang",
                           "fr", "--explain", capsys=capsys)
    assert code == 0
    assert "Alpha Strike : 10 résolutions légales (2 premières affichées)" in out
    assert "dégâts infligés" in out
    assert "CR 2026-10-09 355.14.g: chaque cible gardée subit au moins 1 dégât" in out


def test_no_legal_declaration_is_said_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / "fox-fire-hidden-nothing-there.json")
    code, out, err = _run("finalize", path, "--lang", "fr", capsys=capsys)
    assert (code, out) == (0, "")
    assert err.startswith("riftsolve: aucune déclaration légale: ")


def test_the_environment_chooses_french(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    code, _out, err = _run("resolve", _bad_might(tmp_path), capsys=capsys)
    assert code == 2 and err.startswith("riftsolve: erreur: units[kai].might: la valeur doit")
    # an explicit --lang wins over the environment
    _code, _out, err = _run("resolve", _bad_might(tmp_path), "--lang", "en", capsys=capsys)
    assert err.startswith("riftsolve: error: units[kai].might: input should be")


def test_another_language_of_the_environment_stays_english(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    _code, _out, err = _run("resolve", _bad_might(tmp_path), capsys=capsys)
    assert err.startswith("riftsolve: error: units[kai].might: input should be")


def test_an_unknown_language_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["resolve", SHRUNK, "--lang", "xx"], ["--lang=xx", "demo"]):
        code, out, err = _run(*argv, capsys=capsys)
        assert (code, out) == (2, "")
        assert err == "riftsolve: error: --lang: unknown language 'xx' (known: en, fr)\n"


def test_the_language_before_is_spoken_again(capsys: pytest.CaptureFixture[str]) -> None:
    use_language("en")
    _run("resolve", SHRUNK, "--count", "--lang", "fr", capsys=capsys)
    assert language() == "en"


def test_a_warning_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "me.json"
    path.write_text(json.dumps({
        "format": 1, "controller": "me", "card": "Fox-Fire", "battlefields": ["n"],
        "units": [{"id": "u", "controller": "A", "might": 1, "location": "n"}]}))
    _code, _out, err = _run("finalize", str(path), "--count", "--lang", "fr", capsys=capsys)
    assert err == ("riftsolve: avertissement: controller: 'me' ne contrôle aucune unité du "
                   "scénario et n'est dans aucune équipe : toutes les unités lui sont donc "
                   "ennemies (joueurs nommés : 'A')\n")


def test_json_data_never_changes(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --explain a line holds only data: the same bytes in both languages."""
    _code, english, _err = _run("finalize", str(EXAMPLES / "volibear-bonus-finalize.json"),
                                capsys=capsys)
    _code, french, _err = _run("finalize", str(EXAMPLES / "volibear-bonus-finalize.json"),
                               "--lang", "fr", capsys=capsys)
    assert english == french and english


# --------------------------------------------------------------------------- counted nouns

#: A count written before a plural noun ("{n} targets"), which reads wrong for one.
COUNTED = re.compile(r"\{(n|count|shown|kept|dropped|total|size|cap|k)(?::[^}]*)?\} (?!is\b|"
                     r"was\b|has\b|does\b|its\b|this\b|as\b)[a-z]+s\b")

#: Messages with a count before a plural noun that is never one, each with why: refusals of
#: counts past a bound of at least two, and counts of choices a card makes several of.
NEVER_ONE = {
    "a slice of {size} answers: at most {bound} are listed at once on this board; take "
    "smaller slices (legal[i:i + {step}]), iterate, or use arrays() for numpy rows":
        "past the slice bound",
    "{count} answers exceed the {limit} that can be scored": "past the scoring limit",
    "ranking {count} declarations means resolving as many boards (limit {limit}): rank "
    "resolutions instead": "past the limit",
    "ranking {count} declarations means resolving {boards} boards (limit {limit}): lower "
    "--robust, or rank resolutions instead": "past the limit",
    "{card} has {n} answers on this board: a group is answered step by step up to {most} "
    "answers": "past the bound",
    "{count} declarations, too many to list: {refusal}": "past the listing bound",
    "{count} answers: past {limit} the {keep} best are found one CP-SAT search at a time, at "
    "most {most}; ask --top {most} or fewer": "past the limit",
    "no playable scenario in {n} draws: every board drawn had no legal declaration":
        "the draws asked, many",
    "the board has {n} units, more than max_units={most}: make the environment with a "
    "larger max_units": "more than a bound of at least one",
    "between() left {n} units, more than max_units={most}": "more than a bound",
    "no combat with a decision in {n} draws: both assignments of every combat drawn were "
    "forced": "the draws asked, many",
    "the combat has {n} units, more than max_units={most}: make the environment with a "
    "larger max_units": "more than a bound of at least one",
    "{card} has {count} modes, not {asked}": "a modal card has two modes or more",
    "{card} has {count} abilities that choose, each its own question: name one ({names})":
        "said of a card with several",
    "{pick}: fewer than {count} units are at {place}: the 'you may' instruction is not "
    "followed, there is no decision to make": "'two or more units there' conditions",
    "the dumps hold {count:,} cards, more than the {most:,} an import reads (the published "
    "dumps hold about 2,500)": "more than the bound",
}


def test_every_count_before_a_noun_agrees_with_it() -> None:
    """A message that counts a noun is counted (``ngettext``: "1 target", "2 targets", in
    French too), or is listed in :data:`NEVER_ONE` with why its count is never one."""
    wrong = sorted(f"{where}: {text!r}" for text, where in _marked().items()
                   if COUNTED.search(text) and text not in NEVER_ONE
                   and not any(isinstance(m, tuple) and m[0] == text
                               for _f, _l, m in _extracted()))
    assert wrong == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_counted_titles_take_the_number_of_their_count(lang: str) -> None:
    """Rendered with 0, 1 and 2: "1 legal resolution", never "1 legal resolutions"."""
    from riftsolve.engine.questions import resolve
    from riftsolve.faces.render import count_title
    from riftsolve.formats.reading import load_scenario

    legal = resolve(load_scenario(EXAMPLES / "alpha-strike-6-among-3.json"))
    before = language()
    use_language(lang)
    try:
        said = {n: count_title(legal, n, n) for n in (0, 1, 2)}
    finally:
        use_language(before)
    one, many = (("legal resolution", "legal resolutions") if lang == "en"
                 else ("résolution légale", "résolutions légales"))
    assert said[1].endswith(f" 1 {one}") and not said[1].endswith(many)
    assert said[2].endswith(f" 2 {many}") and said[0].endswith(f" 0 {many}")


@pytest.mark.parametrize("command", [[], ["best"], ["resolve"], ["cards"], ["batch"]])
def test_help_is_in_the_language_asked(command: list[str],
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` under ``--lang fr`` is French, argparse's own words too (the usage, the
    sections, ``--help``); no sentence of the English help is left."""
    with pytest.raises(SystemExit) as done:
        main([*command, "--help", "--lang", "fr"])
    assert done.value.code == 0
    said = capsys.readouterr().out
    assert said.startswith("usage : riftsolve")
    assert "affiche cette aide et quitte" in said and "options" in said
    for english in ("show this help", "positional arguments", "scenario file", "the best",
                    "output format", "the folder of an imported"):
        assert english not in said, english


def test_numbers_are_written_as_the_language_writes_them() -> None:
    """20,030,010 in English; 20 030 010 in French (a narrow no-break space, which the
    command line prints as it is and never breaks a line at)."""
    from riftsolve.i18n import number

    before = language()
    try:
        use_language("en")
        assert number(20_030_010) == "20,030,010"
        use_language("fr")
        assert number(20_030_010) == "20\u202f030\u202f010"
    finally:
        use_language(before)
    out = io.StringIO()
    assert main(["rule", str(EXAMPLES / "alpha-strike-6-among-3.json"), "--lang", "fr"],
                out=out) == 0
    assert "\\u202f" not in out.getvalue()
