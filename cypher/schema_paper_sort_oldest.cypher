// Schema: range index behind papers(orderBy: YEAR_ASC): every paper's sortOldest (its year,
// an undated paper as 9999) then id, so a page reads its papers off the index in order.
// params: none. returns: nothing.
CREATE INDEX paper_sort_oldest IF NOT EXISTS FOR (p:Paper) ON (p.sortOldest, p.id)
