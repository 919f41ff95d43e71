"""The French front end of the instruction grammar (:mod:`riftsolve.rules.grammar`).

It reads Riftbound's French templated wording (« Éliminez une unité à un champ de
bataille. ») into the English grammar's words: each French word or fixed expression becomes
the English word(s) it stands for, keeping where it stands in the French text. The grammar's
own code then builds the segments, phrases, modes and relations, so a French instruction is
classified by the very rules an English one is, and every phrase quotes the French text as
written.

What French does differently is undone here, and nothing else:

- adjectives after their noun move before it (« une unité ennemie »: "an enemy unit");
- elided words (l', d', qu', j', n', s', m', jusqu', lorsqu') are words of their own, and
  contractions are read as what they contract (« aux champs de bataille »: "at
  battlefields", « au même champ de bataille »: "at the same battlefield");
- « à » is "at" before a location (battlefield, location, base) and "to" before anything
  else (« Infligez 3 dégâts à une unité »: "deal 3 damage to a unit"); « de » is "from"
  before a hidden or public zone (« de votre défausse ») and "of" otherwise;
- an object pronoun before its verb follows it (« vous me jouez »: "you play me");
- agreement: every gender and number of a word reads alike (« une unité alliée », « des
  unités alliées », « toutes les unités »); « des » is the plural of « une » (no
  determiner in English: "split among enemy units");
- words are compared in Unicode NFC, lower case; a text typed without accents
  (« Eliminez ») is read too; « a » is "has" after a subject (« si elle a ») and in a
  clause with no verb before it, and « à » otherwise.

Quotes (« », “ ”) are ignored. A word outside the grammar is a :class:`GrammarError`
naming it as written.

>>> kill = parse("Éliminez toutes les unités à un champ de bataille.")
>>> [(p.words, p.determiner, p.relation) for p in kill.phrases()]
[('toutes les unités', 'all', 'object'), ('un champ de bataille', 'a', 'place')]
>>> [p.words for p in parse("Étourdissez une unité ennemie épuisée.").phrases()]
['une unité ennemie épuisée']
>>> parse("Éliminez un poisson.")
Traceback (most recent call last):
...
riftsolve.rules.grammar.GrammarError: words not understood: 'poisson'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace

from riftsolve.rules.grammar import (
    KINDS,
    GrammarError,
    Instruction,
    Token,
    not_understood,
    parse_tokens,
)

# The classes of the lexicon's entries: what the word is to the reordering and to its
# neighbours.
NOUN = "noun"  #: a noun naming an object, player or zone
ADJ = "adj"  #: an adjective that follows its noun in French (« alliée », « épuisée »)
VERB = "verb"
WORD = "word"  #: any other word, read in place
#: Words whose English depends on their neighbours (see :func:`_nouns`, :func:`_english_of`).
_CONTEXT = ("a", "à", "au", "aux", "sur", "de", "du", "des", "dans", "en", "que", "pour", "le",
            "leur", "lui", "me", "s'", "défausse", "attaquant", "jeton")

_WORD = re.compile(
    r"\[[^\]]*\]"  # a bracketed keyword, as in English
    r"|[+-]?\d+"  # a number (+2, -2, 5)
    r"|\b(?i:jusqu|lorsqu|puisqu|qu|[cdjlmnst])['\u2019]"  # an elided word: l', d', qu'...
    r"|(?<=\w)-(?:[^\W\d_]|[\u0300-\u036f])+"  # an imperative's pronoun: Donnez-moi, tour-ci
    r"|(?:[^\W\d_]|[\u0300-\u036f])+"  # a word (accents as one or two code points)
    r"|[.,;:]")


@dataclass(frozen=True)
class _Word:
    """A French word (or number, keyword, mark) of the text and where it stands."""

    text: str
    start: int
    end: int

    @property
    def key(self) -> str:
        """The form the lexicon is read by: NFC, lower case, straight apostrophes."""
        return unicodedata.normalize("NFC", self.text).lower().replace("\u2019", "'")


def words(text: str) -> list[_Word]:
    """The French words of ``text``: elided words and an imperative's pronoun apart, quotes
    left out.

    >>> [w.text for w in words("« Jusqu\u2019à deux unités », donnez-moi")]
    ['Jusqu\u2019', 'à', 'deux', 'unités', ',', 'donnez', '-moi']
    """
    return [_Word(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]


def _bare(key: str) -> str:
    """``key`` without accents (« éliminez »: "eliminez")."""
    decomposed = unicodedata.normalize("NFD", key)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed
                                                if not unicodedata.combining(c)))


# --------------------------------------------------------------------------- the lexicon

#: French words and fixed expressions (their words' keys) -> the English words they stand
#: for and their class. English words are the grammar's own (a test checks each is known).
LEXICON: dict[tuple[str, ...], tuple[tuple[str, ...], str]] = {}


def _add(cls: str, english: str, *french: str) -> None:
    for phrase in french:
        # a pronoun after a hyphen ("-moi") is read only after its verb's letters
        key = (phrase,) if phrase.startswith("-") else tuple(w.key for w in words(phrase))
        if key in LEXICON:
            raise ValueError(f"{phrase!r} is in the lexicon twice")
        LEXICON[key] = (tuple(english.split()), cls)


def _agreeing(masculine: str) -> tuple[str, ...]:
    """An adjective's four forms (« allié »: allié, alliée, alliés, alliées)."""
    if masculine.endswith("e"):
        return masculine, masculine + "s"
    return masculine, masculine + "e", masculine + "s", masculine + "es"


