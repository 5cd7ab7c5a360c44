"""papergraph's benchmarks: each measures papergraph against a baseline in the same run."""
