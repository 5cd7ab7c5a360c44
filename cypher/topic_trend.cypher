// Papers per year mentioning a concept of each topic (its HAS_TOPIC papers), read off the
// counts refresh_topic_trends keeps on it; batched. Years without such a paper are absent (the
// query layer fills them in from year_totals).
// params: $ids: [string]. returns: id, years (list of {year, papers}).
UNWIND $ids AS id
MATCH (t:Topic {id: id})
WITH id, coalesce(t.trendYears, []) AS years, coalesce(t.trendPapers, []) AS papers
RETURN id, [i IN range(0, size(years) - 1) | {year: years[i], papers: papers[i]}] AS years
