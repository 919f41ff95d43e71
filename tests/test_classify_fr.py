"""French instructions classify like their English twins (CR 1.4 355.5-355.17).

Every pair below is a French instruction and the English one it translates: the French is
read by ``riftsolve.rules.grammar_fr`` and must give the same mentions (kind, role, rule,
version), in the same order, and the same targets, with the French words quoted as written.
The first table is the French seed's own examples (the French text of the targeting rules),
each beside the English seed's sentence it translates; the second is written in the same
official terms for every construction the English grammar covers (its card instructions in
``tests/data/instructions.json``), one French wording each.
"""

from __future__ import annotations

import io
import json
import unicodedata
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from riftsolve.faces.cli import main
from riftsolve.rules import grammar_fr
from riftsolve.rules.classify import Classification, classify
from riftsolve.rules.grammar import GrammarError, Token, _known

# The French seed (« Cibles et répartition des dégâts ») beside the English seed ("Targets
# and Damage Allocation"), sentence by sentence: each French example instruction, as the
# seed quotes it, and the English one in the same place. Where the seed quotes only a noun
# phrase (« Toutes les unités aux champs de bataille », "all units at battlefields"), the
# instruction is the example's verb with it, as the English data writes it.
SEED_PAIRS = [
    # « Éliminez une unité » cible une unité. / "Kill a unit" targets a unit.
    ("Éliminez une unité", "Kill a unit"),
    # « Éliminez une unité à un champ de bataille » cible toujours l'unité ; le champ de
    # bataille n'est qu'une restriction d'emplacement. / "Kill a unit at a battlefield" still
    # targets the unit; the battlefield is its location restriction.
    ("Éliminez une unité à un champ de bataille", "Kill a unit at a battlefield"),
    # « Éliminez toutes les unités à un champ de bataille » choisit et cible plutôt le champ
    # de bataille / "Kill all units at a battlefield" instead chooses and targets the
    # battlefield
    ("Éliminez toutes les unités à un champ de bataille", "Kill all units at a battlefield"),
    # Toutes les unités aux champs de bataille constituent un ensemble sélectionné
    # automatiquement / If it says all units at battlefields, it selects that set
    # automatically
    ("Éliminez toutes les unités aux champs de bataille", "Kill all units at battlefields"),
    # « Éliminez une unité sur un champ de bataille » cible l'unité même si elle est la seule
    # présente. / "Kill a unit at a battlefield" remains targeted even if only one unit is
    # there.
    ("Éliminez une unité sur un champ de bataille", "Kill a unit at a battlefield"),
    # « Préparez votre légende » possède sa propre exception / "Ready your legend" has its
    # own exception
    ("Préparez votre légende", "Ready your legend"),
    # « Préparez une légende alliée » cible une légende à la finalisation. / "Ready a
    # friendly legend" targets one when the item is finalized.
    ("Préparez une légende alliée", "Ready a friendly legend"),
    # « Éliminez une unité ; son contrôleur pioche 2 » cible l'unité / "Kill a unit; its
    # controller draws 2" targets the unit
    ("Éliminez une unité ; son contrôleur pioche 2", "Kill a unit; its controller draws 2"),
]

