"""The compiler answers every text with an effect or a :class:`CompileError`, never
another exception: texts drawn from the grammar's own words, card-like sentences and
junk (a published dump is read whole, one card after another)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from riftsolve.compiler.card import CompileError, compile_card
from riftsolve.rules.grammar import ADJECTIVES, FUNCTION_WORDS, KINDS, VERBS

WORDS = sorted({*KINDS, *VERBS, *ADJECTIVES, *FUNCTION_WORDS, "2", "3", "[Might]", "[Tank]",
                "[Hidden]", "[Repeat]", ",", ".", ":", "-", "'", "(", ")", "\n", "attached"})
SENTENCES = st.lists(st.sampled_from(WORDS), min_size=1, max_size=14).map(" ".join)


@settings(max_examples=400, deadline=None)
@given(parts=st.lists(SENTENCES, min_size=1, max_size=4),
       glue=st.sampled_from((". ", ".\n", " ", ", ")))
def test_every_text_compiles_or_is_refused_with_why(parts: list[str], glue: str) -> None:
    try:
        compile_card("Fuzz", glue.join(parts))
    except CompileError as error:
        assert str(error)


CHOICES = st.sampled_from(("Choose a unit", "Choose an enemy unit here",
                           "Kill a unit at a battlefield", "Deal 2 to up to two units",
                           "Stun a friendly unit and an enemy unit"))
FOLLOWS = st.tuples(st.sampled_from(("Kill it", "Stun them", "Deal 3 to it", "Move it")),
                    st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join))


@settings(max_examples=300, deadline=None)
@given(choice=CHOICES, follow=FOLLOWS, rest=st.lists(SENTENCES, max_size=2))
def test_a_choice_and_what_follows_compile_or_are_refused(
        choice: str, follow: tuple[str, str], rest: list[str]) -> None:
    """A choice, then the instruction on "it" with any words after, then anything."""
    text = ". ".join([choice, " ".join(follow), *rest]) + "."
    try:
        compile_card("Fuzz", text)
    except CompileError as error:
        assert str(error)
