"""The faces: what people and programs meet. The command line
(:mod:`~riftsolve.faces.cli`, started by :mod:`~riftsolve.faces.entry`), the batch
(:mod:`~riftsolve.faces.batch`), the demo (:mod:`~riftsolve.faces.demo`), the page
(:mod:`riftsolve.faces.web`), the rendering of answers (:mod:`~riftsolve.faces.render`,
:mod:`~riftsolve.faces.output`), the ruling (:mod:`~riftsolve.faces.ruling`), the starting
file (:mod:`~riftsolve.faces.starter`) and the Gymnasium environment
(:mod:`~riftsolve.faces.gym`, imported as :mod:`riftsolve.gym`).
"""