# Written in the seed's terms, one per construction of the English grammar: the English is
# the instruction of tests/data/instructions.json (a rules example or a card) it translates.
WRITTEN_PAIRS = [
    # a cost within the instruction (355.10.c.1), a trigger condition, a replacement (355.10.c)
    ("Dépensez une amélioration pour déplacer une unité alliée.",
     "Spend a buff to move a friendly unit."),
    ("Lorsque vous choisissez une unité alliée, piochez 1.",
     "When you choose a friendly unit, draw 1."),
    ("Si une unité alliée devait mourir, éliminez ceci à la place.",
     "If a friendly unit would die, kill this instead."),
    ("Vous pouvez éliminer une autre unité alliée ici pour piocher 1.",
     "You may kill another friendly unit here to draw 1."),
    ("Vous pouvez éliminer une unité alliée comme coût supplémentaire pour me jouer.",
     "You may kill a friendly unit as an additional cost to play me."),
    ("En coût supplémentaire pour me jouer, éliminez une unité alliée.",
     "As an additional cost to play me, kill a friendly unit."),
    ("Dépensez mon amélioration : donnez-moi +4 Puissance ce tour-ci.",
     "Spend my buff: Give me +4 Might this turn."),
    ("Lorsque vous conquérez ici, vous pouvez dépenser une amélioration pour piocher 1.",
     "When you conquer here, you may spend a buff to draw 1."),
    ("Au début de votre phase de début, vous pouvez éliminer une unité que vous contrôlez "
     "ici pour piocher 1.",
     "At the start of your Beginning Phase, you may kill a unit you control here to draw 1."),
    ("Choisissez une unité alliée. La prochaine fois qu'elle devait mourir ce tour-ci, "
     "soignez-la, épuisez-la et rappelez-la à la place.",
     "Choose a friendly unit. The next time it would die this turn, heal it, exhaust it, and "
     "recall it instead."),
    ("Choisissez une unité. La prochaine fois que cette unité devait subir des dégâts ce "
     "tour-ci, prévenez-les. Piochez 1.",
     "Choose a unit. The next time that unit would be dealt damage this turn, prevent it. "
     "Draw 1."),
    ("Lorsque vous me jouez, si vous avez payé le coût supplémentaire, déplacez n'importe "
     "quel nombre de vos unités vers un champ de bataille ouvert.",
     "When you play me, if you paid the additional cost, move any number of your units to an "
     "open battlefield."),
    # zones: hidden (355.10.a) and public (355.10.a.1); destinations (355.4, 355.10.b)
    ("Jouez une unité de votre main.", "Play a unit from your hand."),
    ("Recyclez une carte de votre main.", "Recycle a card from your hand."),
    ("Renvoyez une unité de votre défausse.", "Return a unit from your trash."),
    ("Jouez une unité de votre main vers un champ de bataille.",
     "Play a unit from your hand to a battlefield."),
    ("Renvoyez une unité de votre défausse en main.", "Return a unit from your trash to hand."),
    ("Lorsque vous me jouez, renvoyez un équipement de votre défausse en main.",
     "When you play me, return a gear from your trash to hand."),
    ("Jouez une unité de votre défausse, en ignorant son coût en Énergie.",
     "Play a unit from your trash, ignoring its Energy cost."),
    ("Jouez une unité de votre main vers la base, en ignorant son coût en Énergie.",
     "Play a unit from your hand to base, ignoring its Energy cost."),
    ("Déplacez une unité alliée vers un champ de bataille.",
     "Move a friendly unit to a battlefield."),
    ("Déplacez jusqu'à 2 unités alliées vers la base.", "Move up to 2 friendly units to base."),
    ("Déplacez n'importe quel nombre d'unités alliées à un champ de bataille vers la base.",
     "Move any number of friendly units at a battlefield to base."),
    ("Renvoyez une unité alliée et une unité ennemie en main.",
     "Return a friendly unit and an enemy unit to hand."),
    ("Renvoyez une unité à un champ de bataille en main.",
     "Return a unit at a battlefield to hand."),
    ("Renvoyez une unité à un champ de bataille dans la main de son propriétaire.",
     "Return a unit at a battlefield to its owner's hand."),
    # other players' choices (355.10.e), "must" (355.10.f), "pick" (355.17)
    ("Chaque joueur élimine une unité qu'il contrôle.", "Each player kills a unit they control."),
    ("Chaque joueur élimine l'une de ses unités.", "Each player kills one of their units."),
    ("Chaque joueur élimine l'un de ses équipements.", "Each player kills one of their gear."),
    ("Chaque joueur peut renvoyer une unité en main.", "Each player may return a unit to hand."),
    ("Chaque autre joueur choisit une unité que vous ne contrôlez pas. Éliminez ces unités.",
     "Each other player chooses a unit you don't control. Kill those units."),
    ("Déplacez une unité que vous contrôlez vers un champ de bataille que vous contrôlez. "
     "Puis, choisissez un adversaire. Il déplace une unité qu'il contrôle vers le même champ "
     "de bataille.",
     "Move a unit you control to a battlefield you control. Then, choose an opponent. They "
     "move a unit they control to the same battlefield."),
    ("Vous devez recycler l'une de vos runes.", "You must recycle one of your runes."),
    ("Lorsque vous conquérez ici, vous devez recycler l'une de vos runes.",
     "When you conquer here, you must recycle one of your runes."),
    ("Lorsque vous me jouez, chaque joueur doit éliminer l'une de ses unités.",
     "When you play me, each player must kill one of their units."),
    ("Lorsque j'attaque, le défenseur doit éliminer l'une de ses unités ici.",
     "When I attack, the defender must kill one of their units here."),
    ("Sélectionnez une unité alliée. Donnez-lui +2 Puissance ce tour-ci.",
     "Pick a friendly unit. Give it +2 Might this turn."),
    # split damage (355.14.a), "up to" and "any number of" (355.13), "you may" (355.12)
    ("Infligez 5 dégâts répartis entre un nombre quelconque d'unités ennemies aux champs de "
     "bataille.", "Deal 5 damage split among any number of enemy units at battlefields."),
    ("Choisissez une unité alliée. Elle inflige des dégâts égaux à sa Puissance répartis "
     "entre des unités ennemies aux champs de bataille.",
     "Choose a friendly unit. It deals damage equal to its Might split among enemy units at "
     "battlefields."),
    ("Infligez 5 dégâts répartis entre n'importe quel nombre d'unités.",
     "Deal 5 damage split among any number of units."),
    ("Lorsque j'attaque, infligez 5 dégâts répartis entre un nombre quelconque d'unités "
     "ennemies ici.", "When I attack, deal 5 damage split among any number of enemy units here."),
    ("Éliminez n'importe quel nombre d'unités à un champ de bataille avec une Puissance "
     "totale de 4 ou moins.",
     "Kill any number of units at a battlefield with total Might 4 or less."),
    ("Vous pouvez étourdir deux unités ennemies.", "You may stun two enemy units."),
    ("Étourdissez jusqu'à trois unités ennemies.", "Stun up to three enemy units."),
    ("Infligez 1 dégât à jusqu'à trois unités au même emplacement.",
     "Deal 1 to up to three units at the same location."),
    ("Infligez 6 dégâts à chacune de jusqu'à deux unités.", "Deal 6 to each of up to two units."),
    ("Lorsque vous me jouez, améliorez jusqu'à deux autres unités alliées.",
     "When you play me, buff up to two other friendly units."),
    ("Lorsque vous me jouez, choisissez jusqu'à une unité ennemie à chaque emplacement. "
     "Infligez-leur 1 dégât.",
     "When you play me, choose up to one enemy unit at each location. Deal 1 to them."),
    # spells and abilities (355.9.a.2), legends (355.10.a.1), "choose" (355.7)
    ("Contrez un sort.", "Counter a spell."),
    ("Contrez une compétence.", "Counter an ability."),
    ("Contrez un sort ennemi.", "Counter an enemy spell."),
    ("Contrez un sort ennemi qui choisit une unité alliée.",
     "Counter an enemy spell that chooses a friendly unit."),
    ("Choisissez une unité alliée à un champ de bataille. Contrez un sort ennemi qui la "
     "choisit et aucune autre unité alliée.",
     "Choose a friendly unit at a battlefield. Counter an enemy spell that chooses it and no "
     "other friendly unit."),
    ("Préparez une légende.", "Ready a legend."),
    ("Choisissez une unité ennemie. Infligez-lui 6 dégâts.", "Choose an enemy unit. Deal 6 to it."),
    ("Choisissez un champ de bataille et une unité ennemie là-bas. Infligez 4 dégâts à cette "
     "unité et 1 dégât à chaque autre unité ennemie là-bas.",
     "Choose a battlefield and an enemy unit there. Deal 4 to that unit and 1 to each other "
     "enemy unit there."),
    ("Choisissez une unité alliée et une unité ennemie. Elles s'infligent mutuellement des "
     "dégâts égaux à leur Puissance.",
     "Choose a friendly unit and an enemy unit. They deal damage equal to their Mights to "
     "each other."),
    ("Choisissez une unité alliée et un champ de bataille. Déplacez toutes les unités "
     "ennemies à ce champ de bataille ayant moins de Puissance que l'unité choisie vers la "
     "base. Gagnez 1 PX.",
     "Choose a friendly unit and a battlefield. Move all enemy units at that battlefield with "
     "less Might than the chosen unit to base. Gain 1 XP."),
    ("Préparez une unité alliée. Elle inflige des dégâts égaux à sa Puissance à une unité "
     "ennemie à un champ de bataille.",
     "Ready a friendly unit. It deals damage equal to its Might to an enemy unit at a "
     "battlefield."),
    # every verb, determiner and place of the manual's list (docs/cards.md)
    ("Améliorez une unité alliée.", "Buff a friendly unit."),
    ("Améliorez deux unités alliées au même champ de bataille.",
     "Buff two friendly units at the same battlefield."),
    ("Étourdissez une unité à un champ de bataille.", "Stun a unit at a battlefield."),
    ("Étourdissez une unité alliée et une unité ennemie au même champ de bataille.",
     "Stun a friendly unit and an enemy unit at the same battlefield."),
    ("Éliminez tous les équipements.", "Kill all gear."),
    ("Éliminez une unité ennemie avec 4 Puissance ou plus.",
     "Kill an enemy unit with Might 4 or greater."),
    ("Éliminez une unité que vous contrôlez.", "Kill a unit you control."),
    ("Éliminez une unité à un champ de bataille. Son contrôleur pioche 2.",
     "Kill a unit at a battlefield. Its controller draws 2."),
    ("Échangez la Puissance de deux unités au même champ de bataille ce tour-ci.",
     "Swap the Might of two units at the same battlefield this turn."),
    ("Donnez-moi +3 Puissance ce tour-ci.", "Give me +3 Might this turn."),
    ("Donnez +2 Puissance à une unité ce tour-ci et -2 Puissance à une autre unité ce tour-ci.",
     "Give a unit +2 Might this turn and another unit -2 Might this turn."),
    ("Lorsque vous me jouez, donnez -3 Puissance aux unités ennemies ce tour-ci.",
     "When you play me, give enemy units -3 Might this turn, to a minimum of 1 Might."),
    ("Lorsque vous me choisissez ou me préparez, donnez-moi +1 Puissance ce tour-ci.",
     "When you choose me or ready me, give me +1 Might this turn."),
    ("Lorsque vous me choisissez avec un sort, piochez 1.",
     "When you choose me with a spell, draw 1."),
    ("Vous pouvez la déplacer vers un champ de bataille.", "You may move it to a battlefield."),
    ("Si vous contrôlez une autre unité alliée, piochez 1.",
     "If you control another friendly unit, draw 1."),
    ("Déplacez une unité ennemie.", "Move an enemy unit."),
    ("Épuisez une rune.", "Exhaust a rune."),
    ("Bannissez une unité épuisée.", "Banish an exhausted unit."),
    ("Défaussez une carte.", "Discard a card."),
    # more card instructions: "do this", "anywhere", token units, attackers, "we"
    ("Choisissez une unité alliée. Elle inflige des dégâts égaux à sa Puissance répartis "
     "entre des unités ennemies aux champs de bataille. Puis, pour chaque unité que ceci "
     "élimine, faites ceci : gagnez 1 PX.",
     "Choose a friendly unit. It deals damage equal to its Might split among enemy units at"
     " battlefields. Then for each unit this kills, do this: Gain 1 XP."),
    ("Déplacez n'importe quel nombre d'unités ennemies ayant le même contrôleur et une "
     "Puissance totale de 8 ou moins vers un seul emplacement.",
     "Move any number of enemy units with the same controller and a total Might of 8 or "
     "less to a single location."),
    ("Lorsque vous me jouez, choisissez une unité ennemie à un champ de bataille. Nous nous"
     " infligeons mutuellement des dégâts égaux à nos Puissances.",
     "When you play me, choose an enemy unit at a battlefield. We deal damage equal to our "
     "Mights to each other."),
    ("Choisissez deux unités. Elles s'infligent mutuellement des dégâts égaux à leur "
     "Puissance.",
     "Choose two units. They deal damage equal to their Mights to each other."),
    ("Donnez +2 Puissance à deux unités alliées chacune ce tour-ci.",
     "Give two friendly units each +2 Might this turn."),
    ("Lorsqu'un joueur choisit une unité alliée ici avec un sort pour la première fois "
     "chaque tour, il pioche 1.",
     "When a player chooses a friendly unit here with a spell for the first time each turn,"
     " they draw 1."),
    ("Choisissez une unité alliée n'importe où et une unité ennemie à un champ de bataille."
     " Elles s'infligent mutuellement des dégâts égaux à leur Puissance.",
     "Choose a friendly unit anywhere and an enemy unit at a battlefield. They deal damage "
     "equal to their Mights to each other."),
    ("Déplacez une unité ennemie. Puis faites ceci : choisissez une autre unité ennemie à "
     "sa destination. Elles s'infligent mutuellement des dégâts égaux à leur Puissance.",
     "Move an enemy unit. Then do this: Choose another enemy unit at its destination. They "
     "deal damage equal to their Mights to each other."),
    ("Donnez +3 Puissance à une unité alliée ce tour-ci. Puis choisissez une unité ennemie."
     " Elles s'infligent mutuellement des dégâts égaux à leur Puissance.",
     "Give a friendly unit +3 Might this turn. Then choose an enemy unit. They deal damage "
     "equal to their Mights to each other."),
    ("Infligez 4 dégâts à une unité à un champ de bataille. Piochez 1.",
     "Deal 4 to a unit at a battlefield. Draw 1."),
    ("La première fois qu'une unité alliée meurt pendant votre phase de début chaque tour, "
     "chaque adversaire doit éliminer l'une de ses unités.",
     "The first time a friendly unit dies during your Beginning Phase each turn, each "
     "opponent must kill one of their units."),
    ("Lorsque je conquiers après une attaque, si vous avez assigné 5 dégâts excédentaires "
     "ou plus aux unités ennemies, vous pouvez infliger autant de dégâts à une unité "
     "ennemie.",
     "When I conquer after an attack, if you assigned 5 or more excess damage to enemy "
     "units, you may deal that much to an enemy unit."),
    ("Lorsque j'attaque, vous pouvez déplacer n'importe quel nombre de vos unités jetons "
     "vers ce champ de bataille.",
     "When I attack, you may move any number of your token units to this battlefield."),
    ("Choisissez une unité. Doublez tous les dégâts qui devaient lui être infligés ce "
     "tour-ci.",
     "Choose a unit. Double all damage that would be dealt to it this turn."),
    ("Si une autre unité que vous contrôlez ici devait mourir, si elle a moins de Puissance"
     " que moi, à la place soignez-la, épuisez-la et rappelez-la.",
     "If another unit you control here would die, if it has less Might than me, instead "
     "heal it, exhaust it, and recall it."),
    ("Recyclez 1 de votre défausse : donnez-moi +1 Puissance ce tour-ci.",
     "Recycle 1 from your trash: Give me +1 Might this turn."),
    ("Éliminez une unité attaquante.",
     "Kill an attacking unit."),
    ("Lorsque l'attaquant choisit une unité, piochez 1.",
     "When the attacker chooses a unit, draw 1."),
    ("Étourdissez une unité que vous ne contrôlez pas.",
     "Stun a unit you don't control."),
]


