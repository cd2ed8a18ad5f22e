"""The read side's models, each in its subject's package (the rating list: scoring/ratings/
models.py). Django registers a model when its module is imported, so this module imports them;
code imports each model from the module that defines it."""

from scoring.ratings import models as ratings  # noqa: F401
