# The papergraph API image (used by docker-compose.yml).
FROM python:3.11-slim
ENV PIP_NO_CACHE_DIR=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 PAPERGRAPH_HOME=/var/lib/papergraph
WORKDIR /app
# PyTorch's CPU-only wheel first: papergraph never uses a GPU, and the default (CUDA) build
# adds about 3 GB to the image.
RUN pip install --index-url https://download.pytorch.org/whl/cpu "torch>=2.2"
COPY pyproject.toml README.md ./
COPY graph graph
COPY api api
COPY loaders loaders
COPY papergraph papergraph
COPY cypher cypher
COPY examples examples
RUN pip install . && useradd --system papergraph && mkdir -p /var/lib/papergraph \
    && chown papergraph /var/lib/papergraph
USER papergraph
# Prepare the ranking models at build time (one paper through the extractor), so that the first
# `docker compose up` loads the seed without preparing them.
RUN papergraph extract examples/iclr2025-seed.txt --limit 1 > /dev/null
EXPOSE 8000
CMD ["papergraph", "serve"]