def _reading(result: Classification) -> tuple[list[tuple[str, str, str, bool]], list[str]]:
    """A classification but for the words it quotes: each mention's kind, role, rule and
    whether it rests on 355.10.b's game-action clause; the kinds targeted."""
    return ([(m.kind, m.role.value, m.rule, m.game_action) for m in result.mentions],
            result.targets)


@pytest.mark.parametrize(("french", "english"), SEED_PAIRS + WRITTEN_PAIRS,
                         ids=[f for f, _ in SEED_PAIRS + WRITTEN_PAIRS])
def test_french_classifies_like_its_english_twin(french: str, english: str) -> None:
    got = classify(french, lang="fr")
    assert _reading(got) == _reading(classify(english))
    assert got.mentions, "every pair mentions something"
    for mention in got.mentions:  # quoted from the French text, as written
        assert french[mention.start:mention.start + len(mention.words)] == mention.words
    assert set(got.as_json()) == set(classify(english).as_json())  # the same JSON shape


@pytest.mark.parametrize(("french", "expected"), [
    # the seed: the unit is targeted (355.10), the battlefield only restricts (355.10.b)
    ("Éliminez une unité à un champ de bataille.",
     [("une unité", "target", "355.10"), ("un champ de bataille", "restriction", "355.10.b")]),
    # the seed: the battlefield is chosen and targeted, the units selected (355.10.b, d)
    ("Éliminez toutes les unités à un champ de bataille.",
     [("toutes les unités", "automatic", "355.10.d"),
      ("un champ de bataille", "target", "355.10.b")]),
    # the seed: nothing chosen at all (355.10.d)
    ("Éliminez toutes les unités aux champs de bataille.",
     [("toutes les unités", "automatic", "355.10.d"),
      ("champs de bataille", "restriction", "355.10.b")]),
    # the seed: "your legend" is selected on resolution; a friendly legend is targeted
    ("Préparez votre légende.", [("votre légende", "resolution-choice", "355.10.d")]),
    ("Préparez une légende alliée.", [("une légende alliée", "target", "355.10.d.1")]),
    # the seed: the controller is determined from the unit (355.10.d)
    ("Éliminez une unité ; son contrôleur pioche 2.",
     [("une unité", "target", "355.10"), ("son contrôleur", "automatic", "355.10.d")]),
    # split damage: each unit damage is split among is targeted (355.14.a)
    ("Infligez 5 dégâts répartis entre un nombre quelconque d'unités ennemies aux champs de "
     "bataille.", [("un nombre quelconque d'unités ennemies", "target", "355.14.a"),
                   ("champs de bataille", "restriction", "355.10.b")]),
    # a hidden zone (355.10.a), "must" (355.10.f), other players (355.10.e), pick (355.17)
    ("Jouez une unité de votre main.", [("une unité", "resolution-choice", "355.10.a"),
                                         ("votre main", "restriction", "355.10.b")]),
    ("Vous devez recycler l'une de vos runes.",
     [("l'une de vos runes", "resolution-choice", "355.10.f")]),
    ("Chaque joueur élimine l'une de ses unités.",
     [("Chaque joueur", "automatic", "355.10.d"),
      ("l'une de ses unités", "resolution-choice", "355.10.e")]),
    ("Sélectionnez une unité alliée.", [("une unité alliée", "resolution-choice", "355.17")]),
    # a cost within the instruction (355.10.c.1): "to" is « pour » before a verb
    ("Dépensez une amélioration pour déplacer une unité alliée.",
     [("une amélioration", "cost", "355.10.c.1"), ("une unité alliée", "target", "355.10")]),
])
def test_key_french_instructions_by_hand(french: str, expected: list[tuple[str, str, str]]
                                         ) -> None:
    """Worked out from the rules, not from the English classification."""
    assert [(m.words, m.role.value, m.rule) for m in classify(french, lang="fr").mentions
            ] == expected


