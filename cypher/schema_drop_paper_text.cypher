// Schema: drop the full-text index of earlier versions (paper_text over title, label and
// abstract, which scored a title twice through the label); paper_search replaces it.
// params: none. returns: nothing.
DROP INDEX paper_text IF EXISTS
