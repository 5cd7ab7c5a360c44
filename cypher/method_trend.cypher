// Papers per year proposing or using each method, read off the counts refresh_trend_counts
// keeps on it; batched. Years without such a paper are absent (the query layer fills them in
// from year_totals). params: $keys: [string]. returns: key, years (list of {year, papers}).
UNWIND $keys AS key
MATCH (m:Method {key: key})
WITH key, coalesce(m.trendYears, []) AS years, coalesce(m.trendPapers, []) AS papers
RETURN key, [i IN range(0, size(years) - 1) | {year: years[i], papers: papers[i]}] AS years
