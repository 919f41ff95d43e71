"""A small grammar for Riftbound's templated instructions: text -> instruction model.

Not free-form language: the grammar knows Riftbound's templated wording ("Kill a unit at a
battlefield.", "Deal 5 damage split among any number of enemy units here.", "You may kill
another friendly unit here to draw 1.") and names any word it does not understand.

An :class:`Instruction` is a list of :class:`Segment` s (the parts of a sentence that
choose in one way: an ordinary instruction, a cost, a trigger condition ...), each with the
:class:`Phrase` s that name game objects, players or zones.

>>> kill = parse("Kill all units at a battlefield.")
>>> [(p.words, p.determiner, p.relation) for p in kill.phrases()]
[('all units', 'all', 'object'), ('a battlefield', 'a', 'place')]
>>> parse("Kill a fish.")
Traceback (most recent call last):
...
riftsolve.rules.grammar.GrammarError: words not understood: 'fish'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from riftsolve.i18n import _


class GrammarError(ValueError):
    """Text outside the grammar; the message names the words not understood, and
    ``words`` holds them."""

    def __init__(self, message: str, words: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        #: The words not understood, each once, in order (empty when the reason is another).
        self.words = words


class Mode(StrEnum):
    """How the objects of a segment are chosen."""

    ORDINARY = "ordinary"
    MAY = "may"  #: "you may ..." (355.12: the choices are still targets)
    MUST = "must"  #: "... must ..." (355.10.f)
    EACH_PLAYER = "each-player"  #: another player, or each player, chooses (355.10.e)
    PICK = "pick"  #: an explicit "pick" (chosen on resolution)
    COST = "cost"  #: "[do X] to [do Y]": X is a cost within the instruction (355.10.c.1)
    ADDITIONAL_COST = "additional-cost"  #: an additional cost, or "Cost: effect" (355.10.c)
    TRIGGER = "trigger"  #: "When ...," (355.10.c)
    REPLACEMENT = "replacement"  #: "The next time ... would ..., instead ..." (355.10.c)


#: Nouns naming objects, players and zones, and the kind each names.
KINDS = {
    "unit": "unit", "units": "unit", "gear": "gear", "gears": "gear", "rune": "rune",
    "runes": "rune", "spell": "spell", "spells": "spell", "ability": "ability",
    "abilities": "ability", "legend": "legend", "legends": "legend",
    "battlefield": "battlefield", "battlefields": "battlefield", "location": "location",
    "locations": "location", "player": "player", "players": "player", "opponent": "player",
    "opponents": "player", "controller": "player", "controllers": "player", "owner": "player",
    "owners": "player", "defender": "player", "attacker": "player", "card": "card",
    "cards": "card", "buff": "buff", "buffs": "buff", "hand": "hand", "hands": "hand",
    "trash": "trash", "trashes": "trash", "deck": "deck", "base": "base", "bases": "base",
    "champion": "unit",
    "destination": "location",
    "equipment": "gear", "token": "unit", "tokens": "unit", "recruit": "unit",
    "recruits": "unit",
}
#: Plural forms (a bare plural noun with no determiner).
PLURALS = frozenset(k for k in KINDS if k.endswith("s") and k not in {"base", "ability"}
                    ) | {"gear", "equipment"}
#: Determiners that choose objects.
CHOOSING = ("a", "an", "one", "another", "two", "three", "four", "five", "six", "seven",
            "eight", "nine", "ten", "up to", "any number of", "the other")
#: Determiners that select by characteristics.
SELECTING = ("all", "each", "every", "each other", "all other")
POSSESSIVE = ("your", "its", "their", "his", "her", "my", "our")
REFERENCE = ("that", "those", "these", "the", "this")
#: Tags and domains a card may filter on ("enemy Order units").
TAGS = frozenset({"order", "chaos", "calm", "body", "mind", "fury", "mech", "mechs", "bird",
                  "birds", "yordle", "yordles", "poro", "poros", "dragon", "dragons", "bomb",
                  "bombs", "cat", "cats", "dog", "dogs", "reflection", "reflections",
                  "shadow-clone", "shadow-clones", "sand-soldier", "sand-soldiers"})
#: Tags a card names a unit by ("ready another friendly Mech": a unit with that tag).
TAG_NOUNS = frozenset({"mech", "bird", "yordle", "poro", "dragon", "cat", "dog",
                       "reflection", "shadow-clone", "sand-soldier"})
#: Token names of two words, as the card reader writes them (one word) and as printed.
TOKEN_NAMES = {"shadow clone": "shadow-clone", "sand soldier": "sand-soldier"}


def tag_name(word: str) -> str:
    """A tag as a scenario states it, from the word the card reader wrote.

    >>> tag_name("mech"), tag_name("shadow-clone")
    ('Mech', 'Shadow Clone')
    """
    return " ".join(part.capitalize() for part in word.split("-"))
ADJECTIVES = TAGS | frozenset({
    "friendly", "enemy", "other", "exhausted", "ready", "stunned", "damaged", "facedown",
    "token", "mighty", "buffed", "attacking", "defending", "chosen", "same", "different",
    "new", "non-token", "unit", "owner's", "owners'", "opponent's", "single", "killed",
    "open", "other's", "beginning", "empowered",
    # filters the scenario format does not state: read, then refused by the compiler
    "occupied", "equipped", "attached", "revealed", "banished", "marked", "non-unit",
    "non-dragon", "non-recruit", "detached", "activated", "named", "returned",
})
#: Verbs of the grammar (every form a card uses).
VERBS = {
    "kill": "kill", "kills": "kill", "deal": "deal", "deals": "deal", "stun": "stun",
    "stuns": "stun", "buff": "buff", "move": "move", "moves": "move", "ready": "ready",
    "readies": "ready", "return": "return", "returns": "return", "counter": "counter",
    "counters": "counter", "give": "give", "gives": "give", "swap": "swap", "swaps": "swap",
    "attach": "attach", "attaches": "attach", "detach": "detach", "detaches": "detach",
    "choose": "choose", "chooses": "choose", "draw": "draw", "draws": "draw", "play": "play",
    "plays": "play", "recycle": "recycle", "recycles": "recycle", "spend": "spend",
    "spends": "spend", "pick": "pick", "picks": "pick", "exhaust": "exhaust",
    "exhausts": "exhaust", "banish": "banish", "banishes": "banish", "heal": "heal",
    "empowers": "empower", "empower": "empower", "disempower": "disempower",
    "disempowers": "disempower",
    "discard": "discard", "discards": "discard", "gain": "gain", "gains": "gain",
    "get": "get", "gets": "get", "channel": "channel", "pay": "pay", "attack": "attack",
    "attacks": "attack", "die": "die", "dies": "die", "conquer": "conquer",
    "hold": "hold", "score": "score", "take": "take", "takes": "take", "recall": "recall",
    "recalls": "recall", "prevent": "prevent", "prevents": "prevent", "double": "double",
    "doubles": "double", "defend": "defend", "defends": "defend", "enter": "enter",
    "enters": "enter", "reveal": "reveal", "reveals": "reveal", "died": "die",
    "moved": "move", "increase": "increase",
}
#: Other words the grammar reads.
FUNCTION_WORDS = frozenset({
    "to", "from", "at", "in", "on", "of", "with", "and", "or", "then", "you", "may", "must",
    "if", "when", "whenever", "turn", "instead", "next", "time", "here", "there", "same",
    "split", "among", "damage", "equal", "might", "total", "less", "more", "greater", "assault",
    "control", "controls", "they", "it", "them", "itself", "me", "i", "that", "no", "not",
    "xp", "energy", "power", "do", "this", "for", "by", "each", "is", "are", "was", "were",
    "would", "be", "been", "can't", "cannot", "can", "don't", "doesn't", "hasn't", "has",
    "have", "already", "than", "as", "up", "any", "number", "all", "every",
    "one", "the", "a", "an", "their", "your", "its", "his", "her", "my", "our", "those",
    "these", "again", "way", "so", "also", "only", "except", "but", "who", "which",
    "where", "while", "until", "end", "start", "beginning", "first", "second", "last",
    "twice", "once", "other", "another", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "they're", "it's", "hand", "mights", "owner's",
    "chooses", "chosen", "choose", "else", "new", "what", "how",
    "combat", "spell", "ability", "mode", "now", "still", "without", "into",
    "onto", "out", "under", "over", "after", "before", "during", "becomes", "become",
    "unless", "otherwise", "yours", "theirs", "alone", "single", "share", "shares",
    "costs", "cost", "ignore", "paying", "most", "least", "x", "we", "us",
    "additional", "anywhere", "ignoring", "phase", "minimum", "maximum", "paid", "assigned",
    "excess", "much", "dealt", "starting", "had", "temporary", "many", "few",
    "whose", "played", "i'm", "exactly", "showdown", "top", "bottom",
    # words of clauses that choose nothing (phases, looking, tokens' names, costs' words)
    "main", "look", "looks", "face", "down", "gold", "use", "hide", "point", "points",
    "name", "copy", "spent", "channels", "put", "reduce",
    "reduced", "reducing", "bonus", "win", "game", "own", "rest", "leaves", "board",
    "tags", "tag", "something", "besides", "times", "amount", "increase", "being", "pays",
    "following", "text", "effect", "long", "ends", "tie", "you've", "addition",
    "keywords", "keyword", "hidden", "deploy", "ganking", "ambush", "accelerate", "tank",
    "shield",
    "backline",
})

#: A word is letters (any alphabet: a word outside the grammar is named whole, "Éliminez"),
#: apostrophes and hyphens.
_TOKEN = re.compile(r"\[[^\]]*\]|[+-]?\d+|[^\W\d_](?:[^\W\d_]|['-])*|[.,;:]")


@dataclass(frozen=True)
class Token:
    """One word (or number, keyword, punctuation mark) and where it stands in the text.

    A front end reading another language (:mod:`riftsolve.rules.grammar_fr`) gives the
    English word the text's word stands for, and where that word ends (``stop``): phrases
    then quote the text as written.
    """

    text: str
    start: int
    stop: int | None = None

    @property
    def word(self) -> str:
        """Lower-case form."""
        return self.text.lower()

    @property
    def end(self) -> int:
        """Offset after the token."""
        return self.start + len(self.text) if self.stop is None else self.stop


@dataclass(frozen=True)
class Phrase:
    """A noun phrase naming a game object, player or zone.

    ``determiner`` is how it is chosen ("a", "up to", "any number of", "all", "your",
    "its", "self", "bare" for a plural with none ...). ``relation`` is its part in the
    segment: ``subject``, ``object``, ``place`` ("at ..."), ``zone`` ("from ..."),
    ``destination`` ("to ..."), ``condition`` (checked, not affected: "if you control
    another Mech"), ``description`` (what something becomes: "it becomes a unit"),
    ``channelled`` (the runes a player channels), ``top`` (a deck's top cards).
    ``head`` is the index (in the instruction) of the phrase a
    place or zone phrase qualifies.
    """

    words: str
    start: int
    kind: str
    determiner: str
    relation: str
    plural: bool = False
    qualifiers: tuple[str, ...] = ()
    head: int | None = None
    among: bool = False


@dataclass(frozen=True)
class Segment:
    """Part of a sentence whose choices are made one way, with its verb and phrases."""

    mode: Mode
    verb: str | None
    phrases: tuple[Phrase, ...]
    subject: str = ""


@dataclass(frozen=True)
class Instruction:
    """A parsed text: its segments, in order."""

    text: str
    segments: tuple[Segment, ...]

    def phrases(self) -> Iterator[Phrase]:
        """Every phrase of every segment, in text order."""
        for segment in self.segments:
            yield from segment.phrases


# --------------------------------------------------------------------------- parsing


def tokenize(text: str) -> list[Token]:
    """Words, numbers, bracketed keywords and punctuation, with their offsets. Curly
    apostrophes (U+2019, as the official texts write them) read as straight ones."""
    return [Token(m.group(), m.start()) for m in _TOKEN.finditer(text.replace("\u2019", "'"))]


def _known(token: Token) -> bool:
    word = token.word
    if token.text.startswith("[") or word[0] in "+-0123456789" or word in ".,;:":
        return True
    bare = word.removesuffix("'s").removesuffix("'")
    return is_tag_choice(word) or any(bare in vocabulary or word in vocabulary
                                      for vocabulary in (KINDS, VERBS, FUNCTION_WORDS,
                                                         ADJECTIVES))


def is_tag_choice(word: str) -> bool:
    """Whether ``word`` names one of several tags, as the card reader writes "a Bird, Cat,
    Dog, or Poro": ``"bird-or-cat-or-dog-or-poro"``.

    >>> is_tag_choice("bird-or-poro"), is_tag_choice("bird-or-fish")
    (True, False)
    """
    tags = word.split("-or-")
    return len(tags) > 1 and all(tag in TAGS for tag in tags)


def parse(text: str) -> Instruction:
    """Parse a templated instruction; :class:`GrammarError` names words not understood."""
    tokens = _unnamed(tokenize(text))
    unknown = [t.text for t in tokens if not _known(t)]
    if unknown:
        raise GrammarError(not_understood(unknown), tuple(dict.fromkeys(unknown)))
    return parse_tokens(text, tokens)


def _unnamed(tokens: list[Token]) -> list[Token]:
    """``tokens`` without the name of a token made ("a 2 [Might] Sand Soldier unit token",
    "a Shadow Clone unit token"): capitalised words right before "unit token" or "gear
    token", which name it and choose nothing.

    >>> [t.text for t in _unnamed(tokenize("Play a Sand Soldier unit token here."))]
    ['Play', 'a', 'unit', 'token', 'here', '.']
    """
    named: set[int] = set()
    for index in range(len(tokens) - 2):
        if tokens[index + 1].word in ("unit", "gear") and tokens[index + 2].word in (
                "token", "tokens"):
            back = index
            while back >= 0 and tokens[back].text[:1].isupper() and not _known(tokens[back]):
                named.add(back)
                back -= 1
    return [t for i, t in enumerate(tokens) if i not in named]


def not_understood(words: list[str]) -> str:
    """The message naming the words (each once, in order) a text uses outside the grammar.

    >>> not_understood(["Obliterate", "fish", "fish"])
    "words not understood: 'Obliterate', 'fish'"
    """
    listed = ", ".join(f"'{w}'" for w in dict.fromkeys(words))
    return _("words not understood: {words}").format(words=listed)


def parse_tokens(text: str, tokens: list[Token]) -> Instruction:
    """The instruction that ``tokens`` (the grammar's words, each with where it stands in
    ``text``) state."""
    if not any(t.word in KINDS or t.word in {"me", "i", "itself"} or t.word in VERBS
               for t in tokens):
        raise GrammarError(_("no instruction found in {text}").format(text=repr(text)))
    segments: list[Segment] = []
    for sentence in _split(tokens, {".", ";"}):
        segments.extend(_sentence(text, sentence, offset=sum(len(s.phrases)
                                                             for s in segments)))
    return Instruction(text, tuple(_other_players(segments)))


def _other_players(segments: list[Segment]) -> list[Segment]:
    """"Choose an opponent. They move a unit ...": after a player is chosen, a segment
    whose subject is "they" is that player's choice (355.10.e)."""
    result: list[Segment] = []
    player_chosen = False
    for segment in segments:
        if player_chosen and segment.mode is Mode.ORDINARY and segment.subject == "they":
            segment = Segment(Mode.EACH_PLAYER, segment.verb, segment.phrases, segment.subject)
        player_chosen = player_chosen or any(
            p.kind == "player" and p.relation == "object" and p.determiner in {"a", "an", "one"}
            for p in segment.phrases)
        result.append(segment)
    return result


def _split(tokens: list[Token], marks: set[str]) -> list[list[Token]]:
    parts: list[list[Token]] = [[]]
    for token in tokens:
        if token.word in marks:
            parts.append([])
        else:
            parts[-1].append(token)
    return [p for p in parts if p]


def _sentence(text: str, tokens: list[Token], offset: int) -> list[Segment]:
    """Segments of one sentence: trigger condition, replacement, cost, instructions."""
    words = [t.word for t in tokens]
    pieces: list[tuple[Mode | None, list[Token]]] = []
    if "additional cost" in " ".join(words) and words[0] != "when":
        return [_segment(text, tokens, Mode.ADDITIONAL_COST, offset)]  # 355.10.c
    if _opens_trigger(words) and "," in words:
        comma = words.index(",")
        pieces.append((Mode.TRIGGER, tokens[:comma]))
        tokens = tokens[comma + 1:]
        rest = [t.word for t in tokens]
        if rest[:1] == ["if"] and "," in rest:  # "When ..., if ..., do ...": still the condition
            comma = rest.index(",")
            pieces.append((Mode.TRIGGER, tokens[:comma]))
            tokens = tokens[comma + 1:]
    if "would" in [t.word for t in tokens]:
        pieces.append((Mode.REPLACEMENT, tokens))
        tokens = []
    if ":" in [t.word for t in tokens]:
        colon = [t.word for t in tokens].index(":")
        before = [t.word for t in tokens[:colon]]
        if before[-2:] != ["do", "this"]:  # "Cost: effect" (an activated ability's cost)
            pieces.append((Mode.ADDITIONAL_COST, tokens[:colon]))
            tokens = tokens[colon + 1:]
    for clause in _split(tokens, {",", ":"}) if tokens else []:
        pieces.extend(_costs(clause))
    segments: list[Segment] = []
    for mode, piece in pieces:
        segment = _segment(text, piece, mode, offset)
        offset += len(segment.phrases)
        segments.append(segment)
    return segments


def _opens_trigger(words: list[str]) -> bool:
    """Whether a sentence opens with a trigger condition ("When ...", "At the start of
    ...", "The first time ...")."""
    return words[0] in {"when", "whenever"} or words[:3] in (["at", "the", "start"],
                                                             ["at", "the", "end"],
                                                             ["the", "first", "time"])


def _costs(clause: list[Token]) -> list[tuple[Mode | None, list[Token]]]:
    """Split "[do X] to [do Y]" into a cost and an instruction (355.10.c.1)."""
    for i, token in enumerate(clause):
        if token.word == "to" and i + 1 < len(clause) and clause[i + 1].word in VERBS and (
                i > 0 and any(t.word in VERBS for t in clause[:i])):
            return [(Mode.COST, clause[:i]), (None, clause[i + 1:])]
    return [(None, clause)]


def _mode(tokens: list[Token]) -> tuple[Mode, int]:
    """The way the clause chooses, and where its verb is."""
    words = [t.word for t in tokens]
    verb_at = next((i for i, w in enumerate(words) if w in VERBS and not _is_noun_use(words, i)),
                   0)
    subject = words[:verb_at]
    verb = VERBS.get(words[verb_at], "") if words else ""
    if verb == "pick":
        return Mode.PICK, verb_at
    if "must" in words:
        return Mode.MUST, verb_at
    if subject[:1] == ["each"] or "opponent" in subject or "opponents" in subject or (
            "player" in subject or "players" in subject or "defender" in subject):
        return Mode.EACH_PLAYER, verb_at
    if "may" in subject:
        return Mode.MAY, verb_at
    return Mode.ORDINARY, verb_at


def _is_noun_use(words: list[str], i: int) -> bool:
    """'buff' and 'ready' are nouns or adjectives after a determiner or before a noun."""
    word = words[i]
    if word in {"buff", "buffs"} and i > 0 and words[i - 1] in {"a", "your", "its", "the",
                                                                "my"}:
        return True
    return word == "ready" and i + 1 < len(words) and words[i + 1] in KINDS


def _segment(text: str, tokens: list[Token], forced: Mode | None, offset: int) -> Segment:
    mode, verb_at = _mode(tokens)
    if forced is not None:
        mode = forced
    words = [t.word for t in tokens]
    verb = VERBS.get(words[verb_at]) if words and words[verb_at] in VERBS else None
    phrases: list[Phrase] = []
    last_object: int | None = None
    i = 0
    while i < len(tokens):
        found = _phrase_at(text, tokens, i)
        if found is None:
            i += 1
            continue
        phrase, start_index, end_index = found
        relation = _relation(words, start_index, verb_at, verb)
        head = None
        if relation in {"place", "zone"} and last_object is not None:
            head = offset + last_object
        among = start_index > 0 and words[start_index - 1] == "among"
        if last_object is not None and _in_relative_clause(words, phrases[last_object], tokens,
                                                           start_index):
            relation = "qualifier"
            head = offset + last_object
        phrase = Phrase(phrase.words, phrase.start, phrase.kind, phrase.determiner, relation,
                        phrase.plural, phrase.qualifiers, head, among)
        if relation in {"object", "subject"}:
            last_object = len(phrases)
        phrases.append(phrase)
        i = end_index
    subject = " ".join(words[:verb_at])
    return Segment(mode, verb, tuple(phrases), subject)


#: Verbs whose "to ..." names where something goes (355.4), not what is affected.
_MOVING = frozenset({"move", "return", "play", "banish", "discard", "recall"})


#: Words opening a clause that only describes the phrase before it.
_RELATIVE = frozenset({"that", "with", "which", "who", "whose"})


def _in_relative_clause(words: list[str], head: Phrase, tokens: list[Token], start: int
                        ) -> bool:
    """Whether the phrase at ``start`` sits in a clause describing ``head`` ("enemy units
    that share a single controller")."""
    head_end = next((i for i, t in enumerate(tokens) if t.start >= head.start + len(head.words)),
                    len(tokens))
    between = words[head_end:start]
    return bool(between) and between[0] in _RELATIVE and "to" not in between


#: "if you control", "while an opponent controls", "unless you don't control": what
#: follows is a condition the ability checks, not an object it affects.
_CONDITION = re.compile(r"\b(?:if|while|unless) (?:you|they|an opponent|a player) "
                        r"(?:don't |doesn't )?controls?$")


def _relation(words: list[str], start: int, verb_at: int, verb: str | None) -> str:
    before = words[start - 1] if start > 0 else ""
    if _CONDITION.search(" ".join(words[max(0, start - 5):start])):
        return "condition"
    if before in {"becomes", "become", "is", "it's", "was", "are"}:
        return "description"  # ("it becomes a unit", "if it is a unit")
    if before in {"channel", "channels"}:
        return "channelled"  # ("channel 1 rune exhausted": the rune deck's top ones)
    if words[max(0, start - 2):start] == ["the", "top"]:
        return "top"  # ("reveal the top 5 cards of your Main Deck")
    if start < verb_at:
        return "subject"
    if before in {"at", "in", "on"}:
        return "place"
    if before == "from":
        return "zone"
    if before in {"to", "into", "onto"} and verb in _MOVING:
        return "destination"
    return "object"


_NUMBERS = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}


def _phrase_at(text: str, tokens: list[Token], i: int) -> tuple[Phrase, int, int] | None:
    """The noun phrase whose head noun is at ``i`` (or a self-reference), if any."""
    word = tokens[i].word
    following = tokens[i + 1].word if i + 1 < len(tokens) else ""
    previous = tokens[i - 1].word if i > 0 else ""
    if word in {"me", "itself", "myself"} or tokens[i].text == "I" or (
            word == "this" and following not in KINDS and following not in {"turn", "way"}
            and previous != "do"):
        return Phrase(_quoted(text, tokens[i:i + 1]), tokens[i].start, "self", "self", ""
                      ), i, i + 1
    if word == "here":  # "there" points back to a location already named
        return Phrase(_quoted(text, tokens[i:i + 1]), tokens[i].start, "location", "here", ""
                      ), i, i + 1
    noun = word.removesuffix("'s").removesuffix("'")
    # a unit's tag as the noun: "another friendly Mech", "a Bird, Cat, Dog, or Poro" (as
    # the card reader writes it, "a bird-or-cat-or-dog-or-poro")
    tagged = (noun in TAG_NOUNS or is_tag_choice(noun)) and following not in KINDS
    if (noun not in KINDS and not tagged) or _is_adjective_use(tokens, i):
        return None
    if noun != word and i + 1 < len(tokens) and tokens[i + 1].word in KINDS:
        return None  # a possessive before its noun: "their owners' hands"
    if word in {"buff", "ready"} and not _is_noun_use([t.word for t in tokens], i):
        return None
    kind = "unit" if tagged else KINDS[noun]
    start = i
    qualifiers: list[str] = [noun] if tagged else []
    while start > 0 and (tokens[start - 1].word in ADJECTIVES
                         or is_tag_choice(tokens[start - 1].word)
                         or (tokens[start - 1].word.removesuffix("'s") in KINDS
                         and tokens[start - 1].word.endswith("'s"))):
        start -= 1
        qualifiers.insert(0, tokens[start].word)
    determiner, start = _determiner(tokens, start)
    if not determiner:
        zone = noun in {"base", "hand", "trash", "deck"} and start > 0 and tokens[
            start - 1].word in {"to", "from", "at", "in", "into"}
        determiner = "bare" if noun in PLURALS or zone else ""
        if not determiner:
            return None
    plural = noun in PLURALS or determiner in {"all", "any number of", "up to"} or (
        determiner.split()[0] in _NUMBERS)
    return (Phrase(_quoted(text, tokens[start:i + 1]), min(t.start for t in tokens[start:i + 1]),
                   kind, determiner, "", plural, tuple(qualifiers)), start, i + 1)


def _quoted(text: str, tokens: list[Token]) -> str:
    """The text the tokens of a phrase stand for, as written (in another language's word
    order too: « une unité ennemie » for "an enemy unit")."""
    return text[min(t.start for t in tokens):max(t.end for t in tokens)]


def _is_adjective_use(tokens: list[Token], i: int) -> bool:
    """'unit' in 'token unit', 'base' in 'base Might'?: a noun used before another noun."""
    return i + 1 < len(tokens) and tokens[i].word in {"token", "champion"} and (
        tokens[i + 1].word in KINDS)


#: Multi-word determiners, longest first: the words ("#" a number, "@" a possessive) and
#: the determiner they amount to.
_DETERMINERS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("any", "number", "of", "@"), "any number of"),
    (("each", "of", "up", "to", "#"), "up to"),
    (("up", "to", "#"), "up to"),
    (("any", "number", "of"), "any number of"),
    (("one", "of", "@"), "one"),
    (("each", "of", "@"), "each"),
    (("all", "of", "@"), "all"),
    (("the", "other"), "the other"),
    (("all", "other"), "all"),
    (("each", "other"), "each other"),
)


def _matches(pattern: tuple[str, ...], words: list[str]) -> bool:
    for want, word in zip(pattern, words, strict=True):
        if want == "#":
            if not (word in _NUMBERS or word == "one" or word.isdigit()):
                return False
        elif want == "@":
            if word not in POSSESSIVE:
                return False
        elif want != word:
            return False
    return True


def _determiner(tokens: list[Token], start: int) -> tuple[str, int]:
    """The determiner before ``start`` ("a", "up to two", "each of up to two" ...)."""
    words = [t.word for t in tokens]
    for pattern, determiner in _DETERMINERS:
        size = len(pattern)
        if start - size >= 0 and _matches(pattern, words[start - size:start]):
            return determiner, start - size
    if start == 0:
        return "", start
    word = words[start - 1]
    if word.isdigit() or word in _NUMBERS:
        return "two", start - 1
    if word in {*CHOOSING, *SELECTING, *POSSESSIVE, *REFERENCE, "no"}:
        return word, start - 1
    if word.endswith("'s") and word.removesuffix("'s") in KINDS:
        return "its", start - 1
    return "", start