# ------------------------------------------------------------------ reading French


def test_accents_in_either_unicode_form_and_without_accents_read_alike() -> None:
    """NFD text (e + a combining accent) reads as NFC and is quoted as given; text typed
    without accents reads too (« a » with no verb before it is « à »)."""
    nfc = "Éliminez une unité alliée à un champ de bataille."
    nfd = unicodedata.normalize("NFD", nfc)
    bare = "Eliminez une unite alliee a un champ de bataille."
    readings = [_reading(classify(text, lang="fr")) for text in (nfc, nfd, bare)]
    assert readings[0] == readings[1] == readings[2] == _reading(
        classify("Kill a friendly unit at a battlefield."))
    assert classify(nfd, lang="fr").mentions[0].words == unicodedata.normalize(
        "NFD", "une unité alliée")


def test_a_is_has_after_a_subject() -> None:
    """« a » is "has" after a subject: « si elle a » is a condition, nothing is chosen at a
    place."""
    assert [t.text for t in grammar_fr.tokens("Si elle a 5 Puissance, piochez 1.")][:3] == [
        "if", "they", "has"]


def test_french_quotes_and_curly_apostrophes() -> None:
    """« » are left out; the official texts' apostrophe (U+2019) elides as "'" does."""
    text = "« Éliminez l\u2019une de vos unités »"
    assert [(m.words, m.role.value, m.rule) for m in classify(text, lang="fr").mentions] == [
        ("l\u2019une de vos unités", "target", "355.10")]  # as "Kill one of your units."


