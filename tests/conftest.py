"""Shared test configuration: hypothesis profiles.

``ci`` (the default) keeps the whole suite well under CI's budget; set
``TZCOMPAT_HYPOTHESIS_PROFILE=deep`` for a long differential run.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=False,
)
settings.register_profile(
    "deep",
    max_examples=5000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "dev",
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("TZCOMPAT_HYPOTHESIS_PROFILE", "ci"))
