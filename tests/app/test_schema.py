"""The schema is the truth: Schemathesis generates requests for every operation of /openapi.json
(its examples, coverage, fuzzing and stateful phases; valid and invalid bodies, paths, queries
and headers) and runs all its checks on each answer — no 5xx, every status and content type
documented for that route, every body matching its documented schema (the errors' RFC 9457 problem included),
invalid input rejected, valid input accepted where the API's rules allow, 405 with ``Allow`` for
an undocumented method. Bounded (a fixed number of examples per operation: about half a minute
on two cores, with the stand-in physics of fake_physics.py); the slow test runs six times as many.
"""

from __future__ import annotations

import tempfile
from typing import Any

import fake_physics
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from cueboard.app.guard import Rate
from cueboard.app.server import create_app

LOTS = Rate(per_minute=1e6, burst=100_000)
#: Examples per operation (each phase): the bound of the quick run, and of the long one (slow).
EXAMPLES = 25
LONG = 150

_FOLDER = tempfile.TemporaryDirectory(prefix="cueboard-schema-")
_APP = create_app(f"sqlite:///{_FOLDER.name}/schema.sqlite3", create_rate=LOTS, ai_rate=LOTS)
#: A request the schema allows may still be refused by a game's rules, which a JSON schema cannot
#: state (a setting's range for that game, a stroke while it is the other seat's turn, an unknown
#: match): 404, 409 and 422 are answers to such input, not mismatches of the schema.
CONFIG = SchemathesisConfig.from_dict({"checks": {"positive_data_acceptance": {
    "expected-statuses": ["2xx", "401", "403", "404", "409", "422", "429"]}}})
schema = schemathesis.openapi.from_asgi("/openapi.json", _APP, config=CONFIG)


@pytest.fixture(autouse=True)
def _stand_in_physics(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_physics.install(monkeypatch)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_every_answer_is_what_the_schema_says(case: Any) -> None:
    case.call_and_validate()


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=LONG, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_every_answer_is_what_the_schema_says_at_length(case: Any) -> None:
    """The same with six times the examples."""
    case.call_and_validate()


# the stateful phase: sequences of calls that follow the links Schemathesis finds between the
# operations (a created match's id used by the next call), all checks after each
Workflow = schema.as_state_machine()


def test_sequences_of_calls_keep_to_the_schema() -> None:
    runner = Workflow.TestCase
    runner.settings = settings(max_examples=15, stateful_step_count=8, deadline=None, derandomize=True,
                               suppress_health_check=list(HealthCheck))
    runner("runTest").runTest()