# the nouns (singular and plural: the English plural where the grammar has one)
for _english, _french in {
    "unit": "unité", "units": "unités", "gear": "équipement équipements", "rune": "rune",
    "runes": "runes", "spell": "sort", "spells": "sorts", "ability": "compétence",
    "abilities": "compétences", "legend": "légende", "legends": "légendes",
    "battlefield": "champ_de_bataille", "battlefields": "champs_de_bataille",
    "location": "emplacement", "locations": "emplacements", "player": "joueur",
    "players": "joueurs", "opponent": "adversaire", "opponents": "adversaires",
    "controller": "contrôleur", "controllers": "contrôleurs", "owner": "propriétaire",
    "owners": "propriétaires", "defender": "défenseur", "card": "carte", "cards": "cartes",
    "buff": "amélioration", "buffs": "améliorations", "hand": "main", "hands": "mains",
    "deck": "deck paquet", "base": "base", "bases": "bases", "champion": "champion",
    "recruit": "recrue", "recruits": "recrues",
    "destination": "destination",
}.items():
    _add(NOUN, _english, *(f.replace("_", " ") for f in _french.split()))

# the adjectives that follow their noun, in every gender and number
for _english, _french in {
    "friendly": "allié", "enemy": "ennemi", "exhausted": "épuisé", "ready": "prêt",
    "stunned": "étourdi", "damaged": "endommagé", "buffed": "amélioré",
    "defending": "défendant", "chosen": "choisi", "killed": "éliminé",
    "different": "différent", "open": "ouvert", "revealed": "révélé",
}.items():
    _add(ADJ, _english, *_agreeing(_french))

