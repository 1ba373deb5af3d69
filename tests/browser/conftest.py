"""Settings for the browser tests.

* ``stepper_fixture.ipynb`` is the notebook the JupyterLab test opens, not a notebook to
  check with nbval (it is stored without outputs on purpose), so pytest never collects it.
* Each test's report is kept on its item, so fixtures can tell in their teardown whether
  the test failed (and then print the server's log and the browser's console).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import pytest

collect_ignore_glob = ["*.ipynb"]


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[Any]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def test_failed(request: pytest.FixtureRequest) -> Callable[[], bool]:
    """Ask in a teardown: did this test fail (in its setup or its call)?"""

    def failed() -> bool:
        return any(
            getattr(getattr(request.node, f"report_{when}", None), "failed", False) for when in ("setup", "call")
        )

    return failed