@pytest.mark.parametrize(("text", "words"), [
    ("Éliminez un poisson doré.", "'poisson', 'doré'"),
    ("Éliminez l'ogre.", "'ogre'"),  # the elided article is read, the noun is named
    ("Donnez-nous +2 Puissance.", "'nous'"),  # an imperative's pronoun, without its hyphen
    ("Kill a unit.", "'Kill', 'unit'"),  # English is not French (« a » is "has")
])
def test_words_outside_the_french_grammar_are_named(text: str, words: str) -> None:
    with pytest.raises(GrammarError, match=f"^words not understood: {words}$"):
        classify(text, lang="fr")


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language 'de'"):
        classify("Kill a unit.", lang="de")


def test_every_english_word_of_the_lexicon_is_the_grammars() -> None:
    """The front end only says what the English grammar reads."""
    unknown = {word for english, _ in grammar_fr.LEXICON.values() for word in english
               if not _known(Token(word, 0))}
    assert unknown == set()


def test_a_swapped_word_is_caught_by_the_pairs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read « votre » as "a" and the seed's « Préparez votre légende » no longer matches
    "Ready your legend" (a choice, not a legend selected on resolution)."""
    lexicon = dict(grammar_fr.LEXICON)
    lexicon[("votre",)] = (("a",), grammar_fr.WORD)
    monkeypatch.setattr(grammar_fr, "LEXICON", lexicon)
    broken = [f for f, e in SEED_PAIRS + WRITTEN_PAIRS
              if _reading(classify(f, lang="fr")) != _reading(classify(e))]
    assert "Préparez votre légende" in broken


# ------------------------------------------------------------------ generated instructions

#: (imperative, infinitive, third person) in French and English. Not "buff": the English
#: grammar reads "Each player buffs a unit" with "buffs" a noun.
_VERBS = [(("Éliminez", "éliminer", "élimine"), ("Kill", "kill", "kills")),
          (("Étourdissez", "étourdir", "étourdit"), ("Stun", "stun", "stuns")),
          (("Préparez", "préparer", "prépare"), ("Ready", "ready", "readies")),
          (("Déplacez", "déplacer", "déplace"), ("Move", "move", "moves")),
          (("Épuisez", "épuiser", "épuise"), ("Exhaust", "exhaust", "exhausts")),
          (("Bannissez", "bannir", "bannit"), ("Banish", "banish", "banishes"))]
#: Who acts, and which form of the verb follows.
_MODES = [("", "", 0), ("Vous pouvez ", "You may ", 1), ("Vous devez ", "You must ", 1),
          ("Chaque joueur ", "Each player ", 2), ("Chaque joueur doit ", "Each player must ", 1),
          ("Lorsque vous me jouez, ", "When you play me, ", 0)]
#: Determiners, by number: the French agrees with its noun.
_SINGULAR = [("une", "a"), ("une autre", "another"), ("cette", "that"), ("chaque", "each"),
             ("votre", "your"), ("l'une de vos", "one of your")]
_PLURAL = [("deux", "two"), ("jusqu'à deux", "up to two"), ("toutes les", "all"), ("des", ""),
           ("n'importe quel nombre d'", "any number of"), ("vos", "your"), ("ces", "those"),
           ("toutes les autres", "all other")]
#: Adjectives (French masculine stem: it agrees with « unité », feminine).
_ADJECTIVES = [([], []), (["allié"], ["friendly"]), (["ennemi"], ["enemy"]),
               (["épuisé"], ["exhausted"]), (["ennemi", "épuisé"], ["exhausted", "enemy"])]
_PLACES = [("", ""), (" à un champ de bataille", " at a battlefield"),
           (" aux champs de bataille", " at battlefields"), (" ici", " here"),
           (" au même champ de bataille", " at the same battlefield"),
           (" à chaque emplacement", " at each location"), (" sur un champ de bataille",
                                                             " at a battlefield"),
           (" de votre défausse", " from your trash"), (" de votre main", " from your hand"),
           (" vers la base", " to base"), (" vers un champ de bataille", " to a battlefield")]
_ENDINGS = [(".", "."), (" pour piocher 1.", " to draw 1."), (" ; piochez 1.", "; draw 1.")]


@st.composite
def _twins(draw: st.DrawFn) -> tuple[str, str]:
    """A French instruction of the covered templates and its English twin."""
    verb_fr, verb_en = draw(st.sampled_from(_VERBS))
    mode_fr, mode_en, form = draw(st.sampled_from(_MODES))
    plural = draw(st.booleans())
    det_fr, det_en = draw(st.sampled_from(_PLURAL if plural else _SINGULAR))
    adjs_fr, adjs_en = draw(st.sampled_from(_ADJECTIVES))
    place_fr, place_en = draw(st.sampled_from(_PLACES))
    end_fr, end_en = draw(st.sampled_from(_ENDINGS))
    agreed = [a + ("es" if plural else "e") for a in adjs_fr]
    noun_fr = " ".join(["unités" if plural else "unité", *agreed])
    noun_en = " ".join([*adjs_en, "units" if plural else "unit"])
    verb = verb_fr[form] if mode_fr else verb_fr[0]
    french = f"{mode_fr}{verb} {det_fr}{'' if det_fr.endswith(chr(39)) else ' '}{noun_fr}"
    english = " ".join(w for w in (mode_en + verb_en[form], det_en, noun_en) if w)
    return french + place_fr + end_fr, english + place_en + end_en


@given(_twins())
def test_generated_french_classifies_like_its_english_twin(twins: tuple[str, str]) -> None:
    french, english = twins
    assert _reading(classify(french, lang="fr")) == _reading(classify(english)), twins


_WORDS = sorted({" ".join(key) for key in grammar_fr.LEXICON} | {"poisson", "Zaun", "[Tank]",
                                                                 "5", ",", ".", "«", "\u2019"})


@given(st.lists(st.sampled_from(_WORDS), max_size=12), st.text(max_size=8))
def test_any_french_text_parses_or_is_a_grammar_error(words: list[str], noise: str) -> None:
    """Words of the lexicon in any order, with any characters: read, or refused naming
    words; never another exception."""
    text = " ".join(words) + noise
    try:
        grammar_fr.parse(text)
    except GrammarError as err:
        assert str(err).startswith(("words not understood: ", "no instruction found in "))


# ------------------------------------------------------------------ the command


def _classify(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, Any, str]:
    out = io.StringIO()
    code = main(["classify", *args], out=out)
    err = capsys.readouterr().err
    return code, json.loads(out.getvalue()) if out.getvalue() else None, err


def test_classify_lang_fr(capsys: pytest.CaptureFixture[str]) -> None:
    code, french, _ = _classify(["--lang", "fr", "Éliminez une unité à un champ de bataille."],
                                capsys)
    _, english, _ = _classify(["Kill a unit at a battlefield."], capsys)
    assert code == 0 and french["targets"] == english["targets"] == ["unit"]
    assert [m["words"] for m in french["mentions"]] == ["une unité", "un champ de bataille"]
    assert [{k: v for k, v in m.items() if k not in ("words", "why")}
            for m in french["mentions"]] == [
        {k: v for k, v in m.items() if k not in ("words", "why")} for m in english["mentions"]]
    # under --lang fr the reasons are said in French: the target's 355.10 reason, and the
    # battlefield's, only a location restriction for the unit's choice (355.10.b)
    assert [m["why"] for m in french["mentions"]] == [
        "un objet mentionné choisi pour être affecté, et aucune exception ne s'applique",
        "seulement une restriction d'emplacement pour un autre choix"]


def test_classify_errors_in_french_text_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    """The word at fault as written, in one line, in French under --lang fr."""
    code, _, err = _classify(["--lang", "fr", "Éliminez un poisson doré."], capsys)
    assert code == 2
    assert err == "riftsolve: erreur: classify: mots non compris : 'poisson', 'doré'\n"
    code, _, err = _classify(["--lang", "en", "Kill a fish."], capsys)
    assert code == 2 and err == "riftsolve: error: classify: words not understood: 'fish'\n"


def test_the_environments_language_is_the_default(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """LANGUAGE=fr reads French; an English text it does not read is read as English; an
    explicit --lang fr reads French only."""
    monkeypatch.setenv("LANGUAGE", "fr_FR.UTF-8")
    code, result, _ = _classify(["Éliminez toutes les unités à un champ de bataille."], capsys)
    assert code == 0 and result["targets"] == ["battlefield"]
    code, result, _ = _classify(["Kill all units at a battlefield."], capsys)
    assert code == 0 and result["targets"] == ["battlefield"]
    code, _, err = _classify(["--lang", "fr", "Kill all units at a battlefield."], capsys)
    assert code == 2 and err.count("\n") == 1 and "'Kill'" in err
    monkeypatch.setenv("LANGUAGE", "en")
    code, _, err = _classify(["Éliminez une unité."], capsys)
    assert code == 2 and "'Éliminez'" in err


def test_classify_card_in_french_reads_its_english_text(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    """Cards have English text only: --lang fr classifies it as written (the same words,
    roles and rules; the reasons in French)."""
    french = _classify(["--card", "alpha-strike", "--lang", "fr"], capsys)[1]
    english = _classify(["--card", "alpha-strike", "--lang", "en"], capsys)[1]
    for said in (french, english):
        for mention in said["mentions"]:
            mention.pop("why")
    assert french == english


def test_an_unknown_lang_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _classify(["--lang", "de", "Kill a unit."], capsys)
    assert code == 2
    assert err == "riftsolve: error: --lang: unknown language 'de' (known: en, fr)\n"


def test_lang_before_the_command_reads_french_too(capsys: pytest.CaptureFixture[str]
                                                 ) -> None:
    out = io.StringIO()
    assert main(["--lang", "fr", "classify", "Éliminez une unité."], out=out) == 0
    assert json.loads(out.getvalue())["targets"] == ["unit"]
