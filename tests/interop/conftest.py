"""pytest setup: async tests on anyio's asyncio backend, and a built server binary."""

import pytest

from harness import BINARY


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def pytest_sessionstart(session: pytest.Session) -> None:
    if not BINARY.is_file():
        raise pytest.UsageError(
            f"no server binary at {BINARY}: build it with `cargo build -p gitlab-mcp-server` "
            "or point GITLAB_MCP_SERVER_BIN at one"
        )