# the verbs: imperative, infinitive, third persons (and the first where a card says "I")
for _english, _french in {
    "kill": "éliminez éliminer élimine éliminent",
    "deal": "infligez infliger inflige infligent infligeons",
    "stun": "étourdissez étourdir étourdit étourdissent",
    "buff": "améliorez améliorer améliore améliorent",
    "move": "déplacez déplacer déplace déplacent",
    "ready": "préparez préparer prépare préparent",
    "return": "renvoyez renvoyer renvoie renvoient",
    "counter": "contrez contrer contrent",
    "give": "donnez donner donne donnent conférez conférer confère confèrent",
    "swap": "échangez échanger échange échangent",
    "choose": "choisissez choisir choisit choisissent",
    "draw": "piochez piocher pioche piochent",
    "play": "jouez jouer joue jouent",
    "recycle": "recyclez recycler recycle recyclent",
    "spend": "dépensez dépenser dépense dépensent",
    "pick": "sélectionnez sélectionner sélectionne sélectionnent",
    "exhaust": "épuisez épuiser épuise épuisent",
    "banish": "bannissez bannir bannit bannissent",
    "heal": "soignez soigner soigne soignent",
    "discard": "défaussez défausser défaussent",
    "gain": "gagnez gagner gagne gagnent",
    "channel": "canalisez canaliser canalise canalisent",
    "pay": "payez payer paie paye paient",
    "attack": "attaquez attaquer attaque attaquent",
    "die": "meurt meurent mourir meurs",
    "conquer": "conquérez conquérir conquiert conquièrent conquiers",
    "hold": "tenez tenir tient tiennent tiens",
    "recall": "rappelez rappeler rappelle rappellent",
    "prevent": "prévenez prévenir prévient préviennent",
    "double": "doublez doubler double doublent",
    "defend": "défendez défendre défend défendent",
    "reveal": "révélez révéler révèle révèlent",
    "attach": "attachez attacher attache attachent",
    "detach": "détachez détacher détache détachent",
}.items():
    _add(VERB, _english, *_french.split())

# every other word, and the fixed expressions (longest read first)
for _english, _french in {
    # determiners
    "a": "un une", "another": "un_autre une_autre", "one of": "un_de une_de un_d' une_d' "
    "l'un_de l'une_de l'un_d' l'une_d'", "up to": "jusqu'à", "up to one": "jusqu'à_un "
    "jusqu'à_une", "any number of": "n'importe_quel_nombre_de n'importe_quel_nombre_d' "
    "un_nombre_quelconque_de un_nombre_quelconque_d'", "all": "toutes_les tous_les tout "
    "toute tous toutes", "all other": "toutes_les_autres tous_les_autres", "each": "chaque "
    "chacun chacune", "each of": "chacun_de chacune_de chacun_d' chacune_d'", "each other":
    "chaque_autre", "the other": "l'autre les_autres", "other": "autre autres d'autres",
    "no": "aucun aucune", "no other": "aucun_autre aucune_autre", "your": "votre vos",
    "its": "son sa ses", "their": "leurs", "my": "mon ma mes", "our": "notre nos",
    "that": "ce cet cette cela qui", "those": "ces", "this": "ceci", "same": "même mêmes",
    "single": "seul seule", "new": "nouveau nouvelle nouveaux nouvelles",
    "two": "deux", "three": "trois", "four": "quatre", "five": "cinq", "six": "six",
    "seven": "sept", "eight": "huit", "nine": "neuf", "ten": "dix",
    # pronouns
    "you": "vous", "they": "il elle ils elles", "I": "je j'", "we": "nous",
    "me": "moi -moi", "it": "-la -le -lui", "them": "-les -leur", "there": "là là-bas y -y",
    "": "-en pas", "don't": "ne n'",
    # what is done, how, when
    "may": "pouvez peut peuvent pouvoir", "must": "devez doit doivent",
    "would": "devait devrait devaient devraient", "is": "est", "are": "sont", "be": "être",
    "been": "été", "becomes": "devient deviennent devenir", "have": "ont avez "
    "avoir", "with": "avec ayant", "control": "contrôlez contrôlent contrôler",
    "controls": "contrôle", "be dealt": "subir subit subissent", "paid": "payé payée",
    "assigned": "assigné assignée assignés assignées", "ignoring": "ignorant en_ignorant",
    "if": "si", "when": "lorsque lorsqu' quand", "whenever": "chaque_fois_que "
    "chaque_fois_qu'", "at the start of": "au_début_de au_début_du au_début_d'",
    "at the end of": "à_la_fin_de à_la_fin_du à_la_fin_d'", "the first time":
    "la_première_fois_que la_première_fois_qu'", "the next time": "la_prochaine_fois_que "
    "la_prochaine_fois_qu'", "while": "tant_que tant_qu'", "unless": "à_moins_que "
    "à_moins_qu'", "instead": "à_la_place", "and": "et", "or": "ou", "then": "puis ensuite",
    "from": "depuis", "to": "vers", "without": "sans",
    "by": "par", "among": "parmi entre", "split": "répartis répartie réparties réparti "
    "répartissez répartir", "during": "pendant", "before": "avant", "after": "après",
    "here": "ici", "also": "aussi également", "only": "seulement", "again": "encore",
    "to each other": "mutuellement", "this turn": "ce_tour-ci ce_tour", "turn": "tour",
    "end": "fin", "start": "début", "phase": "phase", "beginning phase": "phase_de_début",
    "main phase": "phase_principale", "combat": "combat", "damage": "dégât dégâts",
    "might": "puissance puissances", "dealt": "infligé infligée infligés infligées",
    "do": "faites faire fait", "anywhere": "n'importe_où", "energy": "énergie",
    "xp": "px xp", "cost": "coût",
    "additional cost": "coût_supplémentaire", "as an additional cost":
    "comme_coût_supplémentaire en_coût_supplémentaire", "time": "fois", "first":
    "premier première", "next": "prochain prochaine", "last": "dernier dernière",
    "more": "plus", "less": "moins", "or more": "ou_plus", "or less": "ou_moins",
    "at least": "au_moins", "total": "total totale", "equal": "égal égale égaux égales",
    "whose": "dont", "where": "où", "much": "autant", "excess": "excédentaire "
    "excédentaires",
}.items():
    _add(WORD, _english, *(f.replace("_", " ") for f in _french.split()))

