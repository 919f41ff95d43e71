"""The PettingZoo environment under the name agents import (``import
riftsolve.pettingzoo``): it lives with the other faces, :mod:`riftsolve.faces.pettingzoo`.
Needs the ``pettingzoo`` extra.

>>> from riftsolve.pettingzoo import combat_env
>>> env = combat_env()
>>> env.possible_agents, type(env).__module__
(['attacker_0', 'defender_0'], 'riftsolve.faces.pettingzoo')
"""

from riftsolve.faces.pettingzoo import AGENTS as AGENTS
from riftsolve.faces.pettingzoo import REWARDS as REWARDS
from riftsolve.faces.pettingzoo import SCALARS as SCALARS
from riftsolve.faces.pettingzoo import UNIT_FEATURES as UNIT_FEATURES
from riftsolve.faces.pettingzoo import CombatEnv as CombatEnv
from riftsolve.faces.pettingzoo import Observation as Observation
from riftsolve.faces.pettingzoo import combat_env as combat_env
from riftsolve.faces.pettingzoo import combat_examples as combat_examples
from riftsolve.faces.pettingzoo import random_combat as random_combat
