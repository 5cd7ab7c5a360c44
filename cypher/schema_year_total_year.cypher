// Schema: one YearTotal per year (move_year_totals merges on it). params: none. returns: nothing.
CREATE CONSTRAINT year_total_year IF NOT EXISTS FOR (t:YearTotal) REQUIRE t.year IS UNIQUE
