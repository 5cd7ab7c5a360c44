// Schema: full-text search over papers' title, abstract and author names (authorText), each
// field once, with Lucene's English analyzer (stop words dropped, words stemmed: `models`
// finds `model`). params: none. returns: nothing.
CREATE FULLTEXT INDEX paper_search IF NOT EXISTS FOR (p:Paper) ON EACH [p.title, p.abstract, p.authorText]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
