"""The Gymnasium environment under the name agents import (``import riftsolve.gym``): it
lives with the other faces, :mod:`riftsolve.faces.gym`. Needs the ``gym`` extra.

Importing it names the environments for ``gymnasium.make`` (:data:`ENVIRONMENTS`):
``riftsolve/Allocation-v0``, a split's damage dealt a target's share a step
(``MultiDiscrete``: a unit, an amount), and ``riftsolve/AllocationPoints-v0``, a point a
step (``Discrete``), both on the built-in examples they play unless given ``scenarios``.

>>> import gymnasium
>>> from riftsolve.gym import RiftEnv
>>> RiftEnv.__module__
'riftsolve.faces.gym'
>>> env = gymnasium.make("riftsolve/Allocation-v0")
>>> env.spec.id, env.action_space, type(env.unwrapped) is type(env)
('riftsolve/Allocation-v0', MultiDiscrete([  17 1001]), True)
"""

from riftsolve.faces.gym import ENVIRONMENTS as ENVIRONMENTS
from riftsolve.faces.gym import FAMILIES as FAMILIES
from riftsolve.faces.gym import MAX_AMOUNT as MAX_AMOUNT
from riftsolve.faces.gym import POINTS as POINTS
from riftsolve.faces.gym import SCALARS as SCALARS
from riftsolve.faces.gym import SHARES as SHARES
from riftsolve.faces.gym import UNIT_FEATURES as UNIT_FEATURES
from riftsolve.faces.gym import RiftEnv as RiftEnv
from riftsolve.faces.gym import bounds as bounds
from riftsolve.faces.gym import playable_examples as playable_examples
from riftsolve.faces.gym import register

register()
