// Schema: one Paper per normalised abstract, so the same paper from two sources is one node
// and concurrent loaders cannot duplicate it. params: none. returns: nothing.
CREATE CONSTRAINT paper_match_key IF NOT EXISTS FOR (p:Paper) REQUIRE p.matchKey IS UNIQUE
