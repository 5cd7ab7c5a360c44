"""docker-compose.yml cannot run here (no Docker engine); check it says what users rely on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parents[2]


def compose() -> dict[str, Any]:
    return dict(yaml.safe_load((REPO / "docker-compose.yml").read_text()))


def test_neo4j_service_is_the_official_5_26_community_image_on_loopback() -> None:
    neo4j = compose()["services"]["neo4j"]
    assert neo4j["image"] == "neo4j:5.26-community"
    assert set(neo4j["ports"]) == {"127.0.0.1:7474:7474", "127.0.0.1:7687:7687"}
    assert neo4j["environment"]["NEO4J_AUTH"].startswith("neo4j/${NEO4J_PASSWORD")
    assert "healthcheck" in neo4j and {"/data", "/logs"} <= {
        v.split(":")[1] for v in neo4j["volumes"]
    }


def test_api_service_runs_papergraph_serve_against_the_neo4j_service() -> None:
    api = compose()["services"]["api"]
    assert api["build"] == "." and api["depends_on"]["neo4j"]["condition"] == "service_healthy"
    env = api["environment"]
    assert env["NEO4J_URI"] == "bolt://neo4j:7687"
    # No public default password: compose refuses to start without NEO4J_PASSWORD.
    assert env["NEO4J_PASSWORD"].startswith("${NEO4J_PASSWORD:?")
    assert compose()["services"]["neo4j"]["environment"]["NEO4J_AUTH"].startswith(
        "neo4j/${NEO4J_PASSWORD:?"
    )
    assert env["PAPERGRAPH_API_HOST"] == "0.0.0.0"  # inside the container; published on loopback
    assert api["ports"] == ["127.0.0.1:8000:8000"]
    dockerfile = (REPO / "Dockerfile").read_text()
    assert 'CMD ["papergraph", "serve"]' in dockerfile and "COPY cypher cypher" in dockerfile
    # The first `docker compose up` answers on the seed: loaded at start, models built in.
    command = " ".join(api["command"])
    assert "papergraph load examples/iclr2025-seed.txt" in command
    assert command.endswith("exec papergraph serve")
    assert (REPO / "examples" / "iclr2025-seed.txt").is_file() and "COPY examples" in dockerfile
    assert "RUN papergraph extract examples/iclr2025-seed.txt" in dockerfile
    assert "download.pytorch.org/whl/cpu" in dockerfile  # no 3 GB of CUDA in a CPU image
