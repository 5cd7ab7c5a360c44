// Schema: range index behind papers(orderBy: TITLE): the lower-case title or label
// (sortTitle), then newest first and id as ties, so a page reads its papers off the index in
// order (no index serves toLower(title) computed per query). params: none. returns: nothing.
CREATE INDEX paper_sort_title IF NOT EXISTS FOR (p:Paper) ON (p.sortTitle, p.sortNewest, p.id)