# the words read from their neighbours: the English here is a placeholder
for _context in _CONTEXT:
    _add(_context, "", _context)
_add("le", "", "la", "l'", "les")
_add("que", "", "qu'")
_add("de", "", "d'")
_add("me", "", "m'")
_add("attaquant", "", "attaquante", "attaquants", "attaquantes")
_add("jeton", "", "jetons")

#: The lexicon by accent-free keys, for text typed without accents; an accented entry
#: never hides an unaccented one (« a » stays "has").
_BARE: dict[tuple[str, ...], tuple[tuple[str, ...], str]] = {}
for _key, _entry in sorted(LEXICON.items(), key=lambda kv: kv[0] != tuple(map(_bare, kv[0]))):
    _BARE.setdefault(tuple(map(_bare, _key)), _entry)
_LONGEST = max(len(k) for k in LEXICON)


# --------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class _Item:
    """One entry of the lexicon found in the text: its English words, class, French words
    (keys) and where it stands."""

    english: tuple[str, ...]
    cls: str
    keys: tuple[str, ...]
    start: int
    end: int
    #: An object pronoun to put after its verb (« vous me jouez »: "you play me").
    clitic: bool = False


def _lex(found: list[_Word]) -> list[_Item]:
    """The lexicon's entries, longest first, left to right; a word none starts is named."""
    items: list[_Item] = []
    unknown: list[str] = []
    i = 0
    while i < len(found):
        for size in range(min(_LONGEST, len(found) - i), 0, -1):
            keys = tuple(w.key for w in found[i:i + size])
            entry = LEXICON.get(keys) or _BARE.get(tuple(map(_bare, keys)))
            if entry is not None:
                break
        else:
            word = found[i]
            if word.text[0] in "[+-0123456789.,;:" and not word.text[1:].isalpha():
                entry, keys = ((word.text,), WORD), (word.key,)
            else:
                unknown.append(word.text.lstrip("-"))
                i += 1
                continue
        start = found[i].start + (1 if found[i].text.startswith("-") else 0)
        items.append(_Item(entry[0], entry[1], keys, start, found[i + len(keys) - 1].end))
        i += len(keys)
    if unknown:
        raise GrammarError(not_understood(unknown), tuple(dict.fromkeys(unknown)))
    return items


