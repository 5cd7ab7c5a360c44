# The papergraph API image (used by docker-compose.yml).
FROM python:3.11-slim
ENV PIP_NO_CACHE_DIR=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 PAPERGRAPH_HOME=/var/lib/papergraph
WORKDIR /app
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
EXPOSE 8000
CMD ["papergraph", "serve"]
