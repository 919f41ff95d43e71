"""The Gymnasium environment under the name agents import (``import riftsolve.gym``): it
lives with the other faces, :mod:`riftsolve.faces.gym`. Needs the ``gym`` extra.

>>> from riftsolve.gym import RiftEnv
>>> RiftEnv.__module__
'riftsolve.faces.gym'
"""

from riftsolve.faces.gym import FAMILIES as FAMILIES
from riftsolve.faces.gym import SCALARS as SCALARS
from riftsolve.faces.gym import UNIT_FEATURES as UNIT_FEATURES
from riftsolve.faces.gym import RiftEnv as RiftEnv
from riftsolve.faces.gym import playable_examples as playable_examples