#: Kinds before which « à » is "at" (a place), not "to".
_PLACES = frozenset({"battlefield", "location", "base"})
#: Kinds before which « de » is "from" (a zone), not "of".
_ZONES = frozenset({"hand", "trash", "deck", "base"})
#: Words that may stand between a preposition and its noun ("to each of up to two ...").
_BEFORE_NOUN = frozenset({
    "a", "one", "another", "the", "other", "all", "each", "of", "up", "to", "any", "number",
    "your", "its", "their", "my", "our", "that", "those", "this", "no", "same", "single",
    "new", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"})


def _kind_ahead(items: list[_Item], i: int) -> str:
    """The kind of the noun a preposition at ``i`` governs, or ``""`` if none."""
    for item in items[i + 1:]:
        if item.cls == NOUN:
            return KINDS.get(item.english[-1], item.english[-1])
        if item.cls in {"le", "des", "leur"} or item.cls == ADJ or (
                item.cls == WORD and (set(item.english) <= _BEFORE_NOUN
                                      or item.english[0].isdigit())):
            continue
        return ""
    return ""


#: Subjects « a » ("has") follows.
_SUBJECTS = frozenset({"il", "elle", "ils", "elles", "qui", "on"})


def _has(items: list[_Item], i: int) -> bool:
    """Whether « a » at ``i`` is "has" (« si elle a », « qui a », « si l'unité a »), not
    « à » typed without its accent (« Eliminez une unite a un champ de bataille »): after a
    subject pronoun, or in a clause with no verb before it."""
    if i and items[i - 1].keys[-1] in _SUBJECTS:
        return True
    for item in reversed(items[:i]):
        if item.english and item.english[0] in {".", ",", ";", ":"}:
            return True
        if item.cls == VERB:
            return False
    return True


def _next_verb(items: list[_Item], i: int) -> bool:
    """Whether the next word after ``i`` but object pronouns is a verb."""
    for item in items[i + 1:]:
        if item.cls in {"le", "me", "leur", "lui"}:
            continue
        return item.cls == VERB
    return False


#: Words of a possessive before a player (« de son propriétaire »: "its owner's").
_POSSESSIVES = {"son": "its", "sa": "its", "ses": "its", "leur": "their", "leurs": "their",
                "votre": "your", "vos": "your"}


def _possessive(items: list[_Item]) -> list[_Item]:
    """« la main de son propriétaire »: "its owner's hand" (one phrase, as in English)."""
    for i in range(1, len(items) - 2):
        noun, of, whose, player = items[i - 1:i + 3]
        if (noun.cls == NOUN and of.cls == "de" and whose.keys[-1] in _POSSESSIVES
                and player.cls == NOUN and KINDS.get(player.english[-1]) == "player"):
            article = items[i - 2] if i > 1 and items[i - 2].cls == "le" else None
            determiner = replace(whose, english=(_POSSESSIVES[whose.keys[-1]],), cls=WORD,
                                 start=article.start if article else whose.start)
            owner = replace(player, english=(player.english[-1] + "'s",), cls=WORD)
            before = items[:i - 2] if article else items[:i - 1]
            return [*before, determiner, owner, noun, *_possessive(items[i + 3:])]
    return items


#: Words that are adjectives after a noun, else nouns: (adjective, noun, plural noun).
_NOUN_OR_ADJ = {"attaquant": ("attacking", "attacker", ""),
                "jeton": ("token", "token", "tokens")}


def _nouns(items: list[_Item]) -> list[_Item]:
    """The words that are nouns or not by their neighbours: « défausse » is the trash after a
    determiner, else "discard"; « attaquant » is "attacking" after a noun (« une unité
    attaquante »), else "attacker"; « jeton » is "token" either way.
    """
    read: list[_Item] = []
    for i, item in enumerate(items):
        before = items[i - 1] if i else None
        if item.cls == "défausse":
            noun = before is not None and before.keys[-1] in {
                "la", "votre", "sa", "leur", "ma", "notre", "une", "cette", "chaque"}
            item = replace(item, english=("trash",) if noun else ("discard",),
                           cls=NOUN if noun else VERB)
        elif item.cls in _NOUN_OR_ADJ:
            after_noun = before is not None and before.cls in {NOUN, ADJ}
            adjective, singular, plural = _NOUN_OR_ADJ[item.cls]
            name = plural if item.keys[-1].endswith("s") and plural else singular
            item = replace(item, english=(adjective if after_noun else name,),
                           cls=ADJ if after_noun else NOUN)
        read.append(item)
    return read


def _english_of(items: list[_Item], i: int) -> tuple[tuple[str, ...], bool]:
    """The English of the word at ``i``, and whether it is an object pronoun to put after
    its verb (see the module's notes)."""
    item, before = items[i], items[i - 1] if i else None
    if item.cls == "a" and _has(items, i):
        return ("has",), False
    if item.cls in {"a", "à", "au", "aux", "sur"}:
        kind = _kind_ahead(items, i)
        preposition = "at" if kind in _PLACES else "on" if item.cls == "sur" else "to"
        return ((preposition, "the") if item.cls == "au" else (preposition,)), False
    if item.cls in {"de", "du"}:
        preposition = "from" if _kind_ahead(items, i) in _ZONES else "of"
        return ((preposition, "the") if item.cls == "du" else (preposition,)), False
    if item.cls == "des":  # "of the" after a noun, else the plural of « une »
        after_noun = before is not None and (before.cls == NOUN or before.english == ("might",))
        return (("of", "the") if after_noun else ()), False
    if item.cls == "dans":  # "into" a hand, a deck, a trash
        return (("into",) if _kind_ahead(items, i) in _ZONES - {"base"} else ("in",)), False
    if item.cls == "en":  # « en main »: "to hand"
        following = items[i + 1].english if i + 1 < len(items) else ()
        return (("to",) if following in {("hand",), ("hands",)} else ("in",)), False
    if item.cls == "que":  # "than" after a comparison, else a relative (read as nothing)
        compared = any(w in {"more", "less"} for b in items[max(0, i - 3):i] for w in b.english)
        return (("than",) if compared else ()), False
    if item.cls == "pour":  # "[do X] to [do Y]" before a verb, else "for"
        return (("to",) if _next_verb(items, i) else ("for",)), False
    if item.cls in {"le", "me", "leur", "lui"}:  # an article, or an object pronoun
        clitic = _next_verb(items, i)
        plural = item.keys[-1] in {"les", "leur"}
        if item.cls == "me":
            return ("me",), clitic
        if clitic or item.cls == "lui":
            return (("them",) if plural else ("it",)), clitic
        return (("their",) if item.cls == "leur" else ("the",)), False
    if item.cls == "s'":  # « s'il »: "if they"; a reflexive pronoun reads as nothing
        subject = items[i + 1].keys[0] if i + 1 < len(items) else ""
        return (("if",) if subject in {"il", "ils"} else ()), False
    return item.english, False


def _resolve(items: list[_Item]) -> list[_Item]:
    """Give every word read from its neighbours its English."""
    items = _possessive(_nouns(items))
    resolved: list[_Item] = []
    for i, item in enumerate(items):
        english, clitic = _english_of(items, i)
        cls = item.cls if item.cls in {NOUN, ADJ, VERB} else WORD
        resolved.append(replace(item, english=english, cls=cls, clitic=clitic))
    return resolved


def _reorder(items: list[_Item]) -> list[_Item]:
    """English word order: an object pronoun after its verb, adjectives before their noun."""
    ordered: list[_Item] = []
    waiting: list[_Item] = []  # object pronouns before their verb
    noun_at: int | None = None  # where the last noun stands, while adjectives follow it
    for item in items:
        if item.clitic:
            waiting.append(item)
            continue
        if item.cls == ADJ and noun_at is not None:
            ordered.insert(noun_at, item)
            noun_at += 1
            continue
        ordered.append(item)
        noun_at = len(ordered) - 1 if item.cls == NOUN else None
        if item.cls == VERB:
            ordered.extend(waiting)
            waiting = []
    return ordered + waiting


def tokens(text: str) -> list[Token]:
    """The grammar's words for a French text, each standing where its French stands.

    >>> [(t.text, t.start, t.end) for t in tokens("Vous me jouez")]
    [('you', 0, 4), ('play', 8, 13), ('me', 5, 7)]
    """
    return [Token(word, item.start, item.end)
            for item in _reorder(_resolve(_lex(words(text)))) for word in item.english]


def parse(text: str) -> Instruction:
    """Parse a French templated instruction; :class:`GrammarError` names the words (as
    written) not understood."""
    return parse_tokens(text, tokens(text))
